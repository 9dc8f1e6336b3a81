import Foundation
import Testing

@testable import InvitesKit

/// The home is made once, for you alone, and a home that is a file is refused, not replaced.
@Suite struct HomeFolderTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("invites-home-\(UUID().uuidString)").path

    @Test func aMissingHomeIsMadeWithItsParentsForYouAlone() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let home = root + "/nested/home/"
        #expect(try HomeFolder.file("invites.sqlite3", in: home) == home + "invites.sqlite3")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: home)[.posixPermissions] as? Int)
        #expect(mode == 0o700)
        #expect(try HomeFolder.file("cache.sqlite3", in: root) == root + "/cache.sqlite3", "a home there is kept")
    }

    @Test func aHomeThatIsAFileIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: root + "/file"))
        #expect(throws: StoreError.self) { try HomeFolder.file("invites.sqlite3", in: root + "/file") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/file")) == Data("mine".utf8))
    }
}
