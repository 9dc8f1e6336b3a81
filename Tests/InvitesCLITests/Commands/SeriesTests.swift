import CLibical
import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit

/// The series scenario: a weekly invitation accepted, one occurrence moved, one cancelled, one
/// declined, then a major update and a decline of the whole series. After every step the
/// calendar keeps every byte outside the invitation, holds the series once, and its components
/// for the UID are the organizer's latest with your answers.
@Suite struct SeriesTests {
    static let uid = "weekly-1@example.org"
    static func fixture(_ name: String) -> String {
        CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/series/\(name)")
    }

    /// One VEVENT of the UID in the calendar: its RECURRENCE-ID (nil for the master) and text.
    struct Component: Equatable {
        var recurrenceID: String?
        var text: String

        func has(_ line: String) -> Bool { text.contains(line) }
    }

    /// Splits a calendar into the blocks of the UID and everything else, byte for byte.
    static func split(_ text: String, uid: String = SeriesTests.uid) -> (others: String, components: [Component]) {
        var others = ""
        var components: [Component] = []
        var block: String?
        // By unicode scalars: a String holds "\r\n" as one Character.
        var lines = SeriesTests.lines(text)
        if lines.last == "" { lines.removeLast() }
        for line in lines {
            let bare = line.trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
            if bare == "BEGIN:VEVENT" { block = "" }
            if block != nil { block? += line + "\n" } else { others += line + "\n" }
            if bare == "END:VEVENT", let done = block {
                block = nil
                if done.contains("UID:\(uid)") {
                    let rid = SeriesTests.lines(done).first { $0.hasPrefix("RECURRENCE-ID") }
                        .map {
                            String($0.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                        }
                    components.append(Component(recurrenceID: rid, text: done))
                } else {
                    others += done
                }
            }
        }
        return (others, components)
    }

    static func lines(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
    }

    /// The calendar's text: the file, or the vdir's item of the UID.
    static func text(of calendar: String, vdir: Bool) -> String {
        let path = vdir ? (calendar as NSString).appendingPathComponent("\(uid).ics") : calendar
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    static func parses(_ text: String) -> Bool {
        guard let parsed = ICalComponent.parse(text) else { return false }
        return parsed.selfOrChildren(ICAL_VCALENDAR_COMPONENT).count == 1
    }

    @Test(arguments: [false, true])
    func aSeriesStaysWholeThroughEveryStep(vdir: Bool) throws {
        let cli = CLIHarness()
        let calendar: String
        if vdir {
            calendar = (cli.home as NSString).appendingPathComponent("vdir")
            try FileManager.default.createDirectory(atPath: calendar, withIntermediateDirectories: true)
            try Data(contentsOf: URL(fileURLWithPath: CLIHarness.repositoryFile("fixtures/calendar.ics")))
                .write(to: URL(fileURLWithPath: calendar + "/other.ics"))
        } else {
            calendar = cli.write(
                "calendar.ics",
                try String(contentsOfFile: CLIHarness.repositoryFile("fixtures/calendar.ics"), encoding: .utf8))
        }
        let original = vdir ? "" : SeriesTests.split(try String(contentsOfFile: calendar, encoding: .utf8)).others
        let options = ["--calendar", calendar, "--tz", "UTC", "--me", "me@example.org"]
        func run(_ arguments: [String]) -> CLIHarness.Result {
            let result = cli.run(options + arguments)
            #expect(result.status == 0, "\(arguments): \(result.err)")
            return result
        }
        func state() -> [Component] {
            let text = SeriesTests.text(of: calendar, vdir: vdir)
            #expect(SeriesTests.parses(text), "the calendar does not parse")
            let (others, components) = SeriesTests.split(text)
            if !vdir { #expect(others == original, "bytes outside the invitation changed") }
            #expect(components.filter { $0.recurrenceID == nil }.count == 1, "the series is not there once")
            #expect(components.first?.recurrenceID == nil, "an instance stands before its master")
            #expect(components.first?.has("RRULE:FREQ=WEEKLY;COUNT=10") == true)
            return components
        }
        func component(_ rid: String?, in components: [Component]) -> Component? {
            components.first { $0.recurrenceID == rid }
        }

        // 1. The series, accepted.
        _ = run(["ingest", SeriesTests.fixture("weekly.ics")])
        _ = run(["accept", "weekly-1"])
        var components = state()
        #expect(components.count == 1)
        #expect(components[0].has("PARTSTAT=ACCEPTED:mailto:me@example.org"))
        let master = components[0]

        // 2. One occurrence moved: one invitation, the override beside the master, which stays as it was.
        let moved = run(["ingest", SeriesTests.fixture("moved.ics")])
        #expect(moved.out.contains("updated"))
        #expect(moved.err.contains("back to pending"))
        let list = run(["list", "--all"])
        #expect(list.out.split(separator: "\n").count == 1, "one invitation: \(list.out)")
        #expect(list.out.contains("1 moved"))
        components = state()
        #expect(component(nil, in: components) == master)
        #expect(component("20261214T090000Z", in: components)?.has("DTSTART:20261214T110000Z") == true)
        #expect(component("20261214T090000Z", in: components)?.has("PARTSTAT=NEEDS-ACTION") == true)
        _ = run(["accept", "weekly-1", "--occurrence", "2026-12-14 09:00"])
        components = state()
        #expect(component(nil, in: components) == master, "accepting one occurrence rewrote the master")
        #expect(component("20261214T090000Z", in: components)?.has("PARTSTAT=ACCEPTED:mailto:me@example.org") == true)
        let movedOverride = component("20261214T090000Z", in: components)

        // 3. One occurrence cancelled: marked cancelled in your copy, nothing else touched.
        let cancelled = run(["ingest", SeriesTests.fixture("cancel-one.ics")])
        #expect(cancelled.err.contains("2026-12-21"))
        components = state()
        #expect(component(nil, in: components) == master)
        #expect(component("20261214T090000Z", in: components) == movedOverride)
        #expect(component("20261221T090000Z", in: components)?.has("STATUS:CANCELLED") == true)
        #expect(component("20261221T090000Z", in: components)?.has("PARTSTAT=ACCEPTED") == true)

        // 4. One occurrence declined: an override with your PARTSTAT=DECLINED.
        let unknown = cli.run(options + ["decline", "weekly-1", "--occurrence", "2026-12-29"])
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("2026-12-28 09:00"), "the nearest occurrences are named: \(unknown.err)")
        _ = run(["decline", "weekly-1", "--occurrence", "20261228T090000Z", "--comment", "away that week"])
        components = state()
        #expect(component(nil, in: components) == master)
        #expect(component("20261214T090000Z", in: components) == movedOverride)
        let declined = try #require(component("20261228T090000Z", in: components))
        #expect(declined.has("PARTSTAT=DECLINED:mailto:me@example.org"))
        #expect(declined.has("DTSTART:20261228T090000Z") && !declined.has("RRULE"))

        // show lists each occurrence with its own state.
        let show = run(["show", "weekly-1", "--width", "100"])
        #expect(show.out.contains("Mon 14 Dec 2026 11:00-12:00 UTC  moved from 09:00, accepted"))
        #expect(show.out.contains("Mon 21 Dec 2026 09:00-10:00 UTC  cancelled"))
        #expect(show.out.contains("Mon 28 Dec 2026 09:00-10:00 UTC  declined"))
        let json = run(["--json", "show", "weekly-1"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let occurrences = try #require(document["occurrences"] as? [[String: Any]])
        #expect(
            occurrences.contains {
                $0["recurrenceId"] as? String == "2026-12-21T09:00:00Z" && $0["state"] as? String == "cancelled"
            })
        #expect(
            occurrences.contains {
                $0["recurrenceId"] as? String == "2026-12-28T09:00:00Z" && $0["state"] as? String == "declined"
            })

        // 5. The reply reports the series and each instance answered or sent on its own.
        let reply = run(["reply", "weekly-1"])
        let events = reply.out.components(separatedBy: "BEGIN:VEVENT").dropFirst()
        #expect(events.count == 3, "\(reply.out)")
        for event in events {
            #expect(event.components(separatedBy: "ATTENDEE").count == 2, "one ATTENDEE per VEVENT: \(event)")
        }
        #expect(
            events.contains {
                $0.contains("RECURRENCE-ID:20261214T090000Z") && $0.contains("SEQUENCE:1")
                    && $0.contains("PARTSTAT=ACCEPTED")
            })
        #expect(
            events.contains {
                $0.contains("RECURRENCE-ID:20261228T090000Z") && $0.contains("PARTSTAT=DECLINED")
                    && $0.contains("COMMENT:away that week")
            })
        #expect(events.contains { !$0.contains("RECURRENCE-ID") && $0.contains("PARTSTAT=ACCEPTED") })
        #expect(!reply.out.contains("20261221T090000Z"), "a cancelled instance is not answered")
        _ = run(["comment", "weekly-1", "can we start at 9:15?", "--occurrence", "2027-01-04 09:00"])
        let history = run(["--json", "history"])
        #expect(history.out.contains("\"recurrenceId\":\"2026-12-28T09:00:00Z\""))
        #expect(history.out.contains("\"recurrenceId\":\"2027-01-04T09:00:00Z\""))
        #expect(
            SeriesTests.split(SeriesTests.text(of: calendar, vdir: vdir)).components == components,
            "a comment changed the calendar")

