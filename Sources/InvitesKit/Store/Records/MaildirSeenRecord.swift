import Foundation
import InvitesModel

/// A row of `maildir_seen`: a Maildir message `ingest --maildir` has read, by its key.
struct MaildirSeenRecord: FetchableRecord, PersistableRecord {
    enum Column: String, ColumnName {
        case folder, name, at
    }

    static let table = "maildir_seen"

    /// The digest a kept key is told by (``SeenMessages``): ``ContentHasher``'s 128 bits of its
    /// UTF-8 bytes, as the store keeps them.
    static func digest(ofKey key: UnsafeRawBufferPointer) -> ContentDigest {
        var hasher = ContentHasher()
        hasher.add(key)
        return hasher.finish()
    }
    var folder: String
    /// The message's key (``Maildir/key(of:)``).
    var name: String
    var at: Date

    func encode(to columns: inout Columns) {
        columns.set(Column.folder, .text(folder))
        columns.set(Column.name, .text(name))
        columns.set(Column.at, .integer(at.unixSeconds))
    }
}

extension MaildirSeenRecord {
    /// The record a row of its columns holds.
    init(row: Row<Column>) {
        folder = row.text(.folder) ?? ""
        name = row.text(.name) ?? ""
        at = row.date(.at)
    }
}
