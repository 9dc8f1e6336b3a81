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
}
