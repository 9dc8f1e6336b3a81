import Foundation
import InvitesModel
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// The rules of an organizer's `RECURRENCE-ID;RANGE=THISANDFUTURE` in the inbox: which range
/// reaches an occurrence, the answer an occurrence follows, where a range puts the occurrences
/// after it, which of your later answers it reaches, and what `list` says of it.
@Suite struct RangeOverridesTests {
    static let third = "2026-12-21T10:00:00Z"
    static let fifth = "2027-01-04T10:00:00Z"

    static func range(_ key: String, start: String, end: String, answer: InviteStatus? = nil, cancelled: Bool = false)
        -> StoredInstance
    {
        StoredInstance(
            recurrenceID: key,
            organizer: Invite.Instance(
                recurrenceID: key, title: "Weekly sync", start: .utc(start), end: .utc(end), sequence: 1,
                cancelled: cancelled, thisAndFuture: true),
            message: nil, answer: answer)
    }

    static func stored(_ instances: [StoredInstance], status: InviteStatus = .accepted) -> StoredInvite {
        StoredInvite(
            handle: "r4ng",
            invite: Invite(
                uid: "range-1@example.org", title: "Weekly sync", start: .utc("2026-12-07T10:00:00Z"),
                end: .utc("2026-12-07T11:00:00Z"), source: .itip, raw: Data()),
            status: status, receivedAt: Date(), updatedAt: Date(), instances: instances)
    }

    @Test func theLatestRangeAtOrBeforeAnOccurrenceReachesIt() {
        let ranges = RangeOverrides([
            Self.range(Self.fifth, start: "2027-01-04T12:00:00Z", end: "2027-01-04T13:00:00Z"),
            Self.range(Self.third, start: "2026-12-21T11:00:00Z", end: "2026-12-21T12:00:00Z"),
        ])
        #expect(ranges.covering("2026-12-14T10:00:00Z") == nil)
        #expect(ranges.covering(Self.third)?.recurrenceID == Self.third)
        #expect(ranges.covering("2026-12-28T10:00:00Z")?.recurrenceID == Self.third)
        #expect(ranges.covering("2027-01-11T10:00:00Z")?.recurrenceID == Self.fifth)
        #expect(ranges.preceding(Self.third) == nil)
        #expect(ranges.preceding(Self.fifth)?.recurrenceID == Self.third)
    }

    /// A cancelled range moves nothing: it cancels (``RangeCancelTests``).
    @Test func aCancelledRangeOrASingleInstanceMovesNothing() {
        let single = StoredInstance(
            recurrenceID: Self.third,
            organizer: Invite.Instance(
                recurrenceID: Self.third, title: "Weekly sync", start: .utc("2026-12-21T11:00:00Z"),
                end: .utc("2026-12-21T12:00:00Z")),
            message: nil, answer: .pending)
        let cancelled = Self.range(
            Self.fifth, start: "2027-01-04T10:00:00Z", end: "2027-01-04T11:00:00Z", cancelled: true)
        let ranges = RangeOverrides([single, cancelled])
        #expect(ranges.covering(Self.third) == nil)
        #expect(ranges.covering("2027-01-11T10:00:00Z") == nil)
        #expect(RangeOverrides([single]).isEmpty)
    }

    @Test func laterOccurrencesFollowTheRangesAnswer() {
        let stored = Self.stored([
            Self.range(Self.third, start: "2026-12-21T11:00:00Z", end: "2026-12-21T12:00:00Z", answer: .pending),
            StoredInstance(recurrenceID: Self.fifth, organizer: nil, message: nil, answer: .declined),
        ])
        #expect(stored.answer(for: "2026-12-14T10:00:00Z") == .accepted)
        #expect(stored.answer(for: Self.third) == .pending)
        #expect(stored.answer(for: "2026-12-28T10:00:00Z") == .pending)
        #expect(stored.answer(for: Self.fifth) == .declined)
        #expect(stored.answer(for: nil) == .accepted)
        #expect(stored.needsAnswer)
        #expect(stored.instanceSummary == "1 moved with all later, 1 pending with all later, 1 declined")
    }

