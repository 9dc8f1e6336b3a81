import CLibical
import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// Random sequences of what organizers send (the series, a moved instance, a cancelled instance,
/// a major update) and what you answer (the series, or single occurrences), over a single-file
/// calendar and a vdir. After every step the calendar parses, keeps every byte outside the
/// invitation, and its components for the UID are the organizer's latest with your answers as
/// the inbox records them.
@Suite struct SeriesPropertyTests {
    static let uid = "prop-1@example.org"
    /// The original starts of the occurrences that steps pick from (weekly from 7 December 2026).
    static let occurrences = ["20261214T090000Z", "20261221T090000Z", "20261228T090000Z", "20270104T090000Z"]

    /// A reproducible stream of choices.
    struct SplitMix {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// What the organizer sent last, to check the calendar against.
    struct Organizer {
        var sequence = 0
        var masterStart = "20261207T090000Z"
        var instanceStarts: [String: String] = [:]
        var cancelled: Set<String> = []
    }

    static func message(method: String, body: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//prop//EN\r\nMETHOD:\(method)\r\n\(body)END:VCALENDAR\r\n"
    }

    static func event(start: String, sequence: Int, recurrenceID: String? = nil, stamp: Int) -> String {
        let end = start.replacingOccurrences(of: "T09", with: "T10").replacingOccurrences(of: "T08", with: "T09")
            .replacingOccurrences(of: "T11", with: "T12").replacingOccurrences(of: "T13", with: "T14")
        var text =
            "BEGIN:VEVENT\r\nUID:\(uid)\r\nSEQUENCE:\(sequence)\r\nDTSTAMP:202612\(String(format: "%02d", 1 + stamp % 28))T080000Z\r\n"
        if let recurrenceID { text += "RECURRENCE-ID:\(recurrenceID)\r\n" }
        text += "DTSTART:\(start)\r\nDTEND:\(end)\r\n"
        if recurrenceID == nil { text += "RRULE:FREQ=WEEKLY;COUNT=10\r\n" }
        text +=
            "SUMMARY:Property\r\nORGANIZER:mailto:ann@example.org\r\n"
            + "ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:me@example.org\r\nEND:VEVENT\r\n"
        return text
    }

    @Test(arguments: [false, true])
    func randomSequencesKeepTheSeriesWhole(vdir: Bool) throws {
        var random = SplitMix(state: vdir ? 2 : 1)
        var steps = 0
        for run in 0..<12 {
            let cli = CLIHarness()
            let calendar: String
            let original = try String(
                contentsOfFile: CLIHarness.repositoryFile("fixtures/calendar.ics"), encoding: .utf8)
            if vdir {
                calendar = (cli.home as NSString).appendingPathComponent("vdir")
                try FileManager.default.createDirectory(atPath: calendar, withIntermediateDirectories: true)
            } else {
                calendar = cli.write("calendar.ics", original)
            }
            let options = ["--calendar", calendar, "--tz", "UTC", "--me", "me@example.org"]
            var organizer = Organizer()
            var log: [String] = []
            let first = cli.write(
                "m0.ics",
                SeriesPropertyTests.message(
                    method: "REQUEST",
                    body: SeriesPropertyTests.event(start: organizer.masterStart, sequence: 0, stamp: 0)))
            #expect(cli.run(options + ["ingest", first]).status == 0)
            /// `ingest` of the organizer's next message: one VEVENT at the current SEQUENCE.
            func ingest(_ method: String, start: String, recurrenceID: String?, step: Int) -> [String] {
                let body = SeriesPropertyTests.event(
                    start: start, sequence: organizer.sequence, recurrenceID: recurrenceID, stamp: step)
                return ["ingest", cli.write("m\(step).ics", SeriesPropertyTests.message(method: method, body: body))]
            }
            for step in 1...14 {
                let rid = SeriesPropertyTests.occurrences[random.next(SeriesPropertyTests.occurrences.count)]
                var arguments: [String]
                switch random.next(9) {
                case 0:
                    organizer.sequence += 1
                    let start = rid.replacingOccurrences(of: "T09", with: random.next(2) == 0 ? "T11" : "T13")
                    organizer.instanceStarts[rid] = start
                    organizer.cancelled.remove(rid)
                    arguments = ingest("REQUEST", start: start, recurrenceID: rid, step: step)
                case 1:
                    organizer.sequence += 1
                    organizer.cancelled.insert(rid)
                    arguments = ingest("CANCEL", start: rid, recurrenceID: rid, step: step)
                case 2:
                    organizer.sequence += 1
                    organizer.masterStart =
                        organizer.masterStart == "20261207T090000Z" ? "20261207T080000Z" : "20261207T090000Z"
                    arguments = ingest("REQUEST", start: organizer.masterStart, recurrenceID: nil, step: step)
                case 3, 4:
                    arguments = [["accept", "decline", "tentative"][random.next(3)], "prop-1"]
                default:
                    arguments = [["accept", "decline", "tentative"][random.next(3)], "prop-1", "--occurrence", rid]
                }
                let result = cli.run(options + arguments)
                log.append(arguments.joined(separator: " ") + " -> \(result.status)")
                let occurrenceGone = arguments.contains("--occurrence") && result.status == 2
                // A yes to an occurrence the organizer cancelled is refused, recording nothing.
                let cancelledYes =
                    arguments.contains("--occurrence") && organizer.cancelled.contains(rid)
                    && ["accept", "tentative"].contains(arguments[0]) && result.status == 1
                #expect(
                    result.status == 0 || occurrenceGone || cancelledYes,
                    "run \(run): \(log.joined(separator: "; ")): \(result.err)")
                try check(calendar: calendar, vdir: vdir, original: original, organizer: organizer, cli: cli, log: log)
                steps += 1
            }
        }
        #expect(steps == 12 * 14)
    }

