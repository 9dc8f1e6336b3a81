extension Schema {
    /// Every name a migration of the inbox has given a table or an index, those dropped since
    /// included (a store not yet migrated holds them); kept in step with ``migrations`` by a test.
    static let inboxNames: Set<String> = [
        "aliases", "attendees", "calendar_entries", "calendar_index", "calendar_items", "calendar_items_calendar",
        "history", "history_at", "history_held", "history_invite", "instances", "instances_pending", "invite_versions",
        "invites",
        "invites_awaiting", "invites_properties_version", "invites_sender_id", "maildir_folders", "maildir_seen",
        "messages", "messages_length", "outbox", "outbox_invite", "outbox_state", "window_cache",
    ]

    /// The first object of the inbox's schema that `invites` never makes: a view, a trigger, or
    /// a table or index of a name no migration gives; `nil` when there is none.
    ///
    /// The inbox is the user's own data: a stranger there is refused, never deleted. Its tables
    /// are known by name rather than by their exact statements, which differ in no store
    /// `invites` made but would cost every run a copy of the schema made in memory (5.7 ms, half
    /// a `status`) to compare with; what a crafted table could still hold (a generated column, a
    /// CHECK) is an expression per row, under an untrusted schema's rules (``Database/harden()``).
    static func stranger(inInbox database: Database) throws(StoreError) -> SchemaObject? {
        try database.schemaObjects().first { object in
            switch object.type {
            case "table", "index": return !object.isSQLitesOwn && !inboxNames.contains(object.name)
            default: return true
            }
        }
    }

    /// Why the cache's file is not one `invites` made, or `nil` when its schema is exactly what
    /// ``cacheMigrations`` make at its version: the same tables and indexes, made by the same
    /// statements, and nothing else (no view, no trigger, no other object).
    static func doubt(aboutCache database: Database) throws(StoreError) -> String? {
        let version = try database.userVersion
        guard version >= 0 else { return "its schema version is \(version)" }
        // A version this invites does not know is left to the migration to refuse: a newer
        // invites made it, and deleting it would only make the two fight.
        guard version <= cacheMigrations.count else { return nil }
        let found = try database.schemaObjects()
        let expected = try Database.schemaObjects(madeBy: cacheMigrations.prefix(version))
        if let stranger = found.first(where: { !expected.contains($0) }) {
            let known = expected.contains { $0.type == stranger.type && $0.name == stranger.name }
            return known ? "its \(stranger) is not as invites makes it" : "it holds \(stranger)"
        }
        if let missing = expected.first(where: { !found.contains($0) }) { return "it lacks \(missing)" }
        return nil
    }
}
