/// Why the inbox or history could not be read or written.
package enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// SQLite refused an operation; `code` is its extended result code.
    case sqlite(path: String, code: Int32, message: String)
    /// The store was written by a newer `invites` than this one.
    case tooNew(path: String, version: Int, supported: Int)
    /// The folder for the store could not be made.
    case cannotCreate(path: String, reason: String)
    /// Another process held the store's write lock for longer than the busy timeout; `home` is
    /// the folder the store is in. Nothing was changed, and trying again later will do.
    case locked(home: String)
    /// The home is not safe to use (others may write to it, another user owns it, or its link
    /// leads nowhere); `reason` says why and how to put it right. Nothing was read or written.
    case unsafeHome(path: String, reason: String)
    /// The store holds an object `invites` never makes (a view, a trigger, an unknown table or
    /// index): someone else made or changed the file, and it is not read. It is the user's
    /// data, so it is left as it is.
    case untrustedSchema(path: String, object: String)
    /// An invitation an operation was given, or had just filed, has no row in the store: a bug
    /// of `invites`, or another program that deleted it meanwhile. Nothing of the operation was
    /// kept (it runs in one transaction).
    case notInInbox(path: String, handle: String)
    /// A data migration was asked of a store that holds no invitations (the cache): a bug of
    /// `invites`. Nothing was changed.
    case migrationNeedsStore(path: String, name: String)

    package var description: String {
        switch self {
        case .sqlite(let path, let code, let message):
            return "store \(path): \(message) (SQLite code \(code))"
        case .tooNew(let path, let version, let supported):
            return "store \(path) has schema version \(version), this invites knows up to \(supported); upgrade invites"
        case .cannotCreate(let path, let reason):
            return "cannot create \(path): \(reason)"
        case .locked(let home):
            return "the inbox \(home) is locked by another invites; try again"
        case .unsafeHome(let path, let reason):
            return "refusing the home \(path): \(reason)"
        case .untrustedSchema(let path, let object):
            return
                "store \(path) holds \(object), which invites never makes: someone else changed it, and it is not read;"
                + " drop it with sqlite3, or move the store away"
        case .notInInbox(let path, let handle):
            return "store \(path): invite \(handle) is not in the inbox"
        case .migrationNeedsStore(let path, let name):
            return "store \(path): the migration '\(name)' reads invitations, and this store holds none"
        }
    }
}
