import Foundation
import InvitesKit
import InvitesModel
import Testing

@testable import InvitesKit

/// The rules of ``ReplyPlan``, one row each: whether an answer owes a reply, who gives it, by
/// which way, when it leaves, and what the user is told.
@Suite struct ReplyPlanTests {
    /// One rule: an invitation, an answer to it, the calendar and the setting, and the plan.
    struct Row: Sendable, CustomTestStringConvertible {
        var rule: String
        var method: Invite.Method = .request
        var source: Invite.Source = .email
        /// Your ATTENDEE line is on the invitation.
        var listed = true
        /// Your ATTENDEE says `RSVP=FALSE`.
        var noReplyAsked = false
        var status: InviteStatus = .pending
        /// Occurrences the organizer cancelled, by key.
        var cancelledOccurrences: [String] = []
        var organizer: String? = "ann@example.org"
        var answer: ReplyPlan.Answer
        var me = MyAddresses(["bob@example.org"])
        var calendar: ReplyPlan.Calendar = .invites
        var policy: SendPolicy = .never
        var route: ReplyPlan.Route
        var notes: [ReplyPlan.Note] = []
        var sending: SendPolicy?

        var testDescription: String { rule }
    }

    static let due = Date(timeIntervalSince1970: 1_717_243_200)
    static let key = "20240617T100000Z"
    static let mail = ReplyPlan.Route.invites(to: "ann@example.org", by: .mail)

    static func placed(_ mode: SchedulingMode, setting: SchedulingMode = .auto, clientAgent: Bool = false)
        -> ReplyPlan.Calendar
    {
        .placed(Responder.Scheduling(mode: mode, setting: setting, clientAgent: clientAgent, calendar: "/cal"))
    }

