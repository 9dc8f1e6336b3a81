import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// What counts as stale: a notification is current while the invitation's revision and your
/// answers (the series' and each occurrence's) are as they were when it was shown; where an
/// answer given meanwhile came from; and the words that say so.
@Suite struct ShownInvitationTests {
    static let shownAt = Date.utc("2026-12-01T12:00:00Z").addingTimeInterval(0.7)

    static func stored(
        status: InviteStatus = .pending, revision: Int = 2, occurrences: [String: InviteStatus] = [:],
        inCalendar: Bool = false
    ) -> StoredInvite {
        let invite = Invite(
            uid: "plan@example.org", title: "Planning", start: .utc("2026-12-14T09:00:00Z"),
            end: .utc("2026-12-14T10:00:00Z"), sequence: 1, dtstamp: .utc("2026-12-01T08:00:00Z"), method: .request,
            source: .itip, raw: Data())
        return StoredInvite(
            handle: "k3m9", invite: invite, status: status, receivedAt: shownAt, updatedAt: shownAt,
            instances: occurrences.sorted { $0.key < $1.key }.map {
                StoredInstance(recurrenceID: $0.key, organizer: nil, message: nil, answer: $0.value)
            },
            foundIn: inCalendar ? CalendarItem(calendar: "/cal", path: "/cal/plan.ics") : nil, revision: revision)
    }