    private func check(
        calendar: String, vdir: Bool, original: String, organizer: Organizer, cli: CLIHarness, log: [String]
    ) throws {
        let context = "after \(log.joined(separator: "; "))"
        let path = vdir ? (calendar as NSString).appendingPathComponent("\(SeriesPropertyTests.uid).ics") : calendar
        let raw = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let (others, components) = SeriesTests.split(raw, uid: SeriesPropertyTests.uid)
        if !vdir { #expect(others == original, "bytes outside the invitation changed \(context)") }
        if !raw.isEmpty {
            let parsed = ICalComponent.parse(raw)
            #expect(
                parsed?.selfOrChildren(ICAL_VCALENDAR_COMPONENT).count == 1, "the calendar does not parse \(context)")
        }
        #expect(components.filter { $0.recurrenceID == nil }.count <= 1, "the master twice \(context)")
        let rids = components.compactMap(\.recurrenceID)
        #expect(Set(rids).count == rids.count, "an instance twice \(context)")
        let store = try InboxStore(home: cli.home)
        let stored = try store.resolve("prop-1")
        for component in components {
            let key = component.recurrenceID.map {
                RFC3339.utc(RecurrenceKey.instant(of: SeriesPropertyTests.key($0)) ?? Date())
            }
            let answer = key.flatMap { stored.instance($0)?.answer } ?? stored.status
            let partstat: String
            switch answer {
            case .accepted: partstat = "ACCEPTED"
            case .declined: partstat = "DECLINED"
            case .tentative: partstat = "TENTATIVE"
            case .pending, .cancelled, .announced, .removed: partstat = "NEEDS-ACTION"
            }
            #expect(
                component.text.contains("PARTSTAT=\(partstat)"),
                "\(key ?? "master"): not \(partstat) \(context)\n\(component.text)")
            if let rid = component.recurrenceID {
                if organizer.cancelled.contains(rid) {
                    #expect(component.text.contains("STATUS:CANCELLED"), "\(rid) is not cancelled \(context)")
                } else if let start = organizer.instanceStarts[rid] {
                    #expect(
                        component.text.contains("DTSTART:\(start)"), "\(rid) is not at the organizer's time \(context)")
                }
            } else {
                #expect(
                    component.text.contains("DTSTART:\(organizer.masterStart)"),
                    "the master is not the latest \(context)")
                #expect(component.text.contains("RRULE:FREQ=WEEKLY;COUNT=10"), "the master lost its rule \(context)")
            }
        }
        if [.accepted, .tentative].contains(stored.status), try store.calendarRecord(for: stored) != nil {
            #expect(
                components.contains { $0.recurrenceID == nil }, "an accepted series is not in the calendar \(context)")
            for rid in organizer.instanceStarts.keys.sorted() where stored.invite.recurrenceID == nil {
                #expect(rids.contains(rid), "the organizer's instance \(rid) is missing \(context)")
            }
        }
    }

    /// `20261214T090000Z` as the inbox's key.
    static func key(_ value: String) -> String {
        guard value.count == 16 else { return value }
        let digits = Array(value)
        return
            "\(String(digits[0..<4]))-\(String(digits[4..<6]))-\(String(digits[6..<8]))T\(String(digits[9..<11])):\(String(digits[11..<13])):\(String(digits[13..<15]))Z"
    }
}
