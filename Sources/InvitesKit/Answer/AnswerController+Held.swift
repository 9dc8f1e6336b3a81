import Foundation
import InvitesModel

/// Settling the answers held for your calendar server's copy of a mailed invitation
/// (``Responder/settle(_:now:)``), for every command that opens the store and for `watch`.
extension AnswerController {
    /// One invitation whose held answers were settled.
    package struct Settled: Sendable {
        package var handle: String
        package var title: String
        package var result: Responder.HeldResult
        /// The entries that carry the state, as they now stand.
        package var entries: [HistoryEntry]
        /// Why no reply could be made, where invites was to send one.
        package var notQueued: ReplyError?
        /// The held answers the organizer overtook before the copy came or the wait ended (the
        /// meeting moved: ``Delivery/outdated``; cancelled: ``Delivery/withdrawn``), never sent.
        package var overtaken: [HistoryEntry] = []
        /// What became of the reply invites queued: sent at once only with `send = always`,
        /// since nobody asked for this one and there may be nobody to ask.
        package var sending: Dispatcher.Sending?
    }

    /// Settles every invitation's held answers whose time has come: those whose server copy
    /// a look found, and those that waited longer than `server_wait`. One that cannot be
    /// settled now (its item is being synced, the calendar cannot be written) is handed to
    /// `failed` and stays held, to be tried by the next command.
    package func settleHeld(now: Date, failed: (String, Error) -> Void) throws -> [Settled] {
        guard try store.hasHeldAnswers() else { return [] }
        var settled: [Settled] = []
        for held in try store.heldAnswers() {
            let done:
                (
                    result: Responder.HeldResult, entries: [HistoryEntry], notQueued: ReplyError?,
                    overtaken: [HistoryEntry]
                )
            do {
                guard let result = try responder.settle(held, now: now) else { continue }
                done = result
            } catch {
                failed(held.handle, error)
                continue
            }
            var sending: Dispatcher.Sending?
            if dispatcher.policy == .always, done.entries.contains(where: { $0.delivery == .queued }) {
                do {
                    sending = try dispatcher.afterQueued(held.handle, send: true)
                } catch {
                    sending = .failed(error)
                }
            }
            settled.append(
                Settled(
                    handle: held.handle, title: held.entries.last?.title ?? "", result: done.result,
                    entries: done.entries, notQueued: done.notQueued, overtaken: done.overtaken, sending: sending))
        }
        return settled
    }

    /// When a held answer is next to be settled without any look finding its copy: the end of
    /// the earliest wait, or `nil` when none is held. `watch` wakes then, for it may be the
    /// only thing running when the wait ends, and nothing in a folder changes to wake it.
    package func nextHeldSettle(now: Date) throws -> Date? {
        guard try store.hasHeldAnswers() else { return nil }
        return AnswerController.nextHeldSettle(
            since: try store.heldAnswers().map(\.since), wait: responder.serverWait, now: now)
    }

    /// How long `watch` waits before it tries again a held answer whose wait is over but which
    /// could not be settled (the calendar locked, the item being written): soon enough for
    /// the reply to go the same hour, late enough not to spin.
    package static let heldRetry: TimeInterval = 60

    /// The end of the earliest of the waits that began at `since`; a wait already over (its
    /// answer could not be settled just now) is tried again ``heldRetry`` from `now`, so that
    /// nothing loops on it.
    package static func nextHeldSettle(since: [Date], wait: TimeInterval, now: Date) -> Date? {
        guard let earliest = since.min() else { return nil }
        let end = earliest.addingTimeInterval(wait)
        return end > now ? end : now.addingTimeInterval(heldRetry)
    }
}
