import Foundation

/// The Maildir messages `ingest --maildir` has read, so that a hook after every sync reads only
/// what is new.
extension InboxStore {
    /// The keys (``Maildir/key(of:)``) of the messages already read in a folder.
    public func seenMessages(in folder: String) throws(StoreError) -> Set<String> {
        let statement = try database.prepare("SELECT name FROM maildir_seen WHERE folder = ?")
        try statement.bind([.text(folder)])
        var names = Set<String>()
        while try statement.step() { names.insert(statement.text("name") ?? "") }
        return names
    }

    /// Remembers messages as read; called after their invitations are filed, so a run cut off
    /// between the two reads them again (filing is idempotent) rather than never.
    public func markSeen(_ keys: [String], in folder: String, now: Date) throws(StoreError) {
        guard !keys.isEmpty else { return }
        try database.transaction { () throws(StoreError) in
            let statement = try database.prepare(
                "INSERT OR IGNORE INTO maildir_seen (folder, name, at) VALUES (?, ?, ?)")
            for key in keys {
                try statement.bind([.text(folder), .text(key), .integer(now.unixSeconds)]).run()
            }
        }
    }
}
