import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// Every invitation and e-mail of `../shared/corpus` (`invites/` and `mail/`) read in-process, each
/// file alone, against expectations that an independent reader agreed with: Python `icalendar`
/// 7.3.2 for the iCalendar and the standard `email` package for the MIME, with its own TZID
/// resolution (embedded VTIMEZONE first, then Windows names mapped to IANA, then IANA; floating
/// times as UTC). Only files on which both readers agree on every field are listed; the files
/// they disagree on are left out on purpose (see the list below the table).
///
/// The corpus is not part of the package; without it the test is skipped.
struct CorpusIngestTests {
    /// One invite a file must give.
    struct Expected: Sendable {
        var uid: String
        var title: String
        /// RFC 3339 UTC (`2018-04-10T16:00:00Z`), or `YYYY-MM-DD` for an all-day invite.
        var start: String
        /// Like `start`; for an all-day invite the exclusive end date, as DTEND writes it.
        var end: String
        /// The organizer's address without `mailto:`, or nil when there is no ORGANIZER.
        var organizer: String?
        var attendees: Int
        /// `REQUEST`, `CANCEL` or `PUBLISH`.
        var method: String
        /// Set when the file carries only instances (RECURRENCE-ID) of the series.
        var recurrenceID: String?

        var allDay: Bool { !start.contains("T") }
    }

    enum Outcome: Sendable {
        /// Not an invitation for an attendee (REPLY, COUNTER, …) or not a usable one.
        case refused
        case invites([Expected])
    }

    struct Entry: Sendable, CustomTestStringConvertible {
        /// Relative to the corpus directory.
        var path: String
        var outcome: Outcome

        init(_ path: String, _ outcome: Outcome) {
            self.path = path
            self.outcome = outcome
        }

        var testDescription: String { path }
    }

    @Test(.enabled(if: Fixture.corpus != nil, "../shared/corpus is not here"), arguments: CorpusIngestTests.cases)
    func readsAsExpected(_ entry: Entry) throws {
        let corpus = try #require(Fixture.corpus)
        let file = URL(fileURLWithPath: corpus).appendingPathComponent(entry.path)
        let data = try Data(contentsOf: file)
        let result: Result<[Invite], IngestError>
        do {
            result = .success(try InviteReader(display: .utc).read(data, file: entry.path))
        } catch {
            result = .failure(error)
        }
        switch (entry.outcome, result) {
        case (.refused, .failure):
            break
        case (.refused, .success(let invites)):
            Issue.record("\(entry.path): should be refused, but gave \(invites.count) invite(s): \(invites.map(\.uid))")
        case (.invites, .failure(let error)):
            Issue.record("\(entry.path): should be read, but was refused: \(error)")
        case (.invites(let expected), .success(let invites)):
            compare(invites, with: expected, in: entry.path)
        }
    }

    /// The components of each invitation as rows of their own: the master, then each instance
    /// with its own title and times, so that expectations name every VEVENT the file invites to.
    private func components(_ invites: [Invite]) -> [Invite] {
        invites.flatMap { invite -> [Invite] in
            let instances = invite.instances.map { instance -> Invite in
                var row = invite
                row.recurrenceID = instance.recurrenceID
                row.title = instance.title
                row.start = instance.start
                row.end = instance.end
                row.dates = instance.dates
                return row
            }
            return invite.recurrenceID == nil ? [invite] + instances : instances
        }
    }

