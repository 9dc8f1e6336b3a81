import Foundation
import InvitesModel

/// `review`'s queue as a library value: the invitations to go through, the one at hand, and
/// the answers, proposals and other exchanges (delegating, forwarding, a REFRESH) given to it,
/// through the same ``AnswerController``, ``ProposeController``, ``DelegateController`` and
/// ``ExchangeController`` as the commands; what is said and drawn is the caller's.
///
/// The invitation at hand is read again before anything is done to it (``refresh()``): an
/// answer given to a screen drawn before the organizer's update, or before another `invites`
/// answered it, would be an answer to something the user did not see.
///
/// The controllers are asked for when an answer or a proposal is given, not before: a calendar
/// that cannot be written, or working hours the config gets wrong, are then said on the screen
/// and the review goes on.
package struct ReviewQueue {
    package var store: InboxStore
    /// What sends the replies and proposals, by the review's `send` setting.
    package var dispatcher: Dispatcher
    package var answering: () throws -> AnswerController
    package var proposing: () throws -> ProposeController
    package var delegating: () throws -> DelegateController
    package var exchanging: () throws -> ExchangeController
    /// The invitations, in the order they are reviewed.
    package private(set) var invites: [StoredInvite]
    /// Where the review stands in ``invites``; their count once it is over.
    package private(set) var index = 0
    /// The first invitation was asked for by name and waits for no answer (answered already,
    /// cancelled, over): it is reviewed, and not counted among those still pending.
    package let startsOutside: Bool
    /// Whole answers given, comments given, and pending invitations skipped.
    package private(set) var answered = 0
    package private(set) var commented = 0
    package private(set) var skipped = 0

    /// A queue of `invites` (``pending(_:)`` gives those waiting for an answer), `first` put at
    /// its front when given: the invitation a desktop notification's `show` opened. The
    /// answering controller's `send` setting should be `dispatcher`'s.
    package init(
        store: InboxStore, dispatcher: Dispatcher, answering: @escaping () throws -> AnswerController,
        proposing: @escaping () throws -> ProposeController,
        delegating: @escaping () throws -> DelegateController, exchanging: @escaping () throws -> ExchangeController,
        invites: [StoredInvite], first: StoredInvite? = nil
    ) {
        self.store = store
        self.dispatcher = dispatcher
        self.answering = answering
        self.proposing = proposing
        self.delegating = delegating
        self.exchanging = exchanging
        if let first {
            self.invites = [first] + invites.filter { $0.handle != first.handle }
            startsOutside = !invites.contains { $0.handle == first.handle }
        } else {
            self.invites = invites
            startsOutside = false
        }
    }

    /// What `list` and `status` count as pending (waiting for an answer and not over, no
    /// announcement), the most recently changed first. Stable, so invitations changed in the
    /// same second keep the inbox's newest-first order.
    package static func pending(_ list: ListController) throws -> [StoredInvite] {
        try list.list(statuses: [.pending]).map(\.stored).enumerated().sorted {
            ($0.element.updatedAt, -$0.offset) > ($1.element.updatedAt, -$1.offset)
        }.map(\.element)
    }

    /// The invitation at hand, as last read; `nil` once the review is over.
    package var current: StoredInvite? { index < invites.count ? invites[index] : nil }

    /// Whether the invitation at hand is one of those waiting for an answer.
    package var currentIsQueued: Bool { !(startsOutside && index == 0) }

    /// The pending invitations the review leaves as they were: those not reached, and those
    /// skipped.
    package var left: Int {
        let unreached = max(invites.count - index, 0) - (startsOutside && index == 0 ? 1 : 0)
        return unreached + skipped
    }

    /// Moves on to the next invitation; `false` when there is none.
    package mutating func advance() -> Bool {
        index += 1
        return index < invites.count
    }

    /// Leaves the invitation at hand as it is and moves on; `false` when there is none.
    package mutating func skip() -> Bool {
        if currentIsQueued { skipped += 1 }
        return advance()
    }

    /// Reads the invitation at hand again, as the store has it now.
    @discardableResult
    package mutating func reload() throws -> StoredInvite {
        let stored = try store.resolve(invites[index].handle)
        invites[index] = stored
        return stored
    }

    /// How the invitation at hand changed since it was last read.
    package enum Change: Sendable, Hashable {
        /// Answered meanwhile (by another `invites`): its state now.
        case state(InviteStatus)
        /// The organizer updated it.
        case updated
    }

    /// Reads the invitation at hand again; `nil` when it is as last read, else how it changed
    /// (it is kept as it is now, for the caller to show before anything is done).
    package mutating func refresh() throws -> Change? {
        let before = invites[index]
        let now = try reload()
        guard now != before else { return nil }
        return now.state != before.state ? .state(now.state) : .updated
    }

    /// Answers the invitation at hand (or the occurrence `key`, and with `fromOn` every later one
    /// too, as `--from` does: ``FromWhen``) as the answering commands do, and sends the reply as
    /// the ``AnswerController``'s `send` setting says; counts it. `percent` goes with a task's
    /// progress report (``AnswerAction/inProcess``).
    package mutating func answer(
        _ action: AnswerAction, comment: String?, occurrence key: String?, fromOn: Bool = false, percent: Int? = nil
    ) throws -> AnswerController.Report {
        let answering = try self.answering()
        let keys = try self.keys(key, fromOn: fromOn, answering)
        let report = try answering.answer(
            AnswerController.Request(
                invites[index], action: action, occurrences: .keys(keys), comment: comment, percent: percent,
                now: answering.clock()))
        if action == .commented {
            commented += 1
        } else if key == nil {
            answered += 1
        }
        return report
    }

    /// The occurrence `key` alone, or with `fromOn` it and every later one (``FromWhen``); none
    /// for the whole invitation.
    private func keys(_ key: String?, fromOn: Bool, _ answering: AnswerController) throws -> [String] {
        guard let key else { return [] }
        guard fromOn else { return [key] }
        let picker = OccurrencePicker(
            display: answering.responder.display, me: answering.responder.me, clock: answering.clock)
        return try picker.keys(from: key, of: invites[index])
    }

    /// What an exchange beside an answer did, and what became of the messages it queued (`nil`:
    /// none were, your calendar server sends them).
    package struct Exchanged<Made: Sendable>: Sendable {
        package var made: Made
        package var sending: Dispatcher.Sending?
    }

    /// Delegates the invitation at hand (or the occurrence `key`, from it on with `fromOn`) to
    /// `address` as `delegate` does, and sends as the `send` setting says; a whole delegation
    /// counts as an answer.
    package mutating func delegate(to address: String, comment: String?, occurrence key: String?, fromOn: Bool)
        throws -> Exchanged<DelegateController.Made>
    {
        let delegating = try self.delegating()
        let keys = try self.keys(key, fromOn: fromOn, delegating.answering)
        let made = try delegating.delegate(
            invites[index], to: address, keys: keys, comment: comment, now: delegating.answering.clock())
        if key == nil { answered += 1 }
        // Nothing was queued where the server sends, or while the delegation waits for its copy.
        guard made.entry.delivery != .server, made.heldUntil == nil else { return Exchanged(made: made, sending: nil) }
        return Exchanged(made: made, sending: sendQueued(made.stored.handle))
    }

    /// Forwards the invitation at hand to `address` as `forward` does, and sends as the `send`
    /// setting says.
    package func forward(to address: String, comment: String?) throws -> Exchanged<ExchangeController.Forwarded> {
        let made = try exchanging().forward(invites[index], to: address, comment: comment)
        return Exchanged(made: made, sending: sendQueued(made.stored.handle))
    }

    /// Asks the organizer for the invitation at hand (or its occurrence `key`) as `refresh`
    /// does, and sends as the `send` setting says.
    package func askOrganizer(occurrence key: String?, comment: String?) throws
        -> Exchanged<ExchangeController.Refreshed>
    {
        let made = try exchanging().refresh(invites[index], key: key, comment: comment)
        return Exchanged(made: made, sending: sendQueued(made.stored.handle))
    }

    /// Sends what was queued for `handle` as the `send` setting says. What was queued stands
    /// whatever sending does: a store that fails now is said with it.
    private func sendQueued(_ handle: String) -> Dispatcher.Sending {
        do {
            return try dispatcher.afterQueued(handle, send: nil)
        } catch {
            return .failed(error)
        }
    }

    /// What proposing did, and what became of the COUNTER it queued.
    package struct Proposed: Sendable {
        package var made: ProposeController.Made
        package var sending: Dispatcher.Sending
    }

    /// Proposes a new start for the invitation at hand (or the occurrence `key`) as `propose`
    /// does (`at` as ``ProposedTime`` reads it; `nil` for the first free time), and sends the
    /// COUNTER as the `send` setting says.
    package func propose(at: String?, comment: String?, occurrence key: String?) throws -> Proposed {
        let stored = invites[index]
        let made = try proposing().propose(stored, at: at, key: key, comment: comment)
        return Proposed(made: made, sending: sendQueued(stored.handle))
    }

    /// Sends what waits for the invitation `handle`, after the user said yes to `send = ask`.
    package func send(_ handle: String) throws(StoreError) -> Dispatcher.Run {
        try dispatcher.send(handles: [handle])
    }
}
