import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// The timeline's look, pinned by golden files, and its promises checked on every render.
@Suite struct TimelineRendererTests {
    static let berlin = DisplayZone(identifier: "Europe/Berlin") ?? .utc

    func event(_ title: String, _ start: String, _ end: String, free: Occurrence.FreeReason? = nil) -> Occurrence {
        Occurrence(uid: title, title: title, start: .utc(start), end: .utc(end), free: free, source: "t.ics")
    }

    func allDay(_ title: String, _ first: String, _ end: String) -> Occurrence {
        let first = LocalDate(iso: first) ?? LocalDate(year: 2000, month: 1, day: 1)
        let end = LocalDate(iso: end) ?? first
        let zone = TimelineRendererTests.berlin.timeZone
        return Occurrence(
            uid: "all-day-" + title, title: title, start: first.midnight(in: zone), end: end.midnight(in: zone),
            dates: .init(first: first, endExclusive: end), source: "t.ics")
    }

    func render(_ start: String, _ end: String, _ events: [Occurrence], width: Int, zone: DisplayZone = berlin)
        -> [String]
    {
        let invite = DateInterval(start: .utc(start), end: .utc(end))
        let window = DateInterval(
            start: invite.start.addingTimeInterval(-7200), end: invite.end.addingTimeInterval(7200))
        let report = ConflictRules.report(inviteUID: "invite", invite: invite, window: window, occurrences: events)
        let lines = TimelineRenderer(time: HumanTime(zone: zone), width: width).render(title: "Invite", report: report)
        for line in lines {
            #expect(line.count <= width, "line wider than \(width): \(line)")
            #expect(line.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "not printable ASCII: \(line)")
        }
        return lines
    }

    var day: [Occurrence] {
        [
            event("Standup", "2024-06-10T07:30:00Z", "2024-06-10T08:15:00Z"),
            event("Design review with the whole platform team", "2024-06-10T09:00:00Z", "2024-06-10T10:00:00Z"),
            event("Focus time", "2024-06-10T10:00:00Z", "2024-06-10T11:00:00Z", free: .transparent),
            event("Lunch", "2024-06-10T11:30:00Z", "2024-06-10T12:30:00Z"),
            allDay("Konferenz in Köln", "2024-06-10", "2024-06-11"),
        ]
    }

    @Test(arguments: [40, 80, 132])
    func aDayAtEachWidth(width: Int) throws {
        try Snapshot.assert(
            render("2024-06-10T08:00:00Z", "2024-06-10T10:00:00Z", day, width: width), named: "timeline-day-\(width)")
    }

    @Test func noNearbyEvents() throws {
        try Snapshot.assert(
            render("2024-06-10T08:00:00Z", "2024-06-10T09:00:00Z", [], width: 80), named: "timeline-empty")
    }

    @Test func backToBack() throws {
        let events = [
            event("Before", "2024-06-10T07:00:00Z", "2024-06-10T08:00:00Z"),
            event("After", "2024-06-10T09:00:00Z", "2024-06-10T10:00:00Z"),
        ]
        try Snapshot.assert(
            render("2024-06-10T08:00:00Z", "2024-06-10T09:00:00Z", events, width: 80), named: "timeline-back-to-back")
    }

    @Test func fullOverlapAndInviteInsideALongerEvent() throws {
        let events = [
            event("Same time", "2024-06-10T08:00:00Z", "2024-06-10T09:00:00Z"),
            event("Offsite", "2024-06-09T22:00:00Z", "2024-06-10T16:00:00Z"),
        ]
        try Snapshot.assert(
            render("2024-06-10T08:00:00Z", "2024-06-10T09:00:00Z", events, width: 80), named: "timeline-overlap")
    }

    @Test func manyEvents() throws {
        let events = (0..<20).map { index in
            event(
                "Meeting \(index)",
                RFC3339.utc(Date.utc("2024-06-10T06:00:00Z").addingTimeInterval(Double(index) * 900)),
                RFC3339.utc(Date.utc("2024-06-10T06:30:00Z").addingTimeInterval(Double(index) * 900)))
        }
        let lines = render("2024-06-10T08:00:00Z", "2024-06-10T09:00:00Z", events, width: 80)
        #expect(lines.contains { $0.contains("+") && $0.contains("more") })
        try Snapshot.assert(lines, named: "timeline-many")
    }

    @Test func acrossMidnight() throws {
        let events = [
            event("Late call", "2024-06-10T21:30:00Z", "2024-06-10T22:30:00Z"),
            event("Night train", "2024-06-10T20:00:00Z", "2024-06-11T05:00:00Z"),
        ]
        let lines = render("2024-06-10T21:00:00Z", "2024-06-10T23:00:00Z", events, width: 80)
        #expect(lines.contains { $0.contains("00") })
        try Snapshot.assert(lines, named: "timeline-midnight")
    }

    @Test func onADSTChangeDay() throws {
        // Europe/Berlin, 31 March 2024: 02:00 CET becomes 03:00 CEST; there is no 02 on the ruler.
        let events = [event("Early", "2024-03-31T00:30:00Z", "2024-03-31T01:30:00Z")]
        let lines = render("2024-03-31T01:00:00Z", "2024-03-31T02:00:00Z", events, width: 80)
        #expect(!(lines.dropFirst().first ?? "").contains(" 02 "))
        try Snapshot.assert(lines, named: "timeline-dst")
    }

    @Test func hostileTitlesStayASCII() {
        let events = [event("\u{1B}[31mred\u{202E}evil 日本語", "2024-06-10T08:00:00Z", "2024-06-10T09:00:00Z")]
        let lines = render("2024-06-10T08:00:00Z", "2024-06-10T09:00:00Z", events, width: 80)
        #expect(!lines.joined().contains("\u{1B}"))
    }
}

/// Every corpus invite drawn against every corpus calendar: each line fits and stays printable.
@Suite struct CorpusTimelineTests {
    static var invites: [Invite] {
        guard let corpus = Fixture.corpus else { return [] }
        var result: [Invite] = []
        for folder in ["invites", "mail"] {
            let root = corpus + "/" + folder
            for file in (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []).sorted() {
                guard let data = FileManager.default.contents(atPath: root + "/" + file) else { continue }
                result += (try? InviteReader(display: .utc).read(data, file: file)) ?? []
            }
        }
        return result
    }

    @Test(.enabled(if: Fixture.corpus != nil, "../shared/corpus is not here"))
    func everyInviteAgainstEveryCalendar() throws {
        let corpus = try #require(Fixture.corpus)
        let root = corpus + "/calendars"
        let calendars = (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".ics") }.sorted().compactMap { try? CalendarSource.named(root + "/" + $0) }
        let invites = CorpusTimelineTests.invites
        #expect(invites.count > 40)
        let zone = try #require(DisplayZone(identifier: "America/New_York"))
        let finder = ConflictFinder(query: CalendarQuery(sources: calendars, display: zone, me: MyAddresses([])))
        for invite in invites {
            let (report, _) = try finder.report(for: invite)
            for width in [40, 80, 132] {
                let lines = TimelineRenderer(time: HumanTime(zone: zone), width: width).render(
                    title: invite.title, report: report)
                for line in lines {
                    #expect(line.count <= width, "\(invite.uid) at \(width): \(line)")
                    #expect(line.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "\(invite.uid): not printable ASCII")
                }
            }
        }
    }
}
