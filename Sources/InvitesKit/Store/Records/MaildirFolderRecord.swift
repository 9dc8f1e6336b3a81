import InvitesModel
/// A row of `maildir_folders`: the stamp of a Maildir subfolder every message of which
/// `ingest --maildir` has read.
struct MaildirFolderRecord: FetchableRecord, PersistableRecord {
    enum Column: String, ColumnName {
        case folder, subfolder, inode, seconds, nanoseconds
    }

    static let table = "maildir_folders"
    var folder: String
    /// `new` or `cur`.
    var subfolder: String
    var stamp: FolderStamp

    func encode(to columns: inout Columns) {
        columns.set(Column.folder, .text(folder))
        columns.set(Column.subfolder, .text(subfolder))
        columns.set(Column.inode, .int(Int64(bitPattern: stamp.inode)))
        columns.set(Column.seconds, .int(stamp.seconds))
        columns.set(Column.nanoseconds, .int(stamp.nanoseconds))
    }
}

extension MaildirFolderRecord {
    /// The record a row of its columns holds.
    init(row: Row<Column>) {
        folder = row.text(.folder) ?? ""
        subfolder = row.text(.subfolder) ?? ""
        stamp = FolderStamp(
            inode: UInt64(bitPattern: row.int64(.inode)), seconds: row.int64(.seconds),
            nanoseconds: row.int64(.nanoseconds))
    }
}
