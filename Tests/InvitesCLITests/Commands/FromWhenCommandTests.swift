import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// `--from WHEN` on accept, decline, tentative and delegate: that occurrence and every later one,
/// as one answer: one override per occurrence in your calendar, one REPLY with one VEVENT per
/// occurrence to the organizer; the earlier occurrences keep their answer.
@Suite struct FromWhenCommandTests {
    let home = SeriesHome(ingesting: "Tests/InvitesCLITests/Fixtures/series/weekly.ics")

    /// The REPLY's VEVENTs, unfolded and read: each one's RECURRENCE-ID (empty for the series)
    /// and your ATTENDEE's PARTSTAT.
    func reply() throws -> [String: String] {
        let text = home.run(["reply", "weekly-1"]).out.replacingOccurrences(of: "\r\n ", with: "")
        #expect(text.hasPrefix("BEGIN:VCALENDAR") && text.contains("METHOD:REPLY"), "\(text)")
        var answers: [String: String] = [:]
        for event in text.components(separatedBy: "BEGIN:VEVENT").dropFirst() {
            let lines = event.components(separatedBy: "\r\n")
            let key = lines.first { $0.hasPrefix("RECURRENCE-ID") }?.components(separatedBy: ":").last ?? ""
            let mine = try #require(lines.first { $0.hasPrefix("ATTENDEE") && $0.hasSuffix(":mailto:me@example.org") })
            let partstat = mine.components(separatedBy: ";").first { $0.hasPrefix("PARTSTAT=") }
            answers[key] = partstat.map { String($0.dropFirst("PARTSTAT=".count)).components(separatedBy: ":")[0] }
        }
        return answers
    }

    @Test func acceptFromAnOccurrenceOn() throws {
        let accepted = home.run(["accept", "weekly-1", "--from", "2026-12-21", "--no-send"])
        #expect(accepted.status == 0, "\(accepted.err)")
        #expect(accepted.out.contains("(from 2026-12-21 on: 8 occurrences)"), "\(accepted.out)")
        let answers = try reply()
        #expect(answers.count == 8, "\(answers)")
        #expect(answers.values.allSatisfy { $0 == "ACCEPTED" })
        #expect(answers["20261221T090000Z"] != nil && answers["20270208T090000Z"] != nil, "\(answers)")
        #expect(answers["20261214T090000Z"] == nil)
        // Your calendar: one override per occurrence, each ACCEPTED.
        let written = try String(contentsOfFile: home.calendar, encoding: .utf8)
        #expect(written.components(separatedBy: "RECURRENCE-ID").count - 1 == 8, "\(written)")
        let shown = home.run(["show", "weekly-1"]).out
        #expect(shown.contains("Mon 14 Dec 2026 09:00-10:00 UTC  pending"), "\(shown)")
        #expect(shown.contains("Mon 21 Dec 2026 09:00-10:00 UTC  accepted"), "\(shown)")
    }

    @Test func declineFromOnKeepsTheEarlierAnswer() throws {
        #expect(home.run(["accept", "weekly-1", "--no-send"]).status == 0)
        #expect(home.run(["decline", "weekly-1", "--from", "2027-01-25 09:00", "--no-send"]).status == 0)
        let answers = try reply()
        #expect(answers[""] == "ACCEPTED")
        #expect(answers.filter { $0.value == "DECLINED" }.count == 3, "\(answers)")
    }

    @Test func delegateFromOn() throws {
        let delegated = home.run(["delegate", "weekly-1", "erin@example.org", "--from", "2027-02-01", "--no-send"])
        #expect(delegated.status == 0, "\(delegated.err)")
        #expect(delegated.out.contains("from 2027-02-01 on"), "\(delegated.out)")
        let answers = try reply()
        #expect(answers == ["20270201T090000Z": "DELEGATED", "20270208T090000Z": "DELEGATED"], "\(answers)")
    }

    @Test func aWhenTheSeriesDoesNotHaveIsAUsageError() {
        let wrong = home.run(["accept", "weekly-1", "--from", "2026-12-22", "--no-send"])
        #expect(wrong.status == 2, "\(wrong.err)")
        #expect(home.run(["outbox", "--all"]).out.hasPrefix("The outbox is empty."))
    }
}