    @Test func aRangeThatChangesNoTimeIsSaidSo() {
        let stored = Self.stored([Self.range(Self.third, start: "2026-12-21T10:00:00Z", end: "2026-12-21T11:00:00Z")])
        #expect(stored.instanceSummary == "1 changed with all later")
        #expect(stored.answer(for: "2026-12-28T10:00:00Z") == .accepted)
        #expect(!stored.needsAnswer)
    }

    @Test func aPlacementIsTheShiftAndTheLength() throws {
        let moved = try #require(
            Self.range(Self.third, start: "2026-12-21T11:00:00Z", end: "2026-12-21T12:30:00Z").organizer)
        #expect(RangeOverrides.Placement(moved) == RangeOverrides.Placement(shift: 3_600, length: 5_400))
        let series = Self.stored([]).invite
        #expect(RangeOverrides.Placement(series: series) == RangeOverrides.Placement(shift: 0, length: 3_600))
    }

    @Test func whatWasThereBeforeARange() {
        let earlier = Self.range(Self.third, start: "2026-12-21T11:00:00Z", end: "2026-12-21T12:00:00Z")
        let stored = Self.stored([earlier])
        let ranges = RangeOverrides(stored)
        // At a key no range held: the range reaching it from before, else the series.
        #expect(
            InvitationFiler.placementBefore(Self.fifth, held: nil, series: stored.invite, ranges: ranges)
                == RangeOverrides.Placement(shift: 3_600, length: 3_600))
        #expect(
            InvitationFiler.placementBefore(Self.third, held: nil, series: stored.invite, ranges: RangeOverrides([]))
                == RangeOverrides.Placement(shift: 0, length: 3_600))
        // At the key of a range held: that range.
        #expect(
            InvitationFiler.placementBefore(Self.third, held: earlier, series: stored.invite, ranges: ranges)
                == RangeOverrides.Placement(shift: 3_600, length: 3_600))
    }

    @Test func aRangeReachesTheLaterAnswersGivenApartUntilTheNextRange() {
        let yours = { (key: String) in
            StoredInstance(recurrenceID: key, organizer: nil, message: nil, answer: .accepted)
        }
        let filing = RangeFiling(
            Self.stored([
                yours("2026-12-14T10:00:00Z"), yours("2026-12-28T10:00:00Z"),
                Self.range(Self.fifth, start: "2027-01-04T12:00:00Z", end: "2027-01-04T13:00:00Z"),
                yours("2027-01-11T10:00:00Z"),
            ]))
        #expect(filing.reached(from: Self.third).map { filing.yours[$0].key } == ["2026-12-28T10:00:00Z"])
        #expect(filing.reached(from: Self.fifth).map { filing.yours[$0].key } == ["2027-01-11T10:00:00Z"])
        // Once a range at the third is filed, the calendar copies it reaches are made again.
        filing.ranges.set(Self.range(Self.third, start: "2026-12-21T11:00:00Z", end: "2026-12-21T12:00:00Z"))
        filing.filed.insert(Self.third)
        #expect(filing.reachedKeys == ["2026-12-28T10:00:00Z"])
    }

    @Test func settingARangeReplacesWhatItsKeyHeld() {
        var ranges = RangeOverrides([Self.range(Self.third, start: "2026-12-21T11:00:00Z", end: "2026-12-21T12:00:00Z")]
        )
        #expect(ranges.next(after: .utc("2026-12-14T10:00:00Z")) == .utc(Self.third))
        ranges.set(Self.range(Self.fifth, start: "2027-01-04T12:00:00Z", end: "2027-01-04T13:00:00Z"))
        #expect(ranges.next(after: .utc(Self.third)) == .utc(Self.fifth))
        ranges.set(Self.range(Self.third, start: "2026-12-21T10:00:00Z", end: "2026-12-21T11:00:00Z", cancelled: true))
        #expect(ranges.covering("2026-12-28T10:00:00Z") == nil)
        #expect(ranges.next(after: .utc("2026-12-14T10:00:00Z")) == .utc(Self.fifth))
    }
}
