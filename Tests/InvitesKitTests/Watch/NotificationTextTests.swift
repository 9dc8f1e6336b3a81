import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

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
            let text = NotificationText(event, zone: NotificationTextTests.berlin, now: .distantPast)
            lines += ["[\(event.kind.rawValue) \(event.handle)]", "summary: \(text.summary)", text.body, ""]
        }
        try Snapshot.assert(lines, named: "notification-text")
    }

    @Test func aCancellationNamesNoConflicts() {
        let text = NotificationText(
            NotificationTextTests.events[2], zone: NotificationTextTests.berlin, now: .distantPast)
        #expect(text.summary == "cancelled: Planning")
        #expect(text.conflicts.isEmpty && !text.body.contains("conflicts"))
    }

    @Test func theCommandGetsTheFactsInItsEnvironment() {
        let event = NotificationTextTests.events[3]
        let text = NotificationText(event, zone: NotificationTextTests.berlin, now: .distantPast)
        let variables = CommandNotifier.variables(event, text: text, zone: NotificationTextTests.berlin)
        #expect(variables["INVITES_START"] == "2026-12-14T23:30:00+01:00")
        #expect(variables["INVITES_EVENT"] == "new")
        #expect(variables["INVITES_SUMMARY"] == "Late ^[[31mcall<U+202E>")
        #expect(variables["INVITES_ORGANIZER"] == "Evil^GCorp <x@example.org>")
        #expect(variables.values.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 } })
    }

    /// A stranger's 10,000-character title is cut at 200 cells with "…", counted as a terminal
    /// counts them (a CJK character takes two); so is every line of the body.
    @Test(arguments: [("x", 1), ("会", 2), ("👩‍💻", 2)])
    func aLongTitleIsCutAtTwoHundredCells(letter: String, cells: Int) {
        let long = String(repeating: letter, count: 10_000)
        var event = NotificationTextTests.events[2]
        event.title = long
        event.organizer = long + " <x@example.org>"
        event.conflicts = [.init(title: long, start: event.start, end: event.end)]
        event.kind = .changed
        let text = NotificationText(event, zone: NotificationTextTests.berlin, now: .distantPast)
        #expect(text.summary.hasPrefix("changed: " + letter) && text.summary.hasSuffix("…"))
        #expect(DisplayWidth.of(text.summary) <= NotificationText.longest)
        #expect(DisplayWidth.of(text.summary) > NotificationText.longest - cells - 1)
        for line in text.body.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= NotificationText.longest, "\(line.prefix(40))")
        }
        #expect(text.body.contains("from " + letter) && text.body.contains("…"))
        #expect(text.conflicts.hasPrefix("conflicts with " + letter))
        #expect(DisplayWidth.of(text.conflicts) <= NotificationText.longestConflictTitle + 40)
        let variables = CommandNotifier.variables(event, text: text, zone: NotificationTextTests.berlin)
        #expect(variables.values.allSatisfy { $0.count < 1_000 })
    }

    /// An invitation someone delegated to you (RFC 5546 §4.2.5: your ATTENDEE carries their
    /// DELEGATED-FROM) says by whom, as `list` and `show` do; the organizer's own invitation to
    /// the same meeting, read as another attendee, says nothing of it.
    @Test("A delegated invitation's notification says who delegated it to you")
    func aDelegatedInvitationSaysByWhom() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("invites-told-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let store = try InboxStore(home: home.path)
        let data = try Data(
            contentsOf: URL(
                fileURLWithPath: Fixture.repositoryFile(
                    "Tests/InvitesCLITests/Fixtures/itip/rfc5546-4.2.5-delegated-request.ics")))
        let now = NotificationTextTests.at("1997-01-01T00:00:00Z")
        _ = try InvitationFiler(store: store).file(
            try ITIPParser(display: .utc).parse(data, file: "delegated", source: .itip, fallbackMethod: nil), now: now)
        let stored = try #require(try store.list(statuses: nil).first)
        let zone = NotificationTextTests.berlin
        let delegate = WatchEvent(kind: .new, stored: stored, conflicts: [], me: MyAddresses(["e@example.com"]))
        #expect(delegate.delegatedBy == "c@example.com")
        #expect(NotificationText(delegate, zone: zone, now: now).body.contains("\ndelegated to you by c@example.com"))
        let other = WatchEvent(kind: .new, stored: stored, conflicts: [], me: MyAddresses(["b@example.com"]))
        #expect(other.delegatedBy == nil)
        #expect(!NotificationText(other, zone: zone, now: now).body.contains("delegated"))
    }

    @Test func aShortTitleIsLeftWhole() {
        let title = String(repeating: "y", count: NotificationText.longest)
        var event = NotificationTextTests.events[0]
        event.title = title
        #expect(NotificationText(event, zone: NotificationTextTests.berlin, now: .distantPast).summary == title)
    }

    /// Where the server reads markup (`body-markup`) the summary is escaped as the body is, so
    /// that a stranger's tags are shown, not rendered; elsewhere both go as they are.
    @Test("The summary is escaped like the body where markup is read", arguments: [true, false])
    func theSummaryIsEscapedLikeTheBodyWhereMarkupIsRead(markup: Bool) {
        let title = #"<b>Free</b> <a href="https://evil.example">crypto</a> <img src="file:///etc/passwd"> & co"#
        var event = NotificationTextTests.events[0]
        event.title = title
        event.organizer = "Ann <ann@example.org>"
        let text = NotificationText(event, zone: NotificationTextTests.berlin, now: .distantPast)
        let summary = DesktopNotifier.shown(text.summary, markup: markup)
        let body = DesktopNotifier.shown(text.body, markup: markup)
        if markup {
            #expect(
                summary
                    == "&lt;b&gt;Free&lt;/b&gt; &lt;a href=\"https://evil.example\"&gt;crypto&lt;/a&gt; "
                    + "&lt;img src=\"file:///etc/passwd\"&gt; &amp; co")
            #expect(body.contains("from Ann &lt;ann@example.org&gt;"))
            #expect(!summary.contains("<") && !body.contains("<"))
        } else {
            #expect(summary == title)
            #expect(body.contains("from Ann <ann@example.org>"))
        }
    }
}
