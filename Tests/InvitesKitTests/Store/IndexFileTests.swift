import Foundation
import Testing

@testable import InvitesKit
@testable import InvitesSystem

/// A large index lives in a file beside the cache, and only a file that still holds it whole
/// is read back.
@Suite struct IndexFileTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("index-file-\(UUID().uuidString)").path

    /// Bytes that differ from page to page, as an index does.
    static func index(_ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
    }

    @Test func aLargeIndexIsKeptInAFileAndReadBack() throws {
        defer { try? FileManager.default.removeItem(atPath: home) }
        let store = try CacheStore(home: home)
        let large = IndexFileTests.index(IndexFile.threshold + 12_345)
        store.saveIndex(large, for: "vdir:/calendars/work")
        let file = IndexFile(key: "vdir:/calendars/work", home: home)
        #expect(FileManager.default.contents(atPath: file.path) == large)
        #expect(store.indexData(for: "vdir:/calendars/work") == large)
        // Only the reference is in the store.
        let statement = try store.database.prepare("SELECT length(data) FROM calendar_index WHERE key = ?")
        #expect(try statement.bind([.text("vdir:/calendars/work")]).step())
        #expect(statement.int(0) < 64)
        // The file is named by a hash of the key, inside the cache's folder, readable by you alone.
        #expect(file.path.hasPrefix(home + "/" + IndexFile.folderName + "/"))
        #expect(!file.path.contains("calendars"))
        #expect(try Posix.stat(file.path).st_mode & 0o077 == 0)
        // A small one goes back into the store, and the file goes.
        store.saveIndex(Data([1, 2, 3]), for: "vdir:/calendars/work")
        #expect(store.indexData(for: "vdir:/calendars/work") == Data([1, 2, 3]))
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home + "/" + IndexFile.folderName).isEmpty)
    }

    /// A file a crash left torn, one another run replaced, or one that is gone is no index.
    @Test("A file that no longer matches its reference is not read")
    func aFileThatNoLongerMatchesItsReferenceIsNotRead() throws {
        defer { try? FileManager.default.removeItem(atPath: home) }
        let store = try CacheStore(home: home)
        let large = IndexFileTests.index(IndexFile.threshold * 2)
        store.saveIndex(large, for: "key")
        let path = IndexFile(key: "key", home: home).path
        var torn = large
        torn.replaceSubrange(4_096..<8_192, with: Data(count: 4_096))
        try torn.write(to: URL(fileURLWithPath: path))
        #expect(store.indexData(for: "key") == nil)
        var moved = large
        moved.swapAt(100, 100_000)
        try moved.write(to: URL(fileURLWithPath: path))
        #expect(store.indexData(for: "key") == nil)
        try large.prefix(large.count - 1).write(to: URL(fileURLWithPath: path))
        #expect(store.indexData(for: "key") == nil)
        try FileManager.default.removeItem(atPath: path)
        #expect(store.indexData(for: "key") == nil)
        // Written again, it is read again.
        store.saveIndex(large, for: "key")
        #expect(store.indexData(for: "key") == large)
    }

    /// An index kept in the store never reads as a reference, since each starts with its
    /// format number; a reference cut short or grown is not one either.
    @Test func onlyAWholeReferenceIsOne() {
        let reference = IndexFile.Reference(of: IndexFileTests.index(5_000))
        #expect(IndexFile.Reference(reference.encoded) == reference)
        #expect(IndexFile.Reference(reference.encoded.dropLast()) == nil)
        #expect(IndexFile.Reference(reference.encoded + Data([0])) == nil)
        var index = IndexWriter()
        index.put(UInt64(FileIndex.format))
        #expect(IndexFile.Reference(index.data) == nil)
    }
}