    static let rows: [Row] = [
        Row(
            rule: "A REQUEST's accept is mailed to the organizer by invites (RFC 5546 §3.2.3)",
            answer: .init(.accepted), route: mail, sending: .never),
        Row(
            rule: "The send setting says when the reply leaves",
            answer: .init(.tentative), policy: .ask, route: mail, sending: .ask),
        Row(
            rule: "--send sends at once whatever the setting",
            answer: .init(.accepted, send: true), policy: .never, route: mail, sending: .always),
        Row(
            rule: "--no-send leaves it queued whatever the setting",
            answer: .init(.declined, send: false), policy: .always, route: mail, sending: .never),
        Row(
            rule: "A comment goes to the organizer as a reply of its own",
            answer: .init(.commented), route: mail, sending: .never),
        Row(
            rule: "A comment kept for yourself owes nothing",
            answer: .init(.commented, toOrganizer: false), route: .none(.kept)),
        Row(
            rule: "An announcement (PUBLISH) asks for no answer",
            method: .publish, answer: .init(.accepted), route: .none(.notRequested)),
        Row(
            rule: "A cancellation recorded from the organizer owes nothing",
            answer: .init(.cancelled), route: .none(.cancellation)),
        Row(
            rule: "RSVP=FALSE: no reply, and the user is told (RFC 5546 §3.2.2)",
            noReplyAsked: true, answer: .init(.accepted), route: .none(.noReplyAsked), notes: [.noReplyAsked]),
        Row(
            rule: "RSVP=FALSE and --send: a reply all the same",
            noReplyAsked: true, answer: .init(.accepted, send: true), route: mail, sending: .always),
        Row(
            rule: "RSVP=FALSE asks nothing of a comment",
            noReplyAsked: true, answer: .init(.commented), route: mail, sending: .never),
        Row(
            rule: "Not an attendee: the reply adds you, and the user is told",
            listed: false, answer: .init(.accepted), route: mail, notes: [.notAnAttendee(address: "bob@example.org")],
            sending: .never),
        Row(
            rule: "Answering for someone the invitation does not list names the first address",
            listed: false, answer: .init(.accepted),
            me: MyAddresses(["bob@example.org"], answeringFor: "anna@example.org"), route: mail,
            notes: [.notAnAttendee(address: "anna@example.org")], sending: .never),
        Row(
            rule: "Answering for someone the invitation lists: their line is yours",
            answer: .init(.accepted),
            me: MyAddresses(["carl@example.org"], answeringFor: "bob@example.org"), route: mail, sending: .never),
        Row(
            rule: "No address of yours: invites still owes the reply, and the calendar copy has no ATTENDEE",
            answer: .init(.accepted), me: MyAddresses([]), route: mail, notes: [.noAddress], sending: .never),
        Row(
            rule: "No address and --no-add: nothing written, nothing said of it",
            answer: .init(.accepted, addToCalendar: false), me: MyAddresses([]), route: mail, sending: .never),
        Row(
            rule: "A declined cancelled invitation is recorded, and said",
            status: .cancelled, answer: .init(.declined), route: mail, notes: [.cancelled], sending: .never),
        Row(
            rule: "A declined cancelled occurrence is recorded, and said",
            cancelledOccurrences: [key], answer: .init(.declined, occurrences: [key]), route: mail,
            notes: [.occurrenceCancelled(key)], sending: .never),
        Row(
            rule: "A push payload's answer goes to its sender's HTTP endpoint",
            source: .push, listed: false, organizer: nil, answer: .init(.accepted), route: .invites(to: nil, by: .http),
            sending: .never),
        Row(
            rule: "A push payload is never told you are not an attendee",
            source: .push, listed: false, answer: .init(.declined), policy: .always,
            route: .invites(to: nil, by: .http), sending: .always),
        Row(
            rule: "No ORGANIZER: invites owes the reply, and composing says it cannot",
            organizer: nil, answer: .init(.accepted), route: .invites(to: nil, by: .mail), sending: .never),
        Row(
            rule: "A proposal goes apart, never as a reply",
            answer: .init(.proposed), route: .none(.apart)),
        Row(
            rule: "A delegation goes apart, never as a reply",
            answer: .init(.delegated), route: .none(.apart)),
        Row(
            rule: "A forward goes apart, never as a reply",
            answer: .init(.forwarded), route: .none(.apart)),
        Row(
            rule: "A REFRESH goes apart, never as a reply",
            answer: .init(.refreshed), route: .none(.apart)),
        Row(
            rule: "The decline beside a delegation has no reply of its own",
            answer: .init(.declined, toOrganizer: false), route: .none(.kept)),
        Row(
            rule: "A server-placed item under server scheduling: the server replies (RFC 6638)",
            source: .calendar, answer: .init(.accepted), calendar: placed(.server), route: .server(calendar: "/cal")),
        Row(
            rule: "The server replies even where RSVP=FALSE: the item changed is what it sees",
            source: .calendar, noReplyAsked: true, answer: .init(.accepted), calendar: placed(.server),
            route: .server(calendar: "/cal"), notes: [.noReplyAsked]),
        Row(
            rule: "SCHEDULE-AGENT=CLIENT on a server-placed item: invites replies (RFC 6638 §7.1)",
            source: .calendar, answer: .init(.accepted), calendar: placed(.client, clientAgent: true), route: mail,
            sending: .never),
        Row(
            rule: "scheduling = client on a server-placed item: invites replies",
            source: .calendar, answer: .init(.tentative), calendar: placed(.client, setting: .client), route: mail,
            sending: .never),
        Row(
            rule: "A server-placed item under client scheduling keeps RSVP=FALSE",
            source: .calendar, noReplyAsked: true, answer: .init(.accepted), calendar: placed(.client),
            route: .none(.noReplyAsked), notes: [.noReplyAsked]),
        Row(
            rule: "A mailed invitation whose server copy is due: the answer waits for it",
            answer: .init(.accepted), calendar: .serverCopyDue(until: due, holding: false), route: .held(until: due)),
        Row(
            rule: "An invitation read from a file waits for the server copy too",
            source: .itip, answer: .init(.declined), calendar: .serverCopyDue(until: due, holding: false),
            route: .held(until: due)),
        Row(
            rule: "--send does not wait for the server copy",
            answer: .init(.accepted, send: true), calendar: .serverCopyDue(until: due, holding: false), route: mail,
            sending: .always),
        Row(
            rule: "--no-add does not wait for the server copy",
            answer: .init(.accepted, addToCalendar: false), calendar: .serverCopyDue(until: due, holding: false),
            route: mail, sending: .never),
        Row(
            rule: "A comment waits only beside a held answer",
            answer: .init(.commented), calendar: .serverCopyDue(until: due, holding: true), route: .held(until: due)),
        Row(
            rule: "A comment alone does not wait",
            answer: .init(.commented), calendar: .serverCopyDue(until: due, holding: false), route: mail,
            sending: .never),
        Row(
            rule: "RSVP=FALSE has nothing to wait for",
            noReplyAsked: true, answer: .init(.accepted), calendar: .serverCopyDue(until: due, holding: false),
            route: .none(.noReplyAsked), notes: [.noReplyAsked]),
        Row(
            rule: "A push payload never waits for a server copy",
            source: .push, answer: .init(.accepted), calendar: .serverCopyDue(until: due, holding: false),
            route: .invites(to: nil, by: .http), sending: .never),
        Row(
            rule: "No address of yours: nothing waits",
            answer: .init(.accepted), me: MyAddresses([]), calendar: .serverCopyDue(until: due, holding: false),
            route: mail, notes: [.noAddress], sending: .never),
    ]

