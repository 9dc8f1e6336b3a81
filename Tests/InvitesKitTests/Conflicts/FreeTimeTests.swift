import Foundation
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// Free stretches follow the conflict rules, and working hours read as people write them.
@Suite struct FreeTimeTests {
    func event(
        _ start: String, _ end: String, uid: String = "e", free: Occurrence.FreeReason? = nil
    ) -> Occurrence {
        Occurrence(uid: uid, title: uid, start: .utc(start), end: .utc(end), free: free, source: "t.ics")
    }

    let day = DateInterval(start: .utc("2024-06-10T09:00:00Z"), end: .utc("2024-06-10T17:00:00Z"))

    @Test func busyOccurrencesCutTheDay() {
        let stretches = FreeTime.stretches(
            within: day,
            occurrences: [
                event("2024-06-10T08:00:00Z", "2024-06-10T09:30:00Z"),
                event("2024-06-10T11:00:00Z", "2024-06-10T12:00:00Z"),
                event("2024-06-10T11:30:00Z", "2024-06-10T13:00:00Z"),
                event("2024-06-10T13:00:00Z", "2024-06-10T14:00:00Z", free: .transparent),
                event("2024-06-10T16:00:00Z", "2024-06-10T18:00:00Z", uid: "self"),
            ], excluding: "self")
        #expect(
            stretches == [
                DateInterval(start: .utc("2024-06-10T09:30:00Z"), end: .utc("2024-06-10T11:00:00Z")),
                DateInterval(start: .utc("2024-06-10T13:00:00Z"), end: .utc("2024-06-10T17:00:00Z")),
            ])
    }

    @Test func anInstantTakesAMinuteSoNoStretchHoldsIt() {
        let stretches = FreeTime.stretches(
            within: day, occurrences: [event("2024-06-10T12:00:00Z", "2024-06-10T12:00:00Z")])
        #expect(stretches.count == 2)
        for stretch in stretches {
            #expect(
                !ConflictRules.intersects(
                    .utc("2024-06-10T12:00:00Z"), .utc("2024-06-10T12:00:00Z"), stretch.start, stretch.end))
        }
    }

    @Test func aBusyDayHasNoStretch() {
        #expect(
            FreeTime.stretches(within: day, occurrences: [event("2024-06-10T00:00:00Z", "2024-06-11T00:00:00Z")])
                .isEmpty)
    }

    @Test(arguments: [
        ("09:00-17:00", 540, 1_020), ("8:30 - 12:15", 510, 735), ("00:00-24:00", 0, 1_440),
    ])
    func hours(text: String, start: Int, end: Int) {
        let parsed = WorkingHours.hours(text)
        #expect(parsed?.start == start)
        #expect(parsed?.end == end)
    }

    @Test(arguments: ["17:00-09:00", "9-17", "09:00", "25:00-26:00", "09:60-10:00"])
    func hoursRefused(text: String) {
        #expect(WorkingHours.hours(text) == nil)
    }

    @Test func days() {
        #expect(WorkingHours.days("mon-fri") == [1, 2, 3, 4, 5])
        #expect(WorkingHours.days("Monday,Wed, fri") == [1, 3, 5])
        #expect(WorkingHours.days("fri-mon") == [1, 5, 6, 7], "in week order, each day once")
        #expect(WorkingHours.days("sat-sun,tue") == [2, 6, 7])
        #expect(WorkingHours.days("mo") == nil)
        #expect(WorkingHours.days("funday") == nil)
        #expect(WorkingHours.days("mon-") == nil)
        #expect(WorkingHours(start: 0, end: 60, days: [1, 2, 3, 4, 5]).daysText == "mon-fri")
        #expect(WorkingHours(start: 0, end: 60, days: [1, 3]).daysText == "mon,wed")
    }

    @Test func aWorkingDayInAZone() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let monday = try #require(LocalDate(iso: "2024-06-10"))
        let hours = WorkingHours.standard.interval(on: monday, in: berlin)
        #expect(hours == DateInterval(start: .utc("2024-06-10T07:00:00Z"), end: .utc("2024-06-10T15:00:00Z")))
        #expect(WorkingHours.weekday(of: monday) == 1)
        #expect(WorkingHours.standard.interval(on: monday.adding(days: 5), in: berlin) == nil)
    }
}
