import Foundation

/// The inbox: every invite ever ingested, with its versions, in one SQLite file under `--home`.
///
/// Each public operation is one transaction, so a crash or a concurrent `invites` leaves the
/// store as it was before the operation or as it is after it, never between.
public final class InboxStore {
    /// The SQLite file inside the home folder.
    public static let fileName = "invites.sqlite3"

    let database: Database
    /// Messages already read, by row: a message's bytes never change once stored.
    var messages: [Int64: Data] = [:]

    /// Opens (creating and migrating when needed) the store in a home folder.
    public init(home: String) throws(StoreError) {
        do {
            try FileManager.default.createDirectory(
                atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreate(path: home, reason: error.localizedDescription)
        }
        database = try Database(path: (home as NSString).appendingPathComponent(InboxStore.fileName))
        try Schema.migrate(database)
    }

    /// Files each invite: new, a newer version of one held, a stale or identical copy, or a
    /// cancellation. All of them in one transaction.
    public func ingest(_ invites: [Invite], now: Date) throws(StoreError) -> [IngestOutcome] {
        try database.transaction { () throws(StoreError) -> [IngestOutcome] in
            var outcomes: [IngestOutcome] = []
            // The invitations of one message share its bytes: the message's row is looked up
            // once for all of them, not once each (a lookup compares the whole message, which made
            // a message of 40,000 invitations take minutes).
            var messages: [Data: Int64] = [:]
            for invite in invites {
                let message: Int64
                if let known = messages[invite.raw] {
                    message = known
                } else {
                    message = try messageID(for: invite.raw)
                    messages[invite.raw] = message
                }
                outcomes.append(try file(invite, message: message, now: now))
            }
            return outcomes
        }
    }
}
