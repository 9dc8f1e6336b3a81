import Foundation
import Testing

@testable import InvitesKit

/// A vdir's items are listed in the byte order of their names, the order ``VdirIndex`` keeps,
/// also where names tie on their first eight bytes or end before them.
@Suite struct VdirListingTests {
    @Test func itemsAreInByteOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vdir-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let names = [
            "abcdefgh1.ics", "abcdefgh0.ics", "abcdefgh.ics", "ab.ics", "a.ics", "B.ics", "\u{e9}t\u{e9}.ics",
            "zzzzzzzzzzzz.ics", "abcdefgh0-long-tail.ics",
        ]
        for name in names { FileManager.default.createFile(atPath: folder + "/" + name, contents: Data()) }
        let listing = try VdirListing(folder)
        let listed = (0..<listing.count).map { listing.name($0) }
        #expect(listed == names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    /// Many names alike in their first eight bytes and many that differ there, in the order a
    /// folder lists them, the same name never twice.
    @Test func manyNamesAreInByteOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vdir-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var names: [String] = []
        for number in 0..<600 {
            names.append("event-\(number * 7 % 600).ics")
            names.append(String(UInt64(number) &* 0x9E37_79B9_7F4A_7C15, radix: 16) + "@example.com.ics")
        }
        for name in names { FileManager.default.createFile(atPath: folder + "/" + name, contents: Data()) }
        let listing = try VdirListing(folder)
        let listed = (0..<listing.count).map { listing.name($0) }
        #expect(listed == Set(names).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }
}
