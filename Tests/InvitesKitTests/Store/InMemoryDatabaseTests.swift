import Foundation
import Testing

@testable import InvitesKit

/// A database in memory (the cache's schema is compared with one) is no file: opening one
/// leaves nothing in the folder the command runs in.
@Suite struct InMemoryDatabaseTests {
    @Test func aDatabaseInMemoryMakesNoFile() throws {
        let database = try Database(path: Database.inMemory)
        try database.execute("CREATE TABLE t (x INTEGER)")
        #expect(!FileManager.default.fileExists(atPath: Database.inMemory))
    }
}
