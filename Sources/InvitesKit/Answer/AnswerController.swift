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
        public var routes: Courier.Routes

        public init(
            calendar: CalendarSource, me: MyAddresses, display: DisplayZone, lockFolder: String, name: String?,
            scheduling: SchedulingPolicy, serverWait: TimeInterval = Responder.defaultServerWait, send: SendPolicy,
            routes: Courier.Routes
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

    /// What the user should know about an answer, for the caller to word.
    public enum Note: Sendable, Hashable {
        /// A decline of an invitation the organizer cancelled: recorded all the same.
        case cancelled
        /// A decline of an occurrence the organizer cancelled (its key): recorded all the same.
        case occurrenceCancelled(String)
        /// The invitation does not list you among its attendees (an invitation to a list?): the
        /// reply adds you as `address`, which the organizer will see.
        case notAnAttendee(address: String)
        /// Your ATTENDEE says `RSVP=FALSE`, so no reply was queued (RFC 5546 §3.2.2);
        /// ``Request/send`` `true` sends one all the same.
        case noReplyAsked
        /// Your address is not set: the calendar copy carries no ATTENDEE for you.
        case noAddress
    }

    /// What answering did.
    public struct Report: Sendable {
        public var stored: StoredInvite
        public var action: AnswerAction
        /// The keys of the occurrences answered; none for the whole invitation.
        public var occurrences: [String]
        /// The history entries, the calendar change, who replies, and why no reply was queued.
        public var outcome: Responder.Outcome
        public var notes: [Note]
        /// What became of the reply queued; `nil` when none was (``Responder/Outcome/notQueued``
        /// says why, when one was owed).
        public var sending: DeliveryController.Sending?
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
    public var delivery: DeliveryController {
        DeliveryController(store: store, routes: settings.routes, policy: settings.send, clock: clock)
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
        var notes: [Note] = []
        // Accepting what was cancelled is refused by the responder; a decline is kept.
        if request.action == .declined {
            if stored.status == .cancelled { notes.append(.cancelled) }
            for key in keys where stored.instance(key)?.isCancelled == true {
                notes.append(.occurrenceCancelled(key))
            }
        }
        var toOrganizer = request.toOrganizer
        if toOrganizer, let note = replyNote(stored, action: request.action, send: request.send == true) {
            notes.append(note)
            toOrganizer = note != .noReplyAsked
        }
        let outcome = try responder.answer(
            stored, action: request.action, occurrences: keys, comment: request.comment,
            addToCalendar: request.addToCalendar, toOrganizer: toOrganizer, hold: request.send != true,
            now: request.now)
        if settings.me.all.isEmpty, request.action != .commented, request.addToCalendar {
            notes.append(.noAddress)
        }
        var sending: DeliveryController.Sending?
        if outcome.notQueued == nil, outcome.queued != nil {
            // The answer stands whatever sending does: a store that fails now is reported
            // with it, not in its place.
            do {
                sending = try delivery.afterQueued(stored.handle, send: request.send)
            } catch {
                sending = .failed(error)
            }
        }
        return Report(
            stored: stored, action: request.action, occurrences: keys, outcome: outcome, notes: notes,
            sending: sending)
    }

    /// What to say before a reply goes to the organizer, if anything. An invitation whose
    /// ATTENDEE for you says `RSVP=FALSE` expects none (RFC 5546 §3.2.2), so none is queued
    /// unless `send` asks for it, as Outlook and Thunderbird send none; answering as an address
    /// the invitation does not list adds you as an attendee, which the user should know before
    /// it reaches the organizer. A comment is always meant for them.
    private func replyNote(_ stored: StoredInvite, action: AnswerAction, send: Bool) -> Note? {
        let me = settings.me
        let invite = stored.invite
        guard action != .commented, invite.expectsReply, invite.source != .push, !me.all.isEmpty else { return nil }
        guard let listed = invite.attendees.first(where: { me.contains($0.address) }) else {
            return .notAnAttendee(address: me.all.sorted().first ?? "")
        }
        guard !send, invite.properties?.noReplyAsked.contains(MyAddresses.normalise(listed.address)) == true else {
            return nil
        }
        return .noReplyAsked
    }
}