    private func compare(_ invitations: [Invite], with expected: [Expected], in path: String) {
        let invites = components(invitations)
        #expect(
            invites.count == expected.count,
            "\(path): \(invites.count) invite(s) \(invites.map { key($0.uid, $0.recurrenceID) }), expected \(expected.count) \(expected.map { key($0.uid, $0.recurrenceID) })"
        )
        for want in expected {
            let name = "\(path) [\(key(want.uid, want.recurrenceID))]"
            guard let have = invites.first(where: { $0.uid == want.uid && $0.recurrenceID == want.recurrenceID }) else {
                Issue.record("\(name): no such invite; got \(invites.map { key($0.uid, $0.recurrenceID) })")
                continue
            }
            #expect(
                have.title == want.title,
                "\(name): title \(String(reflecting: have.title)), expected \(String(reflecting: want.title))")
            if want.allDay {
                let dates = have.dates.map { "\($0.first.description)..<\($0.endExclusive.description)" }
                #expect(
                    dates == "\(want.start)..<\(want.end)",
                    "\(name): all-day dates \(dates ?? "nil (not all-day: \(RFC3339.utc(have.start))–\(RFC3339.utc(have.end)))"), expected \(want.start)..<\(want.end)"
                )
            } else {
                #expect(have.dates == nil, "\(name): read as all-day, expected a timed invite")
                #expect(
                    RFC3339.utc(have.start) == want.start,
                    "\(name): start \(RFC3339.utc(have.start)), expected \(want.start)")
                #expect(
                    RFC3339.utc(have.end) == want.end, "\(name): end \(RFC3339.utc(have.end)), expected \(want.end)")
            }
            #expect(
                have.organizer?.email == want.organizer,
                "\(name): organizer \(have.organizer?.email ?? "nil"), expected \(want.organizer ?? "nil")")
            #expect(
                have.attendees.count == want.attendees,
                "\(name): \(have.attendees.count) attendee(s), expected \(want.attendees)")
            #expect(
                have.method.rawValue == want.method, "\(name): method \(have.method.rawValue), expected \(want.method)")
        }
    }

    private func key(_ uid: String, _ recurrenceID: String?) -> String {
        recurrenceID.map { "\(uid) @ \($0)" } ?? uid
    }

    static let cases: [Entry] = [
        Entry(
            "invites/apple/node-ical_mixed-timezone-handling.ics",
            .invites([
                // Floating, in a calendar whose X-WR-TIMEZONE is US/Pacific (PST, UTC-8).
                Expected(
                    uid: "1C9439B1-FF65-11D6-9973-003065F99D04",
                    title: "No Timezone",
                    start: "2002-10-28T09:20:30Z", end: "2002-10-29T09:20:30Z", organizer: nil, attendees: 0,
                    method: "REQUEST", recurrenceID: nil),
                Expected(
                    uid: "2C9439B1-FF65-11D6-9973-003065F99D04",
                    title: "UTC Timezone",
                    start: "2002-10-28T01:20:30Z", end: "2002-10-29T01:20:30Z", organizer: nil, attendees: 0,
                    method: "REQUEST", recurrenceID: nil),
                Expected(
                    uid: "3C9439B1-FF65-11D6-9973-003065F99D04",
                    title: "Inline Timezone",
                    start: "2002-10-28T06:20:30Z", end: "2002-10-29T06:20:30Z", organizer: nil, attendees: 0,
                    method: "REQUEST", recurrenceID: nil),
                Expected(
                    uid: "4C9439B1-FF65-11D6-9973-003065F99D04",
                    title: "Date Only (Explicit)",
                    start: "2002-10-28", end: "2002-10-29", organizer: nil, attendees: 0, method: "REQUEST",
                    recurrenceID: nil),
                Expected(
                    uid: "5C9439B1-FF65-11D6-9973-003065F99D04",
                    title: "Date Only (Implicit)",
                    start: "2002-10-28", end: "2002-10-29", organizer: nil, attendees: 0, method: "REQUEST",
                    recurrenceID: nil),
            ])),
        Entry(
            "invites/apple/nylas_event_with_no_participants.ics",
            .invites([
                Expected(
                    uid: "8153F823-B9F1-4BE0-ADFB-5FEEB01C08A9",
                    title: "An all-day meeting about meetings",
                    start: "2015-03-16", end: "2015-03-17",
                    organizer:
                        "2_HEZDSOJZGEZTSMJZGI4TSOJRGNOIFYHPYTDQMCIAF5U2J7KGUYDTWMZSMEX4QJ23ABSXJO6RJCXDA@imip.me.com",
                    attendees: 0, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/apple/nylas_event_without_sequence.ics",
            .invites([
                Expected(
                    uid: "8153F823-B9F1-4BE0-ADFB-5FEEB01C08A9",
                    title: "An all-day meeting about meetings",
                    start: "2015-03-16", end: "2015-03-17",
                    organizer:
                        "2_HEZDSOJZGEZTSMJZGI4TSOJRGNOIFYHPYTDQMCIAF5U2J7KGUYDTWMZSMEX4QJ23ABSXJO6RJCXDA@imip.me.com",
                    attendees: 0, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/apple/nylas_icloud_cancelled1.ics",
            .invites([
                Expected(
                    uid: "5919D444-7C99-4687-A526-FC5D10091318",
                    title: "New Era",
                    start: "2015-03-31T02:30:00Z", end: "2015-03-31T03:30:00Z", organizer: "2_addr@imip.me.com",
                    attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/apple/nylas_icloud_cancelled2.ics",
            .invites([
                Expected(
                    uid: "5919D444-7C99-4687-A526-FC5D10091318",
                    title: "New Era",
                    start: "2015-03-31T02:30:00Z", end: "2015-03-31T03:30:00Z", organizer: "invalid@example.com",
                    attendees: 1, method: "CANCEL", recurrenceID: nil)
            ])),
        Entry(
            "invites/apple/nylas_icloud_oneday_event.ics",
            .invites([
                Expected(
                    uid: "8153F823-B9F1-4BE0-ADFB-5FEEB01C08A9",
                    title: "An all-day meeting about meetings",
                    start: "2015-03-16", end: "2015-03-17",
                    organizer:
                        "2_HEZDSOJZGEZTSMJZGI4TSOJRGNOIFYHPYTDQMCIAF5U2J7KGUYDTWMZSMEX4QJ23ABSXJO6RJCXDA@imip.me.com",
                    attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/apple/nylas_iphone_through_exchange.ics",
            .invites([
                Expected(
                    uid: "091BD1D08D29478193C4AD1C0E60965400000000000000000000000000000000",
                    title: "Nouvel ?v?nement",
                    start: "2014-12-27T15:00:00Z", end: "2014-12-27T16:00:00Z",
                    organizer: "inbox.apptest2@inboxapp.onmicrosoft.com", attendees: 1, method: "REQUEST",
                    recurrenceID: nil)
            ])),
        Entry(
            "invites/apple/nylas_multiple_events.ics",
            .invites([
                Expected(
                    uid: "8153F823-B9F1-4BE0-ADFB-5FEEB01C08A9",
                    title: "An all-day meeting about meetings",
                    start: "2015-03-16", end: "2015-03-17",
                    organizer:
                        "2_HEZDSOJZGEZTSMJZGI4TSOJRGNOIFYHPYTDQMCIAF5U2J7KGUYDTWMZSMEX4QJ23ABSXJO6RJCXDA@imip.me.com",
                    attendees: 0, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/evolution/eds_invite-1.ics",
            .invites([
                Expected(
                    uid: "invite",
                    title: "Invite",
                    start: "2017-03-21T12:00:00Z", end: "2017-03-21T13:00:00Z", organizer: "organizer@no.where",
                    attendees: 1, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry("invites/evolution/eds_invite-2.ics", .refused),
        Entry(
            "invites/evolution/eds_invite-3.ics",
            .invites([
                Expected(
                    uid: "invite",
                    title: "Invite (modified)",
                    start: "2017-03-21T13:00:00Z", end: "2017-03-21T14:00:00Z", organizer: "organizer@no.where",
                    attendees: 1, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/evolution/eds_invite-4.ics",
            .invites([
                Expected(
                    uid: "invite",
                    title: "Invite (modified)",
                    start: "2017-03-21T13:00:00Z", end: "2017-03-21T14:00:00Z", organizer: "organizer@no.where",
                    attendees: 1, method: "CANCEL", recurrenceID: nil)
            ])),
        Entry(
            "invites/evolution/eds_invite-5.ics",
            .invites([
                Expected(
                    uid: "invite-detached",
                    title: "Recurring invite",
                    start: "2018-04-25", end: "2018-04-26", organizer: "organizer@no.where", attendees: 1,
                    method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/evolution/eds_invite-6.ics",
            .invites([
                Expected(
                    uid: "invite-detached",
                    title: "Detached instance of recurring invite",
                    start: "2018-05-02T13:00:00Z", end: "2018-05-02T13:30:00Z", organizer: "organizer@no.where",
                    attendees: 1, method: "REQUEST", recurrenceID: "2018-05-02T00:00:00Z")
            ])),
        Entry(
            "invites/evolution/eds_invite-7.ics",
            .invites([
                Expected(
                    uid: "invite-detached",
                    title: "Detached instance of recurring invite",
                    start: "2018-05-02T13:00:00Z", end: "2018-05-02T13:30:00Z", organizer: "organizer@no.where",
                    attendees: 1, method: "REQUEST", recurrenceID: "2018-05-02T00:00:00Z"),
                Expected(
                    uid: "invite-detached",
                    title: "Another detached instance of recurring invite",
                    start: "2018-05-09T14:00:00Z", end: "2018-05-09T14:30:00Z", organizer: "organizer@no.where",
                    attendees: 1, method: "REQUEST", recurrenceID: "2018-05-09T00:00:00Z"),
            ])),
        Entry(
            "invites/google/nylas_bogus_sequence_number.ics",
            .invites([
                Expected(
                    uid: "234252cccc@google.com",
                    title: "Spot le chien",
                    start: "2015-04-01T14:00:00Z", end: "2015-04-01T14:30:00Z", organizer: "test2@example.com",
                    attendees: 1, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/google/nylas_gcal_recur.ics",
            .invites([
                Expected(
                    uid: "flg2h6nam1cb1uqetgfkslrfrc@google.com",
                    title: "Weekly Planning Meeting",
                    start: "2015-01-12T21:30:00Z", end: "2015-01-12T22:30:00Z", organizer: "foobar@nilas.com",
                    attendees: 5, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/google/nylas_gcal_v1.ics",
            .invites([
                Expected(
                    uid: "jvbroggos139aumnj4p5og9rd0@google.com",
                    title: "the Strokes",
                    start: "2015-03-19T23:30:00Z", end: "2015-03-20T00:30:00Z", organizer: "karim@nilas.com",
                    attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/google/nylas_gcal_v2.ics",
            .invites([
                Expected(
                    uid: "jvbroggos139aumnj4p5og9rd0@google.com",
                    title: "the Strokes",
                    start: "2015-03-19T23:30:00Z", end: "2015-03-20T00:30:00Z", organizer: "karim@nilas.com",
                    attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/google/nylas_google_cancelled1.ics",
            .invites([
                Expected(
                    uid: "c74p2nmutcd0kt69ku7rs8vu2g@google.com",
                    title: "Buffalo Buffalo",
                    start: "2015-04-01T14:00:00Z", end: "2015-04-01T15:00:00Z",
                    organizer: "inboxapptest.french@gmail.com", attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/google/nylas_google_cancelled2.ics",
            .invites([
                Expected(
                    uid: "c74p2nmutcd0kt69ku7rs8vu2g@google.com",
                    title: "Buffalo Buffalo",
                    start: "2015-04-01T14:00:00Z", end: "2015-04-01T15:00:00Z",
                    organizer: "inboxapptest.french@gmail.com", attendees: 2, method: "CANCEL", recurrenceID: nil)
            ])),
        Entry("invites/google/nylas_invalid_rsvp.ics", .refused),
        Entry("invites/google/nylas_invalid_rsvp2.ics", .refused),
        Entry(
            "invites/google/nylas_invite.ics",
            .invites([
                Expected(
                    uid: "3f449c2mddkrkat2e803koqgt8@google.com",
                    title: "test recurring event",
                    start: "2014-08-10", end: "2014-08-11", organizer: "charles@inboxapp.com", attendees: 4,
                    method: "REQUEST", recurrenceID: nil)
            ])),
        Entry("invites/google/nylas_invite_w_rsvps2.ics", .refused),
        Entry("invites/google/nylas_invite_w_rsvps3.ics", .refused),
        Entry("invites/google/nylas_invite_w_rsvps_4.ics", .refused),
        Entry(
            "invites/google/nylas_multiple_summaries.ics",
            .invites([
                Expected(
                    uid: "jvbogoss39aumnj4p5og9rd0@google.com",
                    title: "The Strokes",
                    start: "2015-03-19T23:30:00Z", end: "2015-03-20T00:30:00Z", organizer: "test@nilas.com",
                    attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/google/nylas_self_sent_v1.ics",
            .invites([
                Expected(
                    uid: "burgos@google.com",
                    title: "the Strokes",
                    start: "2015-03-19T23:30:00Z", end: "2015-03-20T00:30:00Z", organizer: "inboxapptest@gmail.com",
                    attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/google/nylas_self_sent_v2.ics",
            .invites([
                Expected(
                    uid: "burgos@google.com",
                    title: "the Strokes",
                    start: "2015-03-19T23:30:00Z", end: "2015-03-20T00:30:00Z", organizer: "inboxapptest@gmail.com",
                    attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/lotus/ical4j_calconnect.ics",
            .invites([
                Expected(
                    uid: "E88157FE01BE8A5C85256FDB006EBCC3-Lotus_Notes_Generated",
                    title: "5 day daily repeating meeting",
                    start: "2005-04-11T13:00:00Z", end: "2005-04-11T14:00:00Z", organizer: "iCalChair@coffeebean.com",
                    attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/lotus/ical4j_calconnect2.ics",
            .invites([
                Expected(
                    uid: "E88157FE01BE8A5C85256FDB006EBCC3-Lotus_Notes_Generated",
                    title: "5 day daily repeating meeting",
                    start: "2005-04-11T14:00:00Z", end: "2005-04-11T15:00:00Z", organizer: "iCalChair@coffeebean.com",
                    attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/lotus/ical4j_calconnect8.ics",
            .invites([
                Expected(
                    uid: "6BA1ECA4D58B306C85256FDB0071B664-Lotus_Notes_Generated",
                    title: "More complicated stream (5 day recurring)",
                    start: "2005-04-25T13:00:00Z", end: "2005-04-25T13:30:00Z", organizer: "iCalChair@coffeebean.com",
                    attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/lotus/ical4j_calconnect9.ics",
            .invites([
                Expected(
                    uid: "6BA1ECA4D58B306C85256FDB0071B664-Lotus_Notes_Generated",
                    title: "More complicated stream (5 day recurring)",
                    start: "2005-04-25T13:00:00Z", end: "2005-04-25T13:15:00Z", organizer: "iCalChair@coffeebean.com",
                    attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry("invites/other/pyicalendar_davmail_freebusy_reply.ics", .refused),
        Entry(
            "invites/other/pyicalendar_property_params_blackberry.ics",
            .invites([
                Expected(
                    uid: "XRIMCAL-628059586-522954492-9750559",
                    title: "Test meeting from BB",
                    start: "2012-08-14", end: "2012-08-15", organizer: "rembrand@daxlab.com", attendees: 3,
                    method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/outlook/gcalcli_vv.ics",
            .invites([
                Expected(
                    uid:
                        "040000008200E00074C5B7101A82E0080000000010FAD95E7008D40100000000000000001000000053FEBBF5E4391447865D627F95C692CE",
                    title: "גישה לשרתי  ssh",
                    start: "2018-07-01T10:00:00Z", end: "2018-07-01T10:30:00Z", organizer: "shmuel@bgu.ac.il",
                    attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/outlook/ical4j_2207678.ics",
            .invites([
                Expected(
                    uid:
                        "040000008200E00074C5B7101A82E00800000000C0CA27559A38C9010000000000000000100000001E9AFCA9DCE51242AB306C53D7095851",
                    title: "Scheduled Reboot",
                    start: "2008-10-31T01:30:00Z", end: "2008-10-31T01:40:00Z", organizer: nil, attendees: 0,
                    method: "PUBLISH", recurrenceID: nil)
            ])),
        Entry(
            "invites/outlook/ical4j_Session6.ics",
            .invites([
                Expected(
                    uid:
                        "040000008200E00074C5B7101A82E00800000000B036B088A7E8C601000000000000000010000000F6E9BBD8393FE04E9FB949C12B24C7F9",
                    title: "Session #6:  Signature distribution overview",
                    start: "2007-03-14T17:00:00Z", end: "2007-03-14T18:00:00Z", organizer: nil, attendees: 0,
                    method: "PUBLISH", recurrenceID: nil)
            ])),
        Entry(
            "invites/outlook/ical4j_outlook1.ics",
            .invites([
                Expected(
                    uid: "9177c616-46dc-4755-bab1-5fdfecd31b6b",
                    title: "Event from outlook 2",
                    start: "2014-01-31T21:30:00Z", end: "2014-01-31T22:30:00Z", organizer: "abc@outlook.com",
                    attendees: 1, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/outlook/ical4j_tmeher.ics",
            .invites([
                Expected(
                    uid: "CD0000008B9511D182D800C04FB1625D17D373499F99F547A0016BEAC6AB5576",
                    title: "Now with descriptoin",
                    start: "2004-10-12T05:30:00Z", end: "2004-10-12T07:00:00Z",
                    organizer: "meher.tendjoukian@verdisoft.com", attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/outlook/ical4j_tz_outlook2.ics",
            .invites([
                Expected(
                    uid: "181547ec-4781-453c-a50f-2064f46fa118",
                    title: "Rec from outlook",
                    start: "2014-02-21T23:00:00Z", end: "2014-02-22T00:00:00Z", organizer: "begendatest01@outlook.com",
                    attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry("invites/outlook/ics-parser_issue-343.ics", .refused),
        Entry("invites/outlook/mutt-ics_sample1.ics", .refused),
        Entry("invites/outlook/mutt-ics_sample2.ics", .refused),
        Entry("invites/outlook/mutt-ics_sample3.ics", .refused),
        Entry(
            "invites/outlook/nylas_invite_w_rsvps1.ics",
            .invites([
                Expected(
                    uid:
                        "040000008200E00074C5B7101A82E00800000000F9125A30B06BD0010000000000000000100000009D791C7548BFD144BFA54F14213CAD25",
                    title: "Spot le chien",
                    start: "2015-04-01T14:00:00Z", end: "2015-04-01T14:30:00Z", organizer: "test2@example.com",
                    attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "invites/outlook/nylas_windows_event.ics",
            .invites([
                Expected(
                    uid:
                        "040000008200E00074C5B7101A82E008000000005853D6D90C4BD0010000000000000000100000000827DA11FE47F5489049C8464AB0838A",
                    title: "Pommes",
                    start: "2015-02-20T08:30:00Z", end: "2015-02-20T09:00:00Z",
                    organizer: "inbox.apptest2@inboxapp.onmicrosoft.com", attendees: 1, method: "REQUEST",
                    recurrenceID: nil)
            ])),
        Entry("invites/outlook/pyicalendar_issue_165_missing_event.ics", .refused),
        Entry(
            "invites/outlook/pyicalendar_timezone_same_start.ics",
            .invites([
                Expected(
                    uid: "040000008200E00074C5B7101A82E0080000000090E19664858ED20100000000000000",
                    title: "Test 4",
                    start: "2017-02-24T20:00:00Z", end: "2017-02-24T20:30:00Z", organizer: nil, attendees: 0,
                    method: "REQUEST", recurrenceID: nil)
            ])),
        Entry("invites/outlook/ruby-icalendar_counter_tz_store_param_bug.ics", .refused),
        Entry(
            "invites/yahoo/ical4j_yahoo1.ics",
            .invites([
                Expected(
                    uid: "19df7f27-3f11-4c04-bf80-9df63e1be04d",
                    title: "ABCyahoo",
                    start: "2014-01-30T14:00:00Z", end: "2014-01-30T14:30:00Z", organizer: "abc@yahoo.com",
                    attendees: 1, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "mail/apple/nylas_raw_message_with_ical_invite.eml",
            .invites([
                Expected(
                    uid: "65BEB44C-9B9F-4DE3-BA5F-8153629CA077",
                    title: "Nilas test drive",
                    start: "2015-03-16T05:00:00Z", end: "2015-03-16T06:00:00Z",
                    organizer:
                        "2_HAYTGMJXGI3DIMBTHAYTGMJXGKQXKTOWBNTDXZA5J7OK4X6H4WQSKBCGMGAIWVI2XHKVXSSZNU4D4@imip.me.com",
                    attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "mail/google/nextcloud_mail_request_google.eml",
            .invites([
                Expected(
                    uid: "69d4c40b4a274636bf23517938df9673@example.org",
                    title: "Imip Testing",
                    start: "2025-02-20T18:00:00Z", end: "2025-02-20T19:00:00Z", organizer: "alice@example.org",
                    attendees: 3, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "mail/google/thunderbird_meet-meeting-invite.eml",
            .invites([
                Expected(
                    uid: "65m17hsdolmotv3kvmrtg40ont@google.com",
                    title: "Meeeeet me HTML",
                    start: "2021-03-22T09:30:00Z", end: "2021-03-22T10:30:00Z", organizer: "example@gmail.com",
                    attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "mail/outlook/nextcloud_mail_request_outlook_com.eml",
            .invites([
                Expected(
                    uid: "1F0BD3F6FEFC421AAA5BE992D6992B6A",
                    title: "Imip Testing",
                    start: "2025-02-26T07:00:00Z", end: "2025-02-26T07:30:00Z", organizer: "alice@example.org",
                    attendees: 1, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "mail/outlook/thunderbird_outlook-test-invite.eml",
            .invites([
                Expected(
                    uid:
                        "030000008200E00074C5B7101A82E0080000000060B608D090DDD7010000000000000000100000004BE0CFFA54BCF64E956E34143362C3C0",
                    title: "Testaus",
                    start: "2021-11-27T07:00:00Z", end: "2021-11-27T07:30:00Z", organizer: "marge@example.org",
                    attendees: 1, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "mail/outlook/zimbra_TestMailRaw_appt14.eml",
            .invites([
                Expected(
                    uid:
                        "040000008200E00074C5B7101A82E00800000000F0BC424F5761C5010000000000000000100000002C10E79C9140CF41B7E18816DF121033",
                    title: "Recurring every Monday 4am - 5am",
                    start: "2005-05-23T11:00:00Z", end: "2005-05-23T12:00:00Z", organizer: "tom@example.zimbra.com",
                    attendees: 1, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "mail/outlook/zimbra_TestMailRaw_invite1.eml",
            .invites([
                Expected(
                    uid: "{CFEE0F33-6DA8-45E9-8F86-F86D63BBCAAA}",
                    title: "Doc Meeting",
                    start: "2005-03-11T18:30:00Z", end: "2005-03-11T19:30:00Z", organizer: "smith@example.zimbra.com",
                    attendees: 1, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "mail/outlook/zimbra_TestMailRaw_invite2.eml",
            .invites([
                Expected(
                    uid: "{07D71CD2-7DC8-416B-B85B-6ADD2C075B06}",
                    title: "Customer Conf Call",
                    start: "2005-03-11T18:30:00Z", end: "2005-03-11T19:00:00Z", organizer: "smith@example.zimbra.com",
                    attendees: 1, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry("mail/outlook/zimbra_bug-69862-reply.eml", .refused),
        Entry(
            "mail/outlook/zimbra_bug_45331.eml",
            .invites([
                Expected(
                    uid:
                        "041000008200E00074C5B7101A82E0080000000000E8B0F815A5CA01000000000000000010000000EA075A61ADE9284F85949CD39FACEEF4",
                    title: "автор автор автор",
                    start: "2010-02-03T17:00:00Z", end: "2010-02-03T17:30:00Z",
                    organizer: "av1@zmmighp-vm2.delhi.corp.yahoo.com", attendees: 1, method: "REQUEST",
                    recurrenceID: nil)
            ])),
        Entry(
            "mail/teams/thunderbird_teams-meeting-invite.eml",
            .invites([
                Expected(
                    uid:
                        "056000008200E00074C5B7101A82E008000000001AF84C64CBC8D601000000000000000010000000403B5AC10A0EB444A947D2B499A4B98C",
                    title: "Teams meeting",
                    start: "2020-12-02T17:00:00Z", end: "2020-12-02T19:00:00Z", organizer: "marge@example.com",
                    attendees: 2, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "mail/thunderbird/tb_exception-major.eml",
            .invites([
                Expected(
                    uid: "02e79b96",
                    title: "Repeat Event",
                    start: "2022-03-17T05:00:00Z", end: "2022-03-17T05:30:00Z", organizer: "sender@example.com",
                    attendees: 3, method: "REQUEST", recurrenceID: "2022-03-17T11:00:00Z")
            ])),
        Entry(
            "mail/thunderbird/tb_exception-minor.eml",
            .invites([
                Expected(
                    uid: "02e79b96",
                    title: "Exception title",
                    start: "2022-03-17T11:00:00Z", end: "2022-03-17T11:30:00Z", organizer: "sender@example.com",
                    attendees: 3, method: "REQUEST", recurrenceID: "2022-03-17T11:00:00Z")
            ])),
        Entry(
            "mail/thunderbird/tb_ext_invite_no_method.eml",
            .invites([
                Expected(
                    uid: "36138BFC6A7B03EFC2258776003DB5C5",
                    title: "",
                    start: "2021-10-26T09:00:00Z", end: "2021-10-26T10:00:00Z", organizer: nil, attendees: 0,
                    method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "mail/thunderbird/tb_message-containing-event.eml",
            .invites([
                Expected(
                    uid: "20160824T204000Z-568860280@example.com",
                    title: "Haircut",
                    start: "2016-09-01T06:25:00Z", end: "2016-09-01T06:50:00Z", organizer: "someone@example.com",
                    attendees: 0, method: "PUBLISH", recurrenceID: nil)
            ])),
        Entry(
            "mail/thunderbird/tb_message-non-invite.eml",
            .invites([
                Expected(
                    uid: "1e5fd4e6-bc52-439c-ac76-40da54f57c77@secure.example.com",
                    title: "Party at John's house, Helsinki",
                    start: "2021-11-29T08:55:00Z", end: "2021-11-29T09:00:00Z", organizer: "noreply@example.com",
                    attendees: 0, method: "PUBLISH", recurrenceID: nil)
            ])),
        Entry(
            "mail/thunderbird/tb_repeat-event.eml",
            .invites([
                Expected(
                    uid: "02e79b96",
                    title: "Repeat Event",
                    start: "2022-03-16T11:00:00Z", end: "2022-03-16T11:30:00Z", organizer: "sender@example.com",
                    attendees: 3, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "mail/thunderbird/tb_repeat-update-major.eml",
            .invites([
                Expected(
                    uid: "02e79b96",
                    title: "Repeat Event",
                    start: "2022-03-16T05:00:00Z", end: "2022-03-16T05:30:00Z", organizer: "sender@example.com",
                    attendees: 3, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "mail/thunderbird/tb_repeat-update-minor.eml",
            .invites([
                Expected(
                    uid: "02e79b96",
                    title: "Updated Event",
                    start: "2022-03-16T11:00:00Z", end: "2022-03-16T11:30:00Z", organizer: "sender@example.com",
                    attendees: 3, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "mail/zimbra/zimbra_ChangeMeetingRequest_WO_Rsvp.eml",
            .invites([
                Expected(
                    uid: "ad22c92b-680c-436b-98b0-def254c953d5",
                    title: "test111yes - changed",
                    start: "2017-12-14T05:16:00Z", end: "2017-12-14T05:45:00Z", organizer: "org@testdomain.com",
                    attendees: 1, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "mail/zimbra/zimbra_NewMeetingRequest_RsvpFalse.eml",
            .invites([
                Expected(
                    uid: "8282cdfc-a5a6-4ed4-84e2-be12c2bc4af8",
                    title: "Party",
                    start: "2017-12-12T01:00:00Z", end: "2017-12-12T01:30:00Z", organizer: "org@testdomain.com",
                    attendees: 1, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "mail/zimbra/zimbra_NewMeetingRequest_RsvpTrue.eml",
            .invites([
                Expected(
                    uid: "8282cdfc-a5a6-4ed4-84e2-be12c2bc4af8",
                    title: "Party",
                    start: "2017-12-12T01:00:00Z", end: "2017-12-12T01:30:00Z", organizer: "org@testdomain.com",
                    attendees: 1, method: "REQUEST", recurrenceID: nil)
            ])),
        Entry(
            "mail/zimbra/zimbra_bug-69862-invite.eml",
            .invites([
                Expected(
                    uid: "5baee2a1-9064-4356-9b3c-f56b02050088",
                    title: "from ajax 1",
                    start: "2012-04-24T23:00:00Z", end: "2012-04-25T00:00:00Z", organizer: "test@zimbra.com",
                    attendees: 1, method: "REQUEST", recurrenceID: nil)
            ])),
    ]

    // Left out, because invites and the Python reader disagree (or agree on something RFC 5546
    // says is wrong); add them back once decided:
    // - mail/other/libical_complex-mime.eml: DTEND "199706211T173000Z" is not a DATE-TIME;
    //   invites ignores it and gives a zero-length invite, Python rejects the value.
    // - mail/outlook/zimbra_TestMailRaw_appt1.eml: bare-CR line ends with one CRLF among them;
    //   invites finds no calendar part, Python reads "Test cross day" 2005-05-20T00:00:00Z–22:00:00Z.
    // - mail/thunderbird/tb_single-event.eml, tb_update-minor.eml, tb_update-major.eml,
    //   tb_cancel-single-event.eml, tb_event-with-file-attachment.eml: DTEND and DURATION both
    //   present (RFC 5545 §3.6.1 forbids it); invites ends at DTSTART+DURATION, Python at DTEND.
    // - mail/thunderbird/tb_cancel-repeat-event.eml: a CANCEL without DTSTART; both refuse it,
    //   but RFC 5546 §3.2.5 lets a CANCEL omit DTSTART, so the refusal is not locked in here.
}
