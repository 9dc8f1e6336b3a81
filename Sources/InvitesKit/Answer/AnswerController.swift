import Foundation

/// `accept`, `decline`, `tentative` and `comment` as a library call: an answer in, what it did
/// out (the history entries, the calendar change, who tells the organizer, what to tell the
/// user, and whether the reply went), printing nothing.
///
/// The commands, `review` and a desktop notification answer through it, so that an answer
/// given anywhere reaches the calendar, the history and the outbox alike, and leaves by the same
/// `send` setting.
public struct AnswerController {
    /// What the controller answers and sends with.
    public struct Settings: Sendable {
        /// The calendar accepted invitations go into (the first of the `calendar` setting).
        public var calendar: CalendarSource
        public var me: MyAddresses
        public var display: DisplayZone
        /// Where lock files go: inside the home folder.
        public var lockFolder: String
        /// Your name for the replies' From line and ATTENDEE (the `name` setting).
        public var name: String?
        public var scheduling: SchedulingPolicy
        /// How long an answer to a mailed invitation waits for your server's copy.
        public var serverWait: TimeInterval
        /// The `send` setting, for the replies answers queue.
        public var send: SendPolicy
        public var routes: Dispatcher.Routes

        public init(
            calendar: CalendarSource, me: MyAddresses, display: DisplayZone, lockFolder: String, name: String?,
            scheduling: SchedulingPolicy, serverWait: TimeInterval = Responder.defaultServerWait, send: SendPolicy,
            routes: Dispatcher.Routes
        ) {
            self.serverWait = serverWait
            self.calendar = calendar
            self.me = me
            self.display = display
            self.lockFolder = lockFolder
            self.name = name
            self.scheduling = scheduling
            self.send = send
            self.routes = routes
        }
    }

    /// Which occurrences an answer is for; none is the whole invitation.
    public enum Occurrences: Sendable, Hashable {
        /// As the user typed them (`--occurrence WHEN`), found by ``OccurrencePicker``.
        case named([String])
        /// ``RecurrenceKey``s already found.
        case keys([String])
    }

    /// One answer, as the user gave it.
    public struct Request: Sendable {
        public var stored: StoredInvite
        public var action: AnswerAction
        public var occurrences: Occurrences
        public var comment: String?
        /// `false` is `--no-add`: the calendar is left alone.
        public var addToCalendar: Bool
        /// `false` keeps a comment for yourself (`comment --private`): nothing is queued.
        public var toOrganizer: Bool
        /// The user's word for this answer: `true` (`--send`) sends the reply at once, even one
        /// the organizer asked not to get; `false` (`--no-send`) leaves it queued; `nil` follows
        /// the `send` setting.
        public var send: Bool?
        public var now: Date

        public init(
            _ stored: StoredInvite, action: AnswerAction, occurrences: Occurrences = .keys([]), comment: String? = nil,
            addToCalendar: Bool = true, toOrganizer: Bool = true, send: Bool? = nil, now: Date
        ) {
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
    public struct Report: Sendable {
        public var stored: StoredInvite
        public var action: AnswerAction
        /// The keys of the occurrences answered; none for the whole invitation.
        public var occurrences: [String]
        /// The history entries, the calendar change, who replies, and why no reply was queued.
        public var outcome: Responder.Outcome
        /// What the user should know, from the ``ReplyPlan``.
        public var notes: [ReplyPlan.Note]
        /// What became of the reply queued; `nil` when none was (``Responder/Outcome/notQueued``
        /// says why, when one was owed).
        public var sending: Dispatcher.Sending?
    }

    public var store: InboxStore
    public var settings: Settings
    public var clock: @Sendable () -> Date

    public init(store: InboxStore, settings: Settings, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.settings = settings
        self.clock = clock
    }

    /// What records the answers and keeps the calendar in step with them.
    public var responder: Responder {
        Responder(
            store: store, calendar: settings.calendar, me: settings.me, display: settings.display,
            lockFolder: settings.lockFolder, name: settings.name, scheduling: settings.scheduling,
            serverWait: settings.serverWait)
    }

    /// What sends the replies, by the `send` setting.
    public var dispatcher: Dispatcher {
        Dispatcher(store: store, routes: settings.routes, policy: settings.send, clock: clock)
    }

    /// The keys of the occurrences the user named, in the order given.
    public func pick(_ whens: [String], of stored: StoredInvite) throws(OccurrenceError) -> [String] {
        guard !whens.isEmpty else { return [] }
        return try OccurrencePicker(display: settings.display, me: settings.me, clock: clock).keys(
            for: whens, of: stored)
    }

    /// Records the answer, keeps the calendar in step, queues the reply the organizer is owed
    /// and sends it as ``Request/send`` or the `send` setting say. Accepting what the organizer
    /// cancelled is refused (``AnswerError``); a WHEN the series does not have is an
    /// ``OccurrenceError``.
    public func answer(_ request: Request) throws -> Report {
        let stored = request.stored
        let keys: [String]
        switch request.occurrences {
        case .named(let whens): keys = try pick(whens, of: stored)
        case .keys(let given): keys = given
        }
        let outcome = try responder.answer(
            stored, action: request.action, occurrences: keys, comment: request.comment,
            addToCalendar: request.addToCalendar, toOrganizer: request.toOrganizer, send: request.send,
            policy: settings.send, now: request.now)
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
