import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// The invitation prefilter never changes what waits for you: following a calendar with it and
/// without it leaves the same invitations pending, at several moments, on calendars made to
/// hold every form it reads, on generated ones and on the corpus.
@Suite struct InvitationPrefilterEquivalenceTests {
    static let moments =
        ["2023-01-01T00:00:00Z", "2024-06-17T09:30:00Z", "2025-06-01T00:00:00Z"].map(Date.utc)
        + [Date()]

    /// The invitations pending after following `path` once, each with its series' status and
    /// its instances' answers.
    static func pending(_ path: String, me: MyAddresses, now: Date, prefiltering: Bool) throws -> [String] {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("invites-eq-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let store = try InboxStore(home: home)
        var scanner = CalendarInvitationScanner(me: me, display: .utc, cache: nil, now: now)
        scanner.prefiltering = prefiltering
        _ = try CalendarFollower(store: store, scanner: scanner, calendars: [CalendarSource.named(path)]).follow()
        let list = ListController(store: store, display: .utc, now: now)
        let rows = try list.list(statuses: [.pending]).map { row in
            let instances = row.stored.instances.map { "\($0.recurrenceID)=\($0.answer?.rawValue ?? "-")" }.sorted()
            return "\(row.stored.invite.uid) \(row.stored.status.rawValue) \(instances.joined(separator: ","))"
        }
        #expect(try list.pendingCount() == rows.count)
        return rows.sorted()
    }

    static func compare(_ path: String, me: MyAddresses) throws {
        for now in moments {
            let without = try pending(path, me: me, now: now, prefiltering: false)
            let with = try pending(path, me: me, now: now, prefiltering: true)
            #expect(with == without, "\(path) at \(now): the prefilter changed what waits")
        }
    }

    /// The address that attends most events of a calendar: the one it is read as.
    static func busiestAttendee(_ path: String) throws -> MyAddresses {
        var text = ""
        if FileManager.default.fileExists(atPath: path + "/.") {
            for name in try FileManager.default.contentsOfDirectory(atPath: path) {
                text += String(decoding: try Data(contentsOf: URL(fileURLWithPath: path + "/" + name)), as: UTF8.self)
            }
        } else {
            text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        }
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\n ", with: "")
        var counts: [String: Int] = [:]
        for line in unfolded.components(separatedBy: "\n") where line.uppercased().hasPrefix("ATTENDEE") {
            guard let colon = line.lastIndex(of: ":") else { continue }
            let address = MyAddresses.normalise(String(line[line.index(after: colon)...]))
            counts[address, default: 0] += 1
        }
        let busiest = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        return MyAddresses([busiest ?? "nobody@example.org"])
    }

    /// A calendar of `count` UIDs that mixes every form the prefilter reads: folds anywhere in
    /// your ATTENDEE line, its case, PARTSTAT absent, answered or not, rules open, ended or
    /// unbounded, overrides, cancellations, alarms that mail you, your own meetings.
    static func mixed(_ count: Int, seed: UInt64) -> String {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func fold(_ line: String) -> String {
            guard next(2) == 0, line.count > 4 else { return line }
            let at = line.index(line.startIndex, offsetBy: 1 + next(line.count - 2))
            return String(line[..<at]) + (next(2) == 0 ? "\r\n " : "\r\n\t") + String(line[at...])
        }
        let answers = ["ACCEPTED", "NEEDS-ACTION", "TENTATIVE", "DECLINED", "accepted", "X-ODD", "\"ACCEPTED\""]
        let addresses = [
            "mailto:me@example.org", "MAILTO:Me@Example.ORG", "me@example.org", "mailto:other@example.com",
        ]
        func time(_ day: Int, hour: Int) -> String {
            let date = Date.utc("2022-06-01T00:00:00Z").addingTimeInterval(Double(day * 86_400 + hour * 3_600))
            return RFC3339.utc(date).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
        }
        func block(uid: Int, day: Int, rid: String?, master: Bool) -> [String] {
            var lines = ["BEGIN:VEVENT", "UID:mixed-\(uid)@example.com"]
            if let rid { lines.append("RECURRENCE-ID:" + rid) }
            lines += ["DTSTART:" + time(day, hour: 9), "DTEND:" + time(day, hour: 10)]
            if master {
                switch next(6) {
                case 0: lines.append("RRULE:FREQ=WEEKLY")
                case 1: lines.append("RRULE:FREQ=WEEKLY;COUNT=\(1 + next(200))")
                case 2: lines.append("RRULE:FREQ=DAILY;UNTIL=" + time(day + next(900), hour: 0))
                case 3: lines.append("RDATE:" + time(day + next(1500), hour: 11))
                default: break
                }
            }
            lines.append(next(8) == 0 ? "ORGANIZER:mailto:me@example.org" : "ORGANIZER;CN=Boss:mailto:boss@example.com")
            if next(8) != 0 {
                let partstat = next(5) == 0 ? "" : ";PARTSTAT=" + answers[next(answers.count)]
                lines.append(fold("ATTENDEE;CN=Me" + partstat + ";RSVP=TRUE:" + addresses[next(addresses.count)]))
            }
            lines.append("ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:someone@example.com")
            if next(6) == 0 { lines.append(next(2) == 0 ? "STATUS:CANCELLED" : "STATUS:CONFIRMED") }
            if next(8) == 0 {
                lines += ["BEGIN:VALARM", "ACTION:EMAIL", "ATTENDEE:mailto:me@example.org", "END:VALARM"]
            }
            return lines + ["END:VEVENT"]
        }
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//invites tests//mixed//EN"]
        for uid in 0..<count {
            let day = next(1400)
            lines += block(uid: uid, day: day, rid: nil, master: true)
            for _ in 0..<(next(4) == 0 ? 1 + next(2) : 0) {
                let moved = day + 7 * (1 + next(20))
                lines += block(uid: uid, day: moved + next(3) * 300, rid: time(moved, hour: 9), master: false)
            }
        }
        return (lines + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    @Test(arguments: [1, 2, 3])
    func mixedCalendars(seed: UInt64) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "invites-mixed-\(UUID().uuidString).ics"
        )
        .path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data(InvitationPrefilterEquivalenceTests.mixed(150, seed: seed).utf8).write(to: URL(fileURLWithPath: file))
        let me = MyAddresses(["me@example.org"])
        try InvitationPrefilterEquivalenceTests.compare(file, me: me)
        let vdir = try PrefilterEquivalenceTests.vdir(of: file)
        defer { try? FileManager.default.removeItem(atPath: vdir) }
        try InvitationPrefilterEquivalenceTests.compare(vdir, me: me)
        // Not equal for want of work: some items that name you are passed over, some kept, and
        // something waits.
        let filter = InvitationPrefilter(me: me, now: Int(Date.utc("2024-06-17T09:30:00Z").unixSeconds), held: [])
        var passed = 0
        var kept = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: vdir) {
            try Data(contentsOf: URL(fileURLWithPath: vdir + "/" + name)).withUnsafeBytes { bytes in
                guard filter.namesYou(bytes) else { return }
                if filter.mayWait(item: bytes) { kept += 1 } else { passed += 1 }
            }
        }
        #expect(passed > 10 && kept > 10)
        let waiting = try InvitationPrefilterEquivalenceTests.pending(
            file, me: me, now: .utc("2024-06-17T09:30:00Z"), prefiltering: true)
        #expect(waiting.count > 5)
    }

    @Test(
        .enabled(if: Fixture.corpus != nil, "../shared/corpus is not here"),
        arguments: PrefilterEquivalenceTests.corpusCalendars)
    func corpus(path: String) throws {
        try InvitationPrefilterEquivalenceTests.compare(
            path, me: try InvitationPrefilterEquivalenceTests.busiestAttendee(path))
    }

    @Test(.enabled(if: Fixture.corpus != nil, "../shared/bench is not here"))
    func generatedCalendar() throws {
        let output = try PrefilterEquivalenceTests.generated(300, seed: 5)
        defer { try? FileManager.default.removeItem(atPath: output) }
        let me = try InvitationPrefilterEquivalenceTests.busiestAttendee(output)
        try InvitationPrefilterEquivalenceTests.compare(output, me: me)
        let vdir = try PrefilterEquivalenceTests.vdir(of: output)
        defer { try? FileManager.default.removeItem(atPath: vdir) }
        try InvitationPrefilterEquivalenceTests.compare(vdir, me: me)
    }
}
