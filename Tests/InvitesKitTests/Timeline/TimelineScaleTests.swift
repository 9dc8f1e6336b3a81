import Foundation
import Testing

@testable import InvitesFormats
@testable import InvitesKit

/// The ruler's step fits the window to the columns, and its labels fall on the zone's hours.
@Suite struct TimelineScaleTests {
    func scale(hours: Double, columns: Int, from start: String = "2024-06-10T06:00:00Z") -> TimelineScale {
        TimelineScale(window: DateInterval(start: .utc(start), duration: hours * 3_600), columns: columns)
    }

    @Test(arguments: [
        (5.0, 45, 3_600.0), (2.0, 45, 1_800.0), (2.0, 89, 900.0), (23.0, 45, 10_800.0), (23.0, 89, 7_200.0),
        (23.0, 30, 14_400.0), (384.0, 30, 4 * 86_400.0),
    ])
    func theFinestStepWhoseLabelsDoNotCrowd(hours: Double, columns: Int, step: TimeInterval) {
        #expect(scale(hours: hours, columns: columns).step == step)
    }

    @Test("Labels are the zone's hours, and midnight names the day")
    func labelsAreTheZonesHoursAndMidnightNamesTheDay() {
        let (labels, ticks) = scale(hours: 6, columns: 48, from: "2024-06-10T20:00:00Z").ruler(
            time: HumanTime(zone: .utc))
        #expect(labels.split(separator: " ") == ["20", "21", "22", "23", "Tu", "01"])
        #expect(ticks.filter { $0 == "|" }.count == 6)
        #expect(labels.count == 48)
    }

    @Test func aZoneHalfAnHourOffStillTicksOnItsHours() throws {
        let kolkata = try #require(DisplayZone(identifier: "Asia/Kolkata"))
        let (labels, _) = scale(hours: 4, columns: 40, from: "2024-06-10T03:00:00Z").ruler(
            time: HumanTime(zone: kolkata))
        #expect(labels.split(separator: " ") == ["09", "10", "11", "12"])
    }

    @Test func sub_hourStepsWriteTheMinutes() {
        let (labels, _) = scale(hours: 2, columns: 89).ruler(time: HumanTime(zone: .utc))
        #expect(labels.hasPrefix("06:00"))
        #expect(labels.contains("06:15"))
    }
}