        // 6. A major update puts the series back to pending, in the inbox and in the calendar.
        let update = run(["ingest", SeriesTests.fixture("weekly-update.ics")])
        #expect(update.err.contains("back to pending"))
        components = state()
        let newMaster = try #require(component(nil, in: components))
        #expect(newMaster.has("DTSTART:20261207T083000Z"))
        #expect(newMaster.has("PARTSTAT=NEEDS-ACTION:mailto:me@example.org"))
        #expect(!newMaster.has("PARTSTAT=ACCEPTED:mailto:me@example.org"))
        #expect(run(["list"]).out.contains("pending"))

        // 7. Declining the series takes all of it out and gives the calendar back as it was.
        _ = run(["decline", "weekly-1"])
        let text = SeriesTests.text(of: calendar, vdir: vdir)
        #expect(SeriesTests.split(text).components.isEmpty)
        if !vdir {
            #expect(
                text
                    == (try String(contentsOfFile: CLIHarness.repositoryFile("fixtures/calendar.ics"), encoding: .utf8))
            )
        }
    }

    /// An update keeps what is yours in your copy: an alarm you added and another client's X- property.
    @Test("An update keeps your alarm and other clients' properties")
    func anUpdateKeepsYourAlarmAndOtherClientsProperties() throws {
        let cli = CLIHarness()
        let calendar = cli.write("calendar.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\nEND:VCALENDAR\r\n")
        let options = ["--calendar", calendar, "--tz", "UTC", "--me", "me@example.org"]
        #expect(cli.run(options + ["ingest", SeriesTests.fixture("weekly.ics")]).status == 0)
        #expect(cli.run(options + ["accept", "weekly-1"]).status == 0)
        var text = try String(contentsOfFile: calendar, encoding: .utf8)
        let alarm =
            "X-MOZ-GENERATION:3\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Reminder\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VEVENT"
        text = text.replacingOccurrences(of: "END:VEVENT", with: alarm)
        try text.write(toFile: calendar, atomically: true, encoding: .utf8)
        #expect(cli.run(options + ["ingest", SeriesTests.fixture("weekly-update.ics")]).status == 0)
        let after = try String(contentsOfFile: calendar, encoding: .utf8)
        #expect(after.contains("DTSTART:20261207T083000Z"))
        #expect(after.contains("TRIGGER:-PT15M"))
        #expect(after.contains("X-MOZ-GENERATION:3"))
    }

    /// A REQUEST that carries the series and a moved instance (as Google and Exchange send) is
    /// one invitation, and its reply answers both.
    @Test("A series sent with a moved instance is answered whole")
    func aSeriesSentWithAMovedInstanceIsAnsweredWhole() throws {
        let cli = CLIHarness()
        let calendar = cli.write("calendar.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\nEND:VCALENDAR\r\n")
        let options = ["--calendar", calendar, "--tz", "Europe/Berlin", "--me", "me@example.org"]
        #expect(cli.run(options + ["ingest", SeriesTests.fixture("series-and-moved.ics")]).status == 0)
        #expect(cli.run(options + ["accept", "standup-7"]).status == 0)
        let reply = cli.run(options + ["reply", "standup-7"]).out
        let events = reply.components(separatedBy: "BEGIN:VEVENT").dropFirst()
        #expect(events.count == 2)
        #expect(
            events.contains {
                $0.contains("RECURRENCE-ID;TZID=Europe/Berlin:20261210T093000") && $0.contains("SEQUENCE:3")
            })
        #expect(events.contains { !$0.contains("RECURRENCE-ID") && $0.contains("SEQUENCE:2") })
        #expect(cli.run(options + ["tentative", "standup-7", "--occurrence", "2026-12-11 09:30"]).status == 0)
        let text = try String(contentsOfFile: calendar, encoding: .utf8)
        #expect(text.contains("RECURRENCE-ID;TZID=Europe/Berlin:20261211T093000"))
        #expect(text.contains("PARTSTAT=TENTATIVE"))
    }

    /// RFC 5546 §4.4's recurring example, its modified instance (§4.4.2) and its cancelled
    /// instance (§4.4.3): the reply parses back through libical with one VEVENT per component
    /// answered, each with one ATTENDEE and its RECURRENCE-ID.
    @Test("RFC 5546's recurring examples are answered per instance")
    func rfc5546RecurringExamplesAreAnsweredPerInstance() throws {
        let cli = CLIHarness()
        let calendar = cli.write("calendar.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\nEND:VCALENDAR\r\n")
        let options = ["--calendar", calendar, "--tz", "America/New_York", "--me", "b@example.com"]
        for (arguments, status) in [
            (["ingest", SeriesTests.fixture("rfc5546-4.4.1-series.ics")], 0),
            (["accept", "123456789"], 0),
            (["ingest", SeriesTests.fixture("rfc5546-4.4.2-modify-instance.ics")], 0),
            (["accept", "123456789", "--occurrence", "1997-08-01 14:00"], 0),
            (["ingest", SeriesTests.fixture("rfc5546-4.4.3-cancel-instance.ics")], 0),
            (["decline", "123456789", "--occurrence", "1997-10-01"], 0),
            (["decline", "123456789", "--occurrence", "1997-10-02"], 2),
        ] {
            let result = cli.run(options + arguments)
            #expect(result.status == Int32(status), "\(arguments): \(result.err)")
        }
        let reply = cli.run(options + ["reply", "123456789"]).out
        let parsed = try #require(ICalComponent.parse(reply))
        let root = try #require(parsed.selfOrChildren(ICAL_VCALENDAR_COMPONENT).first)
        #expect(root.text(ICAL_METHOD_PROPERTY) == "REPLY")
        let events = root.children(ICAL_VEVENT_COMPONENT)
        let resolver = ZoneResolver(display: .utc)
        for zone in root.children(ICAL_VTIMEZONE_COMPONENT) { resolver.register(zone) }
        var answers: [String: String] = [:]
        for event in events {
            let attendees = event.properties(ICAL_ATTENDEE_PROPERTY)
            #expect(attendees.count == 1)
            #expect(attendees.first?.value?.lowercased() == "mailto:b@example.com")
            let key = ICalDocument.recurrenceID(of: event, resolver: resolver) ?? "series"
            answers[key] = attendees.first?.parameter(ICAL_PARTSTAT_PARAMETER)
        }
        #expect(
            answers == [
                "series": "ACCEPTED", "1997-08-01T18:00:00Z": "ACCEPTED", "1997-10-01T18:00:00Z": "DECLINED",
            ])
        let text = try String(contentsOfFile: calendar, encoding: .utf8)
        #expect(text.contains("RECURRENCE-ID;TZID=America/New_York:19970901T140000"))
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 5, "the series and three instances")
    }
}
