import Foundation
import Testing

@testable import InvitesFormats
@testable import InvitesKit

/// The display zone is settled by name at every start and made into Foundation's zone only
/// when a time is formatted: the two views must still agree.
@Suite struct DisplayZoneTests {
    @Test(arguments: ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Pacific/Chatham"])
    func foundationsZoneIsTheNamedOne(name: String) throws {
        let zone = try #require(DisplayZone(identifier: name))
        #expect(zone.timeZone.identifier == name)
        let summer = Date(timeIntervalSince1970: 1_752_566_400)  // 2025-07-15T08:00:00Z
        let winter = Date(timeIntervalSince1970: 1_736_928_000)  // 2025-01-15T08:00:00Z
        for instant in [summer, winter] {
            #expect(
                ZoneResolver.offset(of: name, at: Int(instant.timeIntervalSince1970))
                    == zone.timeZone.secondsFromGMT(for: instant))
        }
    }

    @Test func namesOfUTCAreOneZone() throws {
        for name in ["UTC", "GMT", "Z", "Etc/UTC", ":UTC", "Zulu"] {
            let zone = try #require(DisplayZone(identifier: name))
            #expect(zone == .utc)
            #expect(zone.timeZone.secondsFromGMT(for: Date()) == 0)
        }
    }

    @Test func aNameNoZoneDatabaseKnowsIsRefused() {
        #expect(DisplayZone(identifier: "Mars/Olympus_Mons") == nil)
        #expect(DisplayZone(identifier: "") == nil)
        #expect(ZoneResolver.offset(of: "Mars/Olympus_Mons", at: 0) == nil)
    }

    /// `/etc/localtime` is a link into the zone database, absolute or relative, on Debian and
    /// most systems; a copied file or a link elsewhere is left to Foundation.
    @Test("The system zone is named by the link into the zone database")
    func theSystemZoneIsNamedByTheLinkIntoTheZoneDatabase() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invites-zone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let links = [
            "absolute": "/usr/share/zoneinfo/Europe/Berlin", "relative": "../usr/share/zoneinfo/Asia/Tokyo",
            "utc": "/usr/share/zoneinfo/Etc/UTC", "elsewhere": "/etc/zones/Berlin",
            "unknown": "/usr/share/zoneinfo/Nowhere",
        ]
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(atPath: folder.path + "/" + name, withDestinationPath: target)
        }
        try Data("TZif".utf8).write(to: URL(fileURLWithPath: folder.path + "/copied"))
        #expect(DisplayZone(link: folder.path + "/absolute")?.identifier == "Europe/Berlin")
        #expect(DisplayZone(link: folder.path + "/relative")?.identifier == "Asia/Tokyo")
        #expect(DisplayZone(link: folder.path + "/utc") == .utc)
        for name in ["elsewhere", "unknown", "copied", "missing"] {
            #expect(DisplayZone(link: folder.path + "/" + name) == nil)
        }
    }
}
