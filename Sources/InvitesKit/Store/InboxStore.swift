import Foundation

/// The inbox: every invite ever ingested, with its versions, in one SQLite file under `--home`.
///
/// Each public operation is one transaction, so a crash or a concurrent `invites` leaves the
/// store as it was before the operation or as it is after it, never between.
package final class InboxStore {
    /// The SQLite file inside the home folder.
    package static let fileName = "invites.sqlite3"

    let database: Database
    /// Messages already read, by row: a message's bytes never change once stored.
    var messages: [Int64: Data] = [:]
    /// The statements run for every invitation read (its instances, attendees and message),
    /// each prepared once per store: parsing them again for every row was a third of what
    /// reading a few invitations cost.
    var statements: [String: Statement] = [:]

    /// Opens (creating and migrating when needed) the store in a home folder. A store at the
    /// current version is only opened: no migration, no message parsed.
    package init(home: String) throws(StoreError) {
        database = try Database(path: HomeFolder.file(InboxStore.fileName, in: home))
        if let stranger = try Schema.stranger(inInbox: database) {
            throw .untrustedSchema(path: database.path, object: stranger.description)
        }
        try Schema.migrate(database, migrations: Schema.inbox, store: self)
    }

    /// Where the store lives, for errors.
    var path: String { database.path }

    /// Runs `body` as one transaction: all the store's writes in it land, or none. A caller
    /// that decides between writes (``InvitationFiler``) reads and writes in one, so that two
    /// processes never file against a state the other has changed.
    package func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try database.transaction(body)
    }
}
