import Foundation
import InvitesModel

/// The Maildir messages `ingest --maildir` has read, so that a hook after every sync reads only
/// what is new, and the stamps of the folders it read everything in, so that a pass over folders
/// that did not change lists nothing.
extension InboxStore {
    /// The keys (``Maildir/key(of:)``) of the messages already read in a folder, in one query,
    /// each hashed on the bytes SQLite hands over (``MaildirSeenRecord/digest(ofKey:)``), for
    /// ``SeenMessages``.
    package func seenMessageDigests(in folder: String) throws(StoreError) -> [ContentDigest] {
        let statement = try database.prepare("SELECT name FROM \(MaildirSeenRecord.table) WHERE folder = ?")
        try statement.bind([.text(folder)])
        var digests: [ContentDigest] = []
        while try statement.step() { digests.append(statement.withText(0, MaildirSeenRecord.digest(ofKey:))) }
        return digests
    }

    /// Remembers messages as read; called after their invitations are filed, so a run cut off
    /// between the two reads them again (filing is idempotent) rather than never. `stamps` are
    /// the subfolders (`new`, `cur`) every message of which is now read, with the stamp they had
    /// before they were listed; `nil` forgets a subfolder's stamp, so that it is listed again.
    /// Kept in the same transaction as the messages: a stamp never vouches for a message that
    /// is not remembered.
    package func markSeen(
        _ keys: [String], in folder: String, now: Date, stamps: [String: FolderStamp?] = [:]
    ) throws(StoreError) {
        guard !keys.isEmpty || !stamps.isEmpty else { return }
        try database.transaction { () throws(StoreError) in
            try database.insert(keys.map { MaildirSeenRecord(folder: folder, name: $0, at: now) }, or: .ignore)
            for (subfolder, stamp) in stamps {
                guard let stamp else {
                    try database.prepare("DELETE FROM maildir_folders WHERE folder = ? AND subfolder = ?")
                        .bind([.text(folder), .text(subfolder)]).run()
                    continue
                }
                try database.insert(
                    [MaildirFolderRecord(folder: folder, subfolder: subfolder, stamp: stamp)], or: .replace)
            }
        }
    }

    /// The stamps of a Maildir's subfolders as of the last pass that read everything in them.
    package func folderStamps(in folder: String) throws(StoreError) -> [String: FolderStamp] {
        let statement = try database.prepare(
            "SELECT \(MaildirFolderRecord.selection("f")) FROM maildir_folders AS f WHERE f.folder = ?")
        try statement.bind([.text(folder)])
        var stamps: [String: FolderStamp] = [:]
        while try statement.step() {
            let record = MaildirFolderRecord(row: MaildirFolderRecord.row(statement, alias: "f"))
            stamps[record.subfolder] = record.stamp
        }
        return stamps
    }
}
