import Foundation

/// The store keeps calendar indexes, so a warm `show` reads only what can matter.
extension InboxStore: CalendarIndexStorage {
    public func indexData(for key: String) -> Data? {
        guard let statement = try? database.prepare("SELECT data FROM calendar_index WHERE key = ?"),
            (try? statement.bind([.text(key)]).step()) == true
        else { return nil }
        return statement.blob(0)
    }

    /// Saves an index; a failure only costs the next run a scan, so it is not an error.
    public func saveIndex(_ data: Data, for key: String) {
        try? database.transaction { () throws(StoreError) in
            try database.prepare(
                """
                INSERT INTO calendar_index (key, data, updated_at) VALUES (?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at
                """
            ).bind([.text(key), .blob(data), .integer(Int(Date().timeIntervalSince1970))]).run()
        }
    }

    /// The answer kept for a calendar over some days; `nil` when there is none or the store
    /// cannot say (a failure only costs the run an expansion).
    public func windowData(for key: String, days: Range<Int>) -> Data? {
        guard let statement = try? database.prepare("SELECT data FROM window_cache WHERE key = ? AND lower = ? AND upper = ?"),
            (try? statement.bind([.text(key), .integer(days.lowerBound), .integer(days.upperBound)]).step()) == true
        else { return nil }
        return statement.blob(0)
    }

    /// Saves what a calendar held for some days and drops all but the newest
    /// ``WindowCache/kept`` of that calendar; a failure only costs the next run an expansion.
    public func saveWindow(_ data: Data, for key: String, days: Range<Int>) {
        try? database.transaction { () throws(StoreError) in
            try database.prepare(
                """
                INSERT INTO window_cache (key, lower, upper, data, updated_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (key, lower, upper) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at
                """
            ).bind([
                .text(key), .integer(days.lowerBound), .integer(days.upperBound), .blob(data),
                .integer(Int(Date().timeIntervalSince1970)),
            ]).run()
            try database.prepare(
                """
                DELETE FROM window_cache WHERE key = ? AND rowid NOT IN
                (SELECT rowid FROM window_cache WHERE key = ? ORDER BY updated_at DESC, rowid DESC LIMIT ?)
                """
            ).bind([.text(key), .text(key), .integer(WindowCache.kept)]).run()
        }
    }
}
