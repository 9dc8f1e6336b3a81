import Foundation
import Testing

@testable import InvitesKit

/// When an invitation still waiting is nudged, and what the nudge says.
@Suite struct NudgeTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let thresholds = Nudge.standard

    func at(_ before: TimeInterval) -> Date { start.addingTimeInterval(-before) }

    @Test func aThresholdIsDueOnceItHasCome() {
        #expect(Nudge.due(thresholds, start: start, now: at(86_401), told: []).isEmpty)
        #expect(Nudge.due(thresholds, start: start, now: at(86_400), told: []) == [86_400])
        #expect(Nudge.due(thresholds, start: start, now: at(3_600), told: [86_400]) == [3_600])
        #expect(Nudge.due(thresholds, start: start, now: at(3_600), told: [86_400, 3_600]).isEmpty)
    }

    /// Ninety minutes before: the day's threshold is long past, and both that came are one
    /// nudge; after that the hour's one is still to come.
    @Test func thresholdsThatCameTogetherAreOneNudge() {
        #expect(Nudge.due(thresholds, start: start, now: at(5_400), told: []) == [86_400])
        #expect(Nudge.next(thresholds, start: start, now: at(5_400), told: [86_400]) == at(3_600))
        #expect(Nudge.due(thresholds, start: start, now: at(60), told: []) == [86_400, 3_600])
        #expect(Nudge.next(thresholds, start: start, now: at(60), told: [86_400, 3_600]) == nil)
    }

    @Test func nothingOnceItHasStarted() {
        #expect(Nudge.due(thresholds, start: start, now: start, told: []).isEmpty)
        #expect(Nudge.next(thresholds, start: start, now: start, told: []) == nil)
        #expect(Nudge.due([], start: start, now: at(60), told: []).isEmpty)
    }

    @Test(
        arguments: [
            (3_600.0, "in 1 hour"), (5_400, "in 1 hour 30 minutes"), (2_700, "in 45 minutes"), (60, "in 1 minute"),
            (20, "now"), (86_400, "in 24 hours"), (86_340, "in 24 hours"), (36_000, "in 10 hours"),
            (7_260, "in 2 hours 1 minute"), (259_200, "in 3 days"),
        ] as [(TimeInterval, String)])
    func whenItStarts(interval: TimeInterval, words: String) {
        #expect(Nudge.startsIn(interval) == words)
    }

    /// The notification of a nudge says when it starts before its title.
    @Test func theNotificationSaysWhenItStarts() {
        let event = WatchEvent(
            kind: .nudge, handle: "k3m9", title: "Planning", start: start, end: start.addingTimeInterval(3_600),
            organizer: "Ann <ann@example.org>", conflicts: [])
        let text = NotificationText(event, zone: .utc, now: at(3_600))
        #expect(text.summary == "in 1 hour: Planning")
        #expect(text.body.hasPrefix(text.time))
    }

    /// The journal keeps each threshold told, read again after a kill (no close) and after an
    /// orderly end; an occurrence that has started is dropped when the file is rewritten.
    @Test func theJournalKeepsTheNudgesAcrossRestarts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nudge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("watch-notified").path
        let first = try NotifiedJournal(path: path, now: at(5_400))
        first.recordNudge("k3m9", start: start, seconds: [86_400])
        // Killed: never closed.
        let second = try NotifiedJournal(path: path, now: at(5_000))
        #expect(second.nudges("k3m9", start: start) == [86_400])
        #expect(second.nudges("k3m9", start: start.addingTimeInterval(604_800)).isEmpty)
        second.recordNudge("k3m9", start: start, seconds: [3_600])
        second.close(now: at(60))
        #expect(try NotifiedJournal(path: path, now: at(30)).nudges("k3m9", start: start) == [86_400, 3_600])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("nudge: k3m9 1800000000 3600\n"))
        let later = try NotifiedJournal(path: path, now: start.addingTimeInterval(1))
        later.close(now: start.addingTimeInterval(1))
        #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains("nudge:"))
    }
}
