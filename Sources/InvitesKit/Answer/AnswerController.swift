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
    /// What the controller answers and sends with.
    package struct Settings: Sendable {
        /// The calendar accepted invitations go into (the first of the `calendar` setting).
        package var calendar: CalendarSource
        package var me: MyAddresses
        package var display: DisplayZone
        /// Where lock files go: inside the home folder.
        package var lockFolder: String
        /// Your name for the replies' From line and ATTENDEE (the `name` setting).
        package var name: String?
        package var scheduling: SchedulingPolicy
        /// How long an answer to a mailed invitation waits for your server's copy.
        package var serverWait: TimeInterval
        /// The `send` setting, for the replies answers queue.
        package var send: SendPolicy
        package var routes: Courier.Routes

        package init(
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
        package var now: Date

        package init(
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
    package enum Note: Sendable, Hashable {
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
    package struct Report: Sendable {
        package var stored: StoredInvite
        package var action: AnswerAction
        /// The keys of the occurrences answered; none for the whole invitation.
        package var occurrences: [String]
        /// The history entries, the calendar change, who replies, and why no reply was queued.
        package var outcome: Responder.Outcome
        package var notes: [Note]
        /// What became of the reply queued; `nil` when none was (``Responder/Outcome/notQueued``
        /// says why, when one was owed).
        package var sending: DeliveryController.Sending?
    }

    package var store: InboxStore
    package var settings: Settings
    package var clock: @Sendable () -> Date

    package init(store: InboxStore, settings: Settings, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.settings = settings
        self.clock = clock
    }

    /// What records the answers and keeps the calendar in step with them.
    package var responder: Responder {
        Responder(
            store: store, calendar: settings.calendar, me: settings.me, display: settings.display,
            lockFolder: settings.lockFolder, name: settings.name, scheduling: settings.scheduling,
            serverWait: settings.serverWait)
    }

    /// What sends the replies, by the `send` setting.
    package var delivery: DeliveryController {
        DeliveryController(store: store, routes: settings.routes, policy: settings.send, clock: clock)
    }

    /// The keys of the occurrences the user named, in the order given.
    package func pick(_ whens: [String], of stored: StoredInvite) throws(OccurrenceError) -> [String] {
        guard !whens.isEmpty else { return [] }
        return try OccurrencePicker(display: settings.display, me: settings.me, clock: clock).keys(
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
