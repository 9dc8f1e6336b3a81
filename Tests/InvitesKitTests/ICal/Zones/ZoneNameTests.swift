import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// A zone name is never a path: libical opens `<zoneinfo>/<name>` for a name `zone.tab` does not
/// list, so a TZID, `--tz`, `X-WR-TIMEZONE` or payload `timezone` that is not spelled as the zone
/// database spells names never reaches it (issue 34, case 8).
@Suite struct ZoneNameTests {
    static let zoneinfo = "/usr/share/zoneinfo"

    @Test(arguments: [
        "Europe/Berlin", "America/Argentina/ComodRivadavia", "America/Port-au-Prince", "Etc/GMT+10", "Etc/GMT-14",
        "EST5EDT", "US/Eastern", "posix/Europe/Berlin", "right/America/Argentina/Salta", "W-SU", "GMT0",
    ])
    func aZoneDatabaseNamePasses(name: String) {
        #expect(ZoneName.allows(name))
    }

    @Test(arguments: [
        "../../../../dev/tty", "/etc/passwd", "../../../etc/passwd", "Europe/../../../../etc/passwd", "..", ".",
        "Europe/.", "./Europe/Berlin", "/Europe/Berlin", "Europe/Berlin/", "Europe//Berlin", "", "/",
        "Europe/Berlin\0/../../../etc/passwd", "Europe/Berlin\n", "Europe/Berlin\r", "Europe/Berlin ",
        "-Europe/Berlin", "Etc/+10", "W. Europe Standard Time", "Europe\\Berlin", "Europ\u{E9}/Berlin",
        "A/B/C/D/E", "Europe/Fifteen_Letters", "~/zone", "$HOME", "Europe/Berlin;x",
    ])
    func anythingElseIsRefused(name: String) {
        #expect(!ZoneName.allows(name))
    }

    @Test(
        "A name that climbs or holds a control character is a path",
        arguments: [
            ("../zoneinfo/Europe/Berlin", true), ("Europe/../Europe/Berlin", true), ("./Europe/Berlin", true),
            ("Europe/Berlin\0", true), ("Europe/Berlin\n", true), ("Europe/Berlin\u{7F}", true),
            ("/etc/passwd", false), ("/mozilla.org/20050126_1/Europe/Berlin", false), ("Europe/Berlin", false),
            ("W. Europe Standard Time", false),
        ])
    func aNameThatClimbsOrHoldsAControlCharacterIsAPath(name: String, isPath: Bool) {
        #expect(ZoneName.isPath(name) == isPath)
    }

    /// Every zone the system's database has passes, so that the gate costs no real name.
    @Test func everyNameTheSystemHasPasses() throws {
        guard let walker = FileManager.default.enumerator(atPath: ZoneNameTests.zoneinfo) else { return }
        var checked = 0
        for case let relative as String in walker {
            let path = ZoneNameTests.zoneinfo + "/" + relative
            guard let handle = FileHandle(forReadingAtPath: path) else { continue }
            let magic = try? handle.read(upToCount: 4)  // a folder cannot be read
            try handle.close()
            guard magic == Data("TZif".utf8) else { continue }
            #expect(ZoneName.allows(relative), "\(relative)")
            checked += 1
        }
        #expect(checked == 0 || checked > 300)
    }

