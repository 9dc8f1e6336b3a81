import Foundation
import Testing

@testable import InvitesKit

/// The cache is a file of large pages, so that a vdir's index of many megabytes is written in few.
@Suite struct CacheStoreTests {
    @Test("A new cache has large pages and an existing one keeps its own")
    func aNewCacheHasLargePagesAndAnExistingOneKeepsItsOwn() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        func pageSize(_ database: Database) throws -> Int {
            let statement = try database.prepare("PRAGMA page_size")
            #expect(try statement.step())
            return statement.int(0)
        }
        #expect(try pageSize(CacheStore(home: home).database) == CacheStore.pageSize)

        let other = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: other) }
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        let path = (other as NSString).appendingPathComponent(CacheStore.fileName)
        _ = try Database(path: path)
        let store = try CacheStore(home: other)
        #expect(try pageSize(store.database) == 4_096)
        store.saveIndex(Data(repeating: 7, count: 100_000), for: "key")
        #expect(store.indexData(for: "key") == Data(repeating: 7, count: 100_000))
    }
}
