import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// What a notification says, in the user's zone, for each kind of event; a stranger's
/// control characters are made visible.
@Suite struct NotificationTextTests {
    static let berlin = DisplayZone(identifier: "Europe/Berlin") ?? .utc

    static func at(_ text: String) -> Date { RFC3339.parse(text) ?? Date(timeIntervalSince1970: 0) }

    static let events: [WatchEvent] = [
        WatchEvent(
            kind: .new, handle: "k3m9", title: "Planning", start: at("2026-12-14T09:00:00Z"),
            end: at("2026-12-14T10:00:00Z"), organizer: "Ann <ann@example.org>",
            conflicts: [
                .init(title: "Dentist", start: at("2026-12-14T09:00:00Z"), end: at("2026-12-14T10:00:00Z"))
            ]),
        WatchEvent(
            kind: .changed, handle: "k3m9", title: "Planning", start: at("2026-12-14T13:00:00Z"),
            end: at("2026-12-14T14:00:00Z"), organizer: "ann@example.org", conflicts: []),
        WatchEvent(
            kind: .cancelled, handle: "k3m9", title: "Planning", start: at("2026-12-14T13:00:00Z"),
            end: at("2026-12-14T14:00:00Z"), organizer: nil,
            conflicts: [.init(title: "Lunch", start: at("2026-12-14T13:00:00Z"), end: at("2026-12-14T13:30:00Z"))]),
        WatchEvent(
            kind: .new, handle: "q7", title: "Late \u{1b}[31mcall\u{202E}", start: at("2026-12-14T22:30:00Z"),
            end: at("2026-12-15T00:30:00Z"), organizer: "Evil\u{7}Corp <x@example.org>",
            conflicts: (1...5).map {
                .init(
                    title: "Thing \($0)", start: at("2026-12-14T22:00:00Z"), end: at("2026-12-15T01:00:00Z"))
            }),
        WatchEvent(
            kind: .new, handle: "d1", title: "   ", start: at("2026-12-24T00:00:00Z"), end: at("2026-12-26T00:00:00Z"),
            dates: Occurrence.AllDayDates(
                first: LocalDate(year: 2026, month: 12, day: 24),
                endExclusive: LocalDate(year: 2026, month: 12, day: 26)),
            organizer: nil, conflicts: []),
    ]

    @Test func eachKindReadsAsItShould() throws {
        var lines: [String] = []
        for event in NotificationTextTests.events {
            let text = NotificationText(event, zone: NotificationTextTests.berlin)
            lines += ["[\(event.kind.rawValue) \(event.handle)]", "summary: \(text.summary)", text.body, ""]
        }
        try Snapshot.assert(lines, named: "notification-text")
    }

    @Test func aCancellationNamesNoConflicts() {
        let text = NotificationText(NotificationTextTests.events[2], zone: NotificationTextTests.berlin)
        #expect(text.summary == "cancelled: Planning")
        #expect(text.conflicts.isEmpty && !text.body.contains("conflicts"))
    }

    @Test func theCommandGetsTheFactsInItsEnvironment() {
        let event = NotificationTextTests.events[3]
        let text = NotificationText(event, zone: NotificationTextTests.berlin)
        let variables = CommandNotifier.variables(event, text: text, zone: NotificationTextTests.berlin)
        #expect(variables["INVITES_START"] == "2026-12-14T23:30:00+01:00")
        #expect(variables["INVITES_EVENT"] == "new")
        #expect(variables["INVITES_SUMMARY"] == "Late ^[[31mcall<U+202E>")
        #expect(variables["INVITES_ORGANIZER"] == "Evil^GCorp <x@example.org>")
        #expect(variables.values.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 } })
    }
}