    /// A copy of a real zone's file outside zoneinfo, and the name with `..` that reaches it from
    /// there; `nil` where the system has no zone database.
    static func stolenZone() throws -> (folder: String, name: String)? {
        let berlin = zoneinfo + "/Europe/Berlin"
        guard FileManager.default.fileExists(atPath: berlin) else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zone-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: berlin, toPath: folder + "/Stolen")
        return (folder, "../../../../../.." + folder + "/Stolen")
    }

    /// libical would load the copy (a real zone's bytes); the gate keeps the name unknown
    /// wherever a name is looked up.
    @Test("A zone file outside zoneinfo is not loaded by any door")
    func aZoneFileOutsideZoneinfoIsNotLoadedByAnyDoor() throws {
        guard let (folder, name) = try ZoneNameTests.stolenZone() else { return }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(ZoneResolver.builtin(name) == nil)
        #expect(ZoneResolver.named(name) == nil)
        #expect(ZoneResolver.offsets(named: name) == nil)
        #expect(DisplayZone(identifier: name) == nil)
        #expect(DisplayZone(tzid: name) == nil)
        let resolver = ZoneResolver(display: .utc)
        #expect(resolver.zone(for: name) == nil)
        #expect(resolver.floatingZoneProblem(name)?.contains("unknown time zone") == true)
    }

    /// A time in such a zone is floating with the unknown-zone warning, as any unknown zone's is
    /// (in Berlin's summer time it would be 07:30Z).
    @Test(arguments: ["stolen", "../../../../etc/passwd", "/etc/passwd"])
    func aTimeInAPathZoneIsFloatingWithAWarning(zone: String) throws {
        var name = zone
        var folder: String?
        if zone == "stolen" {
            guard let stolen = try ZoneNameTests.stolenZone() else { return }
            (folder, name) = stolen
        }
        defer { folder.map { try? FileManager.default.removeItem(atPath: $0) } }
        let result = try CalendarText.occurrences(
            [
                "BEGIN:VEVENT", "UID:path", "DTSTAMP:20250101T000000Z", "DTSTART;TZID=\(name):20250715T093000",
                "DTEND;TZID=\(name):20250715T103000", "END:VEVENT",
            ], from: "2025-07-15T00:00:00Z", to: "2025-07-16T00:00:00Z")
        #expect(CalendarText.spans(result, uid: "path") == ["2025-07-15T09:30:00Z/2025-07-15T10:30:00Z"])
        #expect(result.warnings.contains { $0.message.contains("unknown time zone") && $0.message.contains(name) })
    }

    /// The fixture's TZIDs that are paths are floating, each with the unknown-zone warning, in a
    /// calendar and in an invitation alike; `../zoneinfo/Europe/Berlin` names a real zone file
    /// by a path, which libical would load (07:30Z). A `/` before an IANA name is a prefix, as a
    /// vendor's is, and names the zone.
    @Test func theFixturesPathsAreUnknownZones() throws {
        let result = try CalendarQuery(
            sources: [try CalendarSource.named(Fixture.path("calendars/tzid-paths.ics"))], display: .utc,
            me: MyAddresses([])
        ).occurrences(in: DateInterval(start: .utc("2025-07-15T00:00:00Z"), end: .utc("2025-07-16T00:00:00Z")))
        let floating = [
            "dotdot-berlin", "inner-dotdot", "passwd-up", "passwd-absolute", "tty", "caret-newline", "nul", "floating",
        ]
        for name in floating {
            #expect(
                CalendarText.spans(result, uid: name + "@example.org") == ["2025-07-15T09:30:00Z/2025-07-15T10:30:00Z"],
                "\(name)")
        }
        #expect(
            CalendarText.spans(result, uid: "slash-berlin@example.org") == ["2025-07-15T07:30:00Z/2025-07-15T08:30:00Z"]
        )
        let messages = result.warnings.map(\.message)
        #expect(messages.contains { $0.hasPrefix("X-WR-TIMEZONE names an unknown time zone \"../zoneinfo/America") })
        #expect(messages.filter { $0.hasPrefix("unknown time zone") }.count >= 7, "\(messages)")

        let invites = try ITIPParser(display: .utc).parse(
            Fixture.data("calendars/tzid-paths.ics"), file: "tzid-paths.ics", source: .itip, fallbackMethod: nil)
        for name in floating {
            #expect(invites.first { $0.uid == name + "@example.org" }?.start == .utc("2025-07-15T09:30:00Z"), "\(name)")
        }
        #expect(invites.first { $0.uid == "slash-berlin@example.org" }?.start == .utc("2025-07-15T07:30:00Z"))
    }

    /// libical's calls that look a TZID up by themselves (and so would open the file it names) are
    /// not made: the one call that loads zones is ``ZoneResolver/builtin(_:)``, behind the gate.
    @Test func noOtherCallReachesLibicalsLoader() throws {
        let loaders = [
            "icaltimezone_get_builtin_timezone(", "icaltimezone_get_builtin_timezone_from_tzid",
            "icaltimezone_get_builtin_timezone_from_offset", "icaltzutil_fetch_timezone",
            "icalproperty_get_datetime_with_component", "icalcomponent_get_dtstart", "icalcomponent_get_dtend",
            "icalcomponent_get_due", "icalcomponent_get_duration", "icalcomponent_get_span", "icalcomponent_set_due",
            "icalcomponent_set_duration", "icalcomponent_foreach_recurrence", "icalproperty_recurrence_is_excluded",
            "icalclassify",
        ]
        let sources = Fixture.packageRoot.appendingPathComponent("Sources").path
        let walker = try #require(FileManager.default.enumerator(atPath: sources))
        var calls: [String] = []
        for case let relative as String in walker where relative.hasSuffix(".swift") || relative.hasSuffix(".h") {
            let text = try String(contentsOfFile: sources + "/" + relative, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for loader in loaders where code.contains(loader) { calls.append("\(relative): \(code)") }
            }
        }
        // The one call with a constant: it sets up libical's TZID prefix and names no file.
        #expect(
            calls.sorted() == [
                "InvitesFormats/ICal/LibICal.swift: _ = icaltimezone_get_builtin_timezone_from_tzid(\"/\")",
                "InvitesFormats/ICal/Zones/ZoneResolver.swift: return icaltimezone_get_builtin_timezone(name)",
            ])
    }
}