    static func stored(_ row: Row) -> StoredInvite {
        var properties = EventProperties()
        if row.noReplyAsked { properties.noReplyAsked = ["bob@example.org"] }
        let attendees =
            row.listed
            ? [Invite.Attendee(address: "mailto:Bob@Example.org", name: "Bob", partstat: "NEEDS-ACTION", rsvp: true)]
            : []
        let invite = Invite(
            uid: "plan@example.org", title: "Planning", start: due, end: due.addingTimeInterval(3600),
            organizer: row.organizer.map { Invite.Person(name: "Ann", email: $0) }, attendees: attendees,
            method: row.method, source: row.source, raw: Data(), properties: properties)
        let instances = row.cancelledOccurrences.map { key in
            StoredInstance(
                recurrenceID: key,
                organizer: Invite.Instance(recurrenceID: key, title: "Planning", start: due, end: due, cancelled: true),
                message: nil, answer: nil)
        }
        return StoredInvite(
            handle: "a1", invite: invite, status: row.status, receivedAt: due, updatedAt: due, instances: instances)
    }

    @Test(arguments: rows)
    func theRule(_ row: Row) {
        let plan = ReplyPlan.make(
            for: ReplyPlanTests.stored(row), answer: row.answer, me: row.me, calendar: row.calendar, policy: row.policy)
        #expect(plan.route == row.route)
        #expect(plan.notes == row.notes)
        #expect(plan.sending == row.sending)
    }

    /// The Responder looks for a server copy only for an answer that would wait for one.
    @Test(
        "Only an answer that could wait looks for the server's copy",
        arguments: rows.filter { $0.calendar == .serverCopyDue(until: due, holding: false) })
    func onlyAnAnswerThatCouldWaitLooksForTheServerCopy(_ row: Row) {
        let plan = ReplyPlan.make(
            for: ReplyPlanTests.stored(row), answer: row.answer, me: row.me, calendar: .invites, policy: row.policy)
        #expect(plan.couldWait == (row.route == .held(until: ReplyPlanTests.due) || row.answer.action == .commented))
    }

    @Test(arguments: [
        (ReplyPlan.Route.none(.kept), Delivery.none), (.held(until: ReplyPlanTests.due), .held),
        (.server(calendar: "/c"), .server), (ReplyPlanTests.mail, .pending),
    ])
    func theHistoryRecordsWhereTheReplyStands(_ route: ReplyPlan.Route, _ delivery: Delivery) {
        #expect(ReplyPlan(route: route, notes: []).delivery == delivery)
    }
}
