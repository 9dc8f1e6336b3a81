import Foundation

/// Whether another process wrote the store: what lets `watch` tell an answer given elsewhere
/// (`decline`, `review`, a mail client's key) from its own writes without reading every
/// invitation it has a notification up for.
extension InboxStore {
    /// SQLite's `PRAGMA data_version`: a number that changes when another connection (another
    /// `invites`) commits to the store, and not when this one does. Reading it costs no more
    /// than a look at the WAL's index.
    func changesByOthers() throws(StoreError) -> Int {
        let statement = try database.prepare("PRAGMA data_version")
        return try statement.step() ? statement.int(0) : 0
    }
}
