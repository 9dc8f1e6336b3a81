import Foundation
import InvitesFormats
import InvitesModel

/// `accept`, `decline`, `tentative` and `comment` as a library call: an answer in, what it did
/// out (the history entries, the calendar change, who tells the organizer, what to tell the
/// user, and whether the reply went), printing nothing.
///
/// The commands, `review` and a desktop notification answer through it, so that an answer
/// given anywhere reaches the calendar, the history and the outbox alike, and leaves by the same
/// `send` setting.
package struct AnswerController {
    /// Which occurrences an answer is for; none is the whole invitation.
    package enum Occurrences: Sendable, Hashable {
        /// As the user typed them (`--occurrence WHEN`), found by ``OccurrencePicker``.
        case named([String])
        /// ``RecurrenceKey``s already found.
        case keys([String])
    }

    /// One answer, as the user gave it.
    package struct Request: Sendable {
        package var stored: StoredInvite
        package var action: AnswerAction
        package var occurrences: Occurrences
        package var comment: String?
        /// `false` is `--no-add`: the calendar is left alone.
        package var addToCalendar: Bool
        /// `false` keeps a comment for yourself (`comment --private`): nothing is queued.
        package var toOrganizer: Bool
        /// The user's word for this answer: `true` (`--send`) sends the reply at once, even one
        /// the organizer asked not to get; `false` (`--no-send`) leaves it queued; `nil` follows
        /// the `send` setting.
        package var send: Bool?
        /// How far along a task is, for ``AnswerAction/inProcess``: 0 to 100.
        package var percent: Int?
        package var now: Date

        package init(
            _ stored: StoredInvite, action: AnswerAction, occurrences: Occurrences = .keys([]), comment: String? = nil,
            addToCalendar: Bool = true, toOrganizer: Bool = true, send: Bool? = nil, percent: Int? = nil, now: Date
        ) {
            self.percent = percent
            self.stored = stored
            self.action = action
            self.occurrences = occurrences
            self.comment = comment
            self.addToCalendar = addToCalendar
            self.toOrganizer = toOrganizer
            self.send = send
            self.now = now
        }
    }

    /// What answering did.
    package struct Report: Sendable {
        package var stored: StoredInvite
        package var action: AnswerAction
        /// The keys of the occurrences answered; none for the whole invitation.
        package var occurrences: [String]
        /// The history entries, the calendar change, who replies, and why no reply was queued.
        package var outcome: Responder.Outcome
        /// What the user should know, from the ``ReplyPlan``.
        package var notes: [ReplyPlan.Note]
        /// What became of the reply queued; `nil` when none was (``Responder/Outcome/notQueued``
        /// says why, when one was owed).
        package var sending: Dispatcher.Sending?
    }

    /// What records the answers and keeps the calendar in step with them, as the
    /// ``ReplyPlan`` says: the calendar, your addresses and name, the `scheduling` and
    /// `server_wait` settings are its.
    package var responder: Responder
    /// What sends the replies, by the `send` setting (its ``Dispatcher/policy``).
    package var dispatcher: Dispatcher
    package var clock: @Sendable () -> Date

    /// Answering into `calendar` as `me` (the rest is the ``Responder``'s), sending by the
    /// `dispatcher`.
    package init(
        store: InboxStore, calendar: CalendarSource, me: MyAddresses, display: DisplayZone, lockFolder: String,
        name: String?, scheduling: SchedulingPolicy, serverWait: TimeInterval = Responder.defaultServerWait,
        dispatcher: Dispatcher, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        responder = Responder(
            store: store, calendar: calendar, me: me, display: display, lockFolder: lockFolder, name: name,
            scheduling: scheduling, serverWait: serverWait)
        self.dispatcher = dispatcher
        self.clock = clock
    }

    package var store: InboxStore { responder.store }

    /// The keys of the occurrences the user named, in the order given.
    package func pick(_ whens: [String], of stored: StoredInvite) throws(OccurrenceError) -> [String] {
        guard !whens.isEmpty else { return [] }
        return try OccurrencePicker(display: responder.display, me: responder.me, clock: clock).keys(
            for: whens, of: stored)
    }

    /// Records the answer, keeps the calendar in step, queues the reply the organizer is owed
    /// and sends it as ``Request/send`` or the `send` setting say. Accepting what the organizer
    /// cancelled is refused (``AnswerError``); a WHEN the series does not have is an
    /// ``OccurrenceError``.
    package func answer(_ request: Request) throws -> Report {
        let stored = request.stored
        let keys: [String]
        switch request.occurrences {
        case .named(let whens): keys = try pick(whens, of: stored)
        case .keys(let given): keys = given
        }
        let outcome = try responder.answer(
            stored, action: request.action, occurrences: keys, comment: request.comment,
            addToCalendar: request.addToCalendar, toOrganizer: request.toOrganizer, send: request.send,
            policy: dispatcher.policy, percent: request.percent, now: request.now)
        var sending: Dispatcher.Sending?
        if outcome.notQueued == nil, outcome.queued != nil, let policy = outcome.plan.sending {
            // The answer stands whatever sending does: a store that fails now is reported
            // with it, not in its place.
            do {
                sending = try dispatcher.afterQueued(stored.handle, by: policy)
            } catch {
                sending = .failed(error)
            }
        }
        return Report(
            stored: stored, action: request.action, occurrences: keys, outcome: outcome, notes: outcome.plan.notes,
            sending: sending)
    }
}
