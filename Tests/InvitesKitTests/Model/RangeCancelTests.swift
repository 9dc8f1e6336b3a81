import Foundation
import InvitesModel
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// The rule of an organizer's cancel with `RECURRENCE-ID;RANGE=THISANDFUTURE` (RFC 5546 §3.2.5):
/// it cancels its occurrence and every later one, until a range the organizer sent later
/// invites from there on again; `list` says it once.
@Suite struct RangeCancelTests {
    typealias Model = RangeOverridesTests

    static let cancelled = Model.range(
        Model.third, start: "2026-12-21T10:00:00Z", end: "2026-12-21T11:00:00Z", cancelled: true)

    @Test func aCancelledRangeCancelsItsOccurrenceAndEveryLaterOne() {
        let ranges = RangeOverrides([Self.cancelled])
        #expect(!ranges.cancels("2026-12-14T10:00:00Z"))
        #expect(ranges.cancels(Model.third))
        #expect(ranges.cancels("2026-12-28T10:00:00Z"))
        #expect(ranges.cancels("2027-01-11T10:00:00Z"))
        #expect(ranges.cancelledFrom?.key == Model.third)
        #expect(!ranges.isEmpty)
        #expect(ranges.covering("2026-12-28T10:00:00Z") == nil)
    }

    @Test func aLaterRangeInvitesAgainFromItsStartOn() {
        let ranges = RangeOverrides([
            Self.cancelled, Model.range(Model.fifth, start: "2027-01-04T12:00:00Z", end: "2027-01-04T13:00:00Z"),
        ])
        #expect(ranges.cancels("2026-12-28T10:00:00Z"))
        #expect(!ranges.cancels(Model.fifth))
        #expect(!ranges.cancels("2027-01-11T10:00:00Z"))
    }

    @Test func anAnswerGivenApartIsCancelledButAnInstanceSentAgainIsNot() {
        let apart = StoredInstance(
            recurrenceID: "2026-12-28T10:00:00Z", organizer: nil, message: nil, answer: .tentative)
        let sentAgain = StoredInstance(
            recurrenceID: Model.fifth,
            organizer: Invite.Instance(
                recurrenceID: Model.fifth, title: "Weekly sync", start: .utc("2027-01-04T10:00:00Z"),
                end: .utc("2027-01-04T11:00:00Z"), sequence: 4),
            message: nil, answer: .accepted)
        let stored = Model.stored([Self.cancelled, apart, sentAgain])
        #expect(stored.answer(for: "2026-12-14T10:00:00Z") == .accepted)
        #expect(stored.answer(for: Model.third) == .cancelled)
        #expect(stored.answer(for: "2026-12-28T10:00:00Z") == .cancelled)
        #expect(stored.answer(for: Model.fifth) == .accepted)
        #expect(stored.answer(for: "2027-01-11T10:00:00Z") == .cancelled)
    }

    @Test func listSaysFromWhenOnceForEveryOccurrenceItTook() {
        var later = Model.range(
            "2026-12-28T10:00:00Z", start: "2026-12-28T14:00:00Z", end: "2026-12-28T15:00:00Z", cancelled: true)
        later.organizer?.thisAndFuture = false
        let earlier = StoredInstance(
            recurrenceID: "2026-12-14T10:00:00Z",
            organizer: Invite.Instance(
                recurrenceID: "2026-12-14T10:00:00Z", title: "Weekly sync", start: .utc("2026-12-14T10:00:00Z"),
                end: .utc("2026-12-14T11:00:00Z"), cancelled: true),
            message: nil, answer: nil)
        let stored = Model.stored([Self.cancelled, later, earlier])
        #expect(stored.instanceSummary == "1 cancelled, cancelled from 2026-12-21 on")
    }
}
