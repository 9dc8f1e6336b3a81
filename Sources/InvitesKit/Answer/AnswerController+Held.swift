import Foundation

/// Settling the answers held for your calendar server's copy of a mailed invitation
/// (``Responder/settle(_:now:)``), for every command that opens the store and for `watch`.
extension AnswerController {
    /// One invitation whose held answers were settled.
    public struct Settled: Sendable {
        public var handle: String
        public var title: String
        public var result: Responder.HeldResult
        /// The entries that carry the state, as they now stand.
        public var entries: [HistoryEntry]
        /// Why no reply could be made, where invites was to send one.
        public var notQueued: ReplyError?
        /// What became of the reply invites queued: sent at once only with `send = always`,
        /// since nobody asked for this one and there may be nobody to ask.
        public var sending: DeliveryController.Sending?
    }

    /// Settles every invitation's held answers whose time has come: those whose server copy
    /// a look found, and those that waited longer than `server_wait`. One that cannot be
    /// settled now (its item is being synced, the calendar cannot be written) is handed to
    /// `failed` and stays held, to be tried by the next command.
    public func settleHeld(now: Date, failed: (String, Error) -> Void) throws -> [Settled] {
        guard try store.hasHeldAnswers() else { return [] }
        var settled: [Settled] = []
        let responder = self.responder
        for held in try store.heldAnswers() {
            let done: (result: Responder.HeldResult, entries: [HistoryEntry], notQueued: ReplyError?)
            do {
                guard let result = try responder.settle(held, now: now) else { continue }
                done = result
            } catch {
                failed(held.handle, error)
                continue
            }
            var sending: DeliveryController.Sending?
            if settings.send == .always, done.entries.contains(where: { $0.delivery == .queued }) {
                do {
                    sending = try delivery.afterQueued(held.handle, send: true)
                } catch {
                    sending = .failed(error)
                }
            }
            settled.append(
                Settled(
                    handle: held.handle, title: held.entries.last?.title ?? "", result: done.result,
                    entries: done.entries, notQueued: done.notQueued, sending: sending))
        }
        return settled
    }
}