    static let shown = ShownInvitation(stored(occurrences: ["2026-12-21T09:00:00Z": .tentative]), at: shownAt)

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var now: StoredInvite?
        var drift: ShownInvitation.Drift?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "as shown", now: stored(occurrences: ["2026-12-21T09:00:00Z": .tentative]), drift: nil),
        Case(
            name: "declined elsewhere",
            now: stored(status: .declined, occurrences: ["2026-12-21T09:00:00Z": .tentative]),
            drift: .answered(.declined, occurrence: false)),
        Case(
            name: "accepted and updated: the answer is what is said",
            now: stored(status: .accepted, revision: 3), drift: .answered(.accepted, occurrence: false)),
        Case(
            name: "an occurrence declined elsewhere",
            now: stored(occurrences: ["2026-12-21T09:00:00Z": .tentative, "2026-12-28T09:00:00Z": .declined]),
            drift: .answered(.declined, occurrence: true)),
        Case(
            name: "an occurrence follows the series again", now: stored(), drift: .changed),
        Case(
            name: "the organizer changed it",
            now: stored(revision: 3, occurrences: ["2026-12-21T09:00:00Z": .tentative]), drift: .changed),
        Case(
            name: "cancelled", now: stored(status: .cancelled, occurrences: ["2026-12-21T09:00:00Z": .tentative]),
            drift: .changed),
        Case(
            name: "gone from your calendar",
            now: stored(status: .removed, occurrences: ["2026-12-21T09:00:00Z": .tentative]),
            drift: .gone(removed: true)),
        Case(name: "no longer in the inbox", now: nil, drift: .gone(removed: false)),
    ]

    @Test(arguments: cases) func driftFromWhatWasShown(_ test: Case) {
        #expect(ShownInvitationTests.shown.drift(to: test.now) == test.drift)
    }

    /// A shown answer that went back to waiting (the calendar reset it) is a change to show
    /// again, not an answer.
    @Test func anAnswerThatWentBackToWaitingIsAChange() {
        let shown = ShownInvitation(ShownInvitationTests.stored(status: .accepted), at: ShownInvitationTests.shownAt)
        #expect(shown.drift(to: ShownInvitationTests.stored()) == .changed)
    }

    /// Filing's report counts revisions short; the store's revision is taken when it holds the
    /// version told, and none is current when it holds another.
    @Test func theRevisionIsTheStoresForTheVersionTold() {
        let told = ShownInvitationTests.stored(revision: 0)
        let current = ShownInvitationTests.stored(revision: 4)
        let shown = ShownInvitation(told: told, current: current, at: ShownInvitationTests.shownAt)
        #expect(shown.drift(to: current) == nil)
        var newer = current
        newer.invite.sequence = 2
        let early = ShownInvitation(told: told, current: newer, at: ShownInvitationTests.shownAt)
        #expect(early.drift(to: newer) == .changed)
        #expect(
            ShownInvitation(told: told, current: nil, at: ShownInvitationTests.shownAt).drift(to: current) == .changed)
    }

    static func entry(_ action: AnswerAction, at: Date) -> HistoryEntry {
        HistoryEntry(
            handle: "k3m9", uid: "plan@example.org", recurrenceID: nil, senderID: nil, title: "Planning",
            start: .utc("2026-12-14T09:00:00Z"), end: .utc("2026-12-14T10:00:00Z"), sequence: 1, dtstamp: nil,
            action: action, comment: nil, at: at, delivery: .queued)
    }

    struct PlaceCase: Sendable, CustomTestStringConvertible {
        var name: String
        var history: [HistoryEntry]
        var inCalendar: Bool
        var place: ShownInvitation.Place
        var testDescription: String { name }
    }

    static let placeCases: [PlaceCase] = [
        PlaceCase(
            name: "an answer in the history since", history: [entry(.declined, at: shownAt.addingTimeInterval(30))],
            inCalendar: true, place: .terminal),
        PlaceCase(
            name: "an answer in the same second", history: [entry(.declined, at: .utc("2026-12-01T12:00:00Z"))],
            inCalendar: false, place: .terminal),
        PlaceCase(
            name: "only older answers, from the calendar",
            history: [entry(.accepted, at: shownAt.addingTimeInterval(-3600))], inCalendar: true, place: .calendar),
        PlaceCase(
            name: "a comment is no answer", history: [entry(.commented, at: shownAt.addingTimeInterval(5))],
            inCalendar: false, place: .elsewhere),
    ]

    @Test(arguments: placeCases) func whereItWasAnswered(_ test: PlaceCase) {
        let now = ShownInvitationTests.stored(status: .declined, inCalendar: test.inCalendar)
        #expect(ShownInvitationTests.shown.place(of: now, history: test.history) == test.place)
    }

    struct Words: Sendable, CustomTestStringConvertible {
        var drift: ShownInvitation.Drift
        var place: ShownInvitation.Place
        var withdrawn: String
        var refused: String
        var testDescription: String { withdrawn }
    }

    static let wordCases: [Words] = [
        Words(
            drift: .answered(.declined, occurrence: false), place: .terminal,
            withdrawn: "declined in the terminal: Planning",
            refused: "already declined in the terminal; nothing changed"),
        Words(
            drift: .answered(.accepted, occurrence: false), place: .calendar,
            withdrawn: "accepted in your calendar: Planning",
            refused: "already accepted in your calendar; nothing changed"),
        Words(
            drift: .answered(.tentative, occurrence: true), place: .elsewhere,
            withdrawn: "an occurrence tentative elsewhere: Planning",
            refused: "an occurrence already tentative elsewhere; nothing changed"),
        Words(
            drift: .changed, place: .elsewhere, withdrawn: "changed since this notification was shown: Planning",
            refused: "changed since this notification was shown; nothing changed"),
        Words(
            drift: .gone(removed: true), place: .elsewhere, withdrawn: "gone from your calendar: Planning",
            refused: "gone from your calendar; nothing changed"),
    ]

    @Test(arguments: wordCases) func theWords(_ test: Words) {
        let withdrawn = NotificationText.answeredElsewhere(title: "Planning", drift: test.drift, place: test.place)
        #expect(withdrawn.summary == test.withdrawn)
        let refused = NotificationText.refused(.accepted, title: "Planning", drift: test.drift, place: test.place)
        #expect(refused.summary == "not accepted: Planning")
        #expect(refused.body == test.refused)
    }

    /// A stranger's title is made printable and bounded in these words too.
    @Test func aHostileTitleIsPrintableAndBounded() {
        let title = "Plan\u{1b}[31m" + String(repeating: "x", count: 10_000)
        let words = NotificationText.refused(
            .declined, title: title, drift: .answered(.accepted, occurrence: false), place: .terminal)
        #expect(!words.summary.unicodeScalars.contains { $0.value == 0x1b })
        #expect(words.summary.count == NotificationText.longest)
        #expect(words.summary.hasSuffix("x…"))
    }
}
