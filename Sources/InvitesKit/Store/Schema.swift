/// The store's schema and the migrations that reach it.
///
/// `PRAGMA user_version` holds the version; each migration moves it up by one inside the same
/// transaction as its DDL, so a store is always at exactly one known version. Migrations are
/// never edited once released: a change is a new entry at the end.
enum Schema {
    static let inbox: [Migration] = [
        // Version 1: the inbox, earlier versions of each invite, and the history of answers.
        Migration(
            "inbox, versions and history",
            sql: """
                CREATE TABLE invites (
                    id INTEGER PRIMARY KEY,
                    handle TEXT NOT NULL UNIQUE,
                    uid TEXT NOT NULL,
                    recurrence_id TEXT NOT NULL DEFAULT '',
                    sender_id TEXT,
                    title TEXT NOT NULL,
                    start_at INTEGER NOT NULL,
                    end_at INTEGER NOT NULL,
                    first_date TEXT,
                    end_date TEXT,
                    time_zone TEXT,
                    location TEXT,
                    description TEXT,
                    organizer_name TEXT,
                    organizer_email TEXT,
                    sequence INTEGER NOT NULL DEFAULT 0,
                    dtstamp INTEGER,
                    method TEXT NOT NULL,
                    source TEXT NOT NULL,
                    raw BLOB NOT NULL,
                    status TEXT NOT NULL,
                    received_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    UNIQUE (uid, recurrence_id)
                );
                CREATE INDEX invites_sender_id ON invites (sender_id);
                CREATE TABLE attendees (
                    invite_id INTEGER NOT NULL REFERENCES invites (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    address TEXT NOT NULL,
                    name TEXT,
                    partstat TEXT NOT NULL,
                    rsvp INTEGER NOT NULL,
                    PRIMARY KEY (invite_id, position)
                );
                CREATE TABLE invite_versions (
                    id INTEGER PRIMARY KEY,
                    invite_id INTEGER NOT NULL REFERENCES invites (id) ON DELETE CASCADE,
                    sequence INTEGER NOT NULL,
                    dtstamp INTEGER,
                    title TEXT NOT NULL,
                    start_at INTEGER NOT NULL,
                    end_at INTEGER NOT NULL,
                    raw BLOB NOT NULL,
                    received_at INTEGER NOT NULL
                );
                CREATE TABLE history (
                    id INTEGER PRIMARY KEY,
                    invite_id INTEGER NOT NULL REFERENCES invites (id),
                    handle TEXT NOT NULL,
                    uid TEXT NOT NULL,
                    recurrence_id TEXT NOT NULL DEFAULT '',
                    sender_id TEXT,
                    title TEXT NOT NULL,
                    start_at INTEGER NOT NULL,
                    end_at INTEGER NOT NULL,
                    sequence INTEGER NOT NULL,
                    dtstamp INTEGER,
                    action TEXT NOT NULL,
                    comment TEXT,
                    at INTEGER NOT NULL,
                    delivery TEXT NOT NULL DEFAULT 'pending'
                );
                CREATE INDEX history_at ON history (at);
                """),
        // Version 2: what an accept wrote into which calendar, so a decline can take out exactly
        // that and an update can rewrite it. `pending` is set before a calendar write and cleared
        // in the transaction that records the answer: a crash in between leaves it set, and the
        // next answer then writes again rather than trusting the record.
        Migration(
            "calendar entries",
            sql: """
                CREATE TABLE calendar_entries (
                    invite_id INTEGER NOT NULL REFERENCES invites (id) ON DELETE CASCADE,
                    calendar TEXT NOT NULL,
                    zones TEXT NOT NULL,
                    version BLOB NOT NULL,
                    pending INTEGER NOT NULL DEFAULT 0,
                    written_at INTEGER NOT NULL,
                    PRIMARY KEY (invite_id)
                );
                """),
        // Version 3: indexes of calendar files, so that a calendar that did not change is not
        // scanned again (see FileIndex).
        Migration(
            "calendar index",
            sql: """
                CREATE TABLE calendar_index (
                    key TEXT PRIMARY KEY,
                    data BLOB NOT NULL,
                    updated_at INTEGER NOT NULL
                );
                """),
        // Version 4: the occurrences each calendar held for stretches of days (see WindowCache),
        // so that a calendar that did not change is not expanded again.
        Migration(
            "window cache",
            sql: """
                CREATE TABLE window_cache (
                    key TEXT NOT NULL,
                    lower INTEGER NOT NULL,
                    upper INTEGER NOT NULL,
                    data BLOB NOT NULL,
                    updated_at INTEGER NOT NULL,
                    PRIMARY KEY (key, lower, upper)
                );
                """),
        // Version 5: one invitation per UID, its instances beside it, and each message kept once.
        // Rows that earlier versions kept per RECURRENCE-ID become instances of their UID's
        // invitation (the series when there is one, else the oldest row); their answers, history,
        // versions and handles go with them, so nothing an earlier answer recorded is lost.
        Migration(
            "one invitation per UID",
            sql: """
                CREATE TABLE messages (
                    id INTEGER PRIMARY KEY,
                    data BLOB NOT NULL
                );
                CREATE INDEX messages_length ON messages (length(data));
                INSERT INTO messages (data) SELECT raw FROM invites UNION SELECT raw FROM invite_versions;
                ALTER TABLE invites ADD COLUMN message_id INTEGER REFERENCES messages (id);
                UPDATE invites SET message_id = (SELECT id FROM messages WHERE data = invites.raw), raw = x'';
                ALTER TABLE invite_versions ADD COLUMN message_id INTEGER REFERENCES messages (id);
                UPDATE invite_versions SET message_id = (SELECT id FROM messages WHERE data = invite_versions.raw), raw = x'';
                CREATE TABLE instances (
                    invite_id INTEGER NOT NULL REFERENCES invites (id) ON DELETE CASCADE,
                    recurrence_id TEXT NOT NULL,
                    message_id INTEGER REFERENCES messages (id),
                    title TEXT,
                    start_at INTEGER,
                    end_at INTEGER,
                    first_date TEXT,
                    end_date TEXT,
                    sequence INTEGER,
                    dtstamp INTEGER,
                    cancelled INTEGER NOT NULL DEFAULT 0,
                    answer TEXT,
                    updated_at INTEGER NOT NULL,
                    PRIMARY KEY (invite_id, recurrence_id)
                );
                CREATE TABLE aliases (
                    handle TEXT PRIMARY KEY,
                    invite_id INTEGER NOT NULL REFERENCES invites (id) ON DELETE CASCADE,
                    recurrence_id TEXT NOT NULL
                );
                CREATE TEMP TABLE leads AS
                    SELECT uid, COALESCE(
                        (SELECT id FROM invites AS m WHERE m.uid = i.uid AND m.recurrence_id = ''), min(id)) AS lead
                    FROM invites AS i GROUP BY uid;
                CREATE TEMP TABLE merged AS
                    SELECT i.id AS id, l.lead AS lead FROM invites AS i JOIN leads AS l ON l.uid = i.uid;
                INSERT INTO instances (invite_id, recurrence_id, message_id, title, start_at, end_at, first_date, end_date,
                        sequence, dtstamp, cancelled, answer, updated_at)
                    SELECT m.lead, i.recurrence_id, i.message_id, i.title, i.start_at, i.end_at, i.first_date, i.end_date,
                        i.sequence, i.dtstamp, i.status = 'cancelled',
                        CASE WHEN i.id = m.lead OR i.status = 'cancelled' THEN NULL ELSE i.status END, i.updated_at
                    FROM invites AS i JOIN merged AS m ON m.id = i.id WHERE i.recurrence_id != '';
                INSERT INTO aliases (handle, invite_id, recurrence_id)
                    SELECT i.handle, m.lead, i.recurrence_id FROM invites AS i JOIN merged AS m ON m.id = i.id
                    WHERE i.id != m.lead;
                UPDATE history SET invite_id = (SELECT lead FROM merged WHERE merged.id = history.invite_id);
                UPDATE invite_versions SET invite_id = (SELECT lead FROM merged WHERE merged.id = invite_versions.invite_id);
                UPDATE OR IGNORE calendar_entries
                    SET invite_id = (SELECT lead FROM merged WHERE merged.id = calendar_entries.invite_id);
                DELETE FROM calendar_entries WHERE invite_id NOT IN (SELECT lead FROM merged);
                DELETE FROM invites WHERE id NOT IN (SELECT lead FROM merged);
                DROP TABLE leads;
                DROP TABLE merged;
                CREATE INDEX history_invite ON history (invite_id);
                """),
        // Version 6: the caches live in a store of their own (CacheStore); the inbox keeps
        // only what must never be lost.
        Migration(
            "caches apart",
            sql: """
                DROP TABLE calendar_index;
                DROP TABLE window_cache;
                """),
        // Version 7: the outbox. Each answer or comment meant for the organizer queues one message
        // in the transaction that records it; history entries point at the message that carries
        // them (a newer answer supersedes a message not yet sent, and takes over its entries).
        // `reply` used to mark entries 'sent' when it printed them: that is all it did, so they
        // become 'printed'. Invitations that came by mail keep the mail's Message-ID and
        // References, for threading the reply; Maildir messages already read are remembered.
        Migration(
            "outbox",
            sql: """
                CREATE TABLE outbox (
                    id INTEGER PRIMARY KEY,
                    invite_id INTEGER NOT NULL REFERENCES invites (id),
                    transport TEXT NOT NULL,
                    recipient TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    body BLOB NOT NULL,
                    message_id TEXT,
                    state TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    last_error TEXT,
                    next_try INTEGER,
                    claimed_by INTEGER,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    sent_at INTEGER
                );
                CREATE INDEX outbox_state ON outbox (state);
                CREATE INDEX outbox_invite ON outbox (invite_id);
                ALTER TABLE history ADD COLUMN outbox_id INTEGER REFERENCES outbox (id);
                UPDATE history SET delivery = 'printed' WHERE delivery = 'sent';
                ALTER TABLE invites ADD COLUMN mail_message_id TEXT;
                ALTER TABLE invites ADD COLUMN mail_references TEXT;
                CREATE TABLE maildir_seen (
                    folder TEXT NOT NULL,
                    name TEXT NOT NULL,
                    at INTEGER NOT NULL,
                    PRIMARY KEY (folder, name)
                ) WITHOUT ROWID;
                """),
        // Version 8: proposals of a new time (COUNTER) go through the outbox beside replies; each
        // kind supersedes only its own, so a proposal never takes the place of an answer.
        Migration(
            "proposals in the outbox",
            sql: """
                ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'reply';
                """),
        // Version 9: a superseded message names the one that took its place. A proposal's
        // history entry stays at the COUNTER it made, which a newer proposal for the same
        // component replaced before it was sent, so the history never says it went.
        Migration(
            "superseded by",
            sql: """
                ALTER TABLE outbox ADD COLUMN superseded_by INTEGER REFERENCES outbox (id);
                """),
        // Version 10: invitations a scheduling server put into your calendar (RFC 6638), found
        // there rather than ingested: which item holds each, so that an answer changes that item
        // in place, and whether the item has gone since.
        Migration(
            "calendar items",
            sql: """
                CREATE TABLE calendar_items (
                    invite_id INTEGER PRIMARY KEY REFERENCES invites (id) ON DELETE CASCADE,
                    calendar TEXT NOT NULL,
                    item TEXT NOT NULL,
                    gone INTEGER NOT NULL DEFAULT 0,
                    found_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                );
                CREATE INDEX calendar_items_calendar ON calendar_items (calendar);
                """),
        // Version 11: what the pending test needs (InvitationFacts), kept per filed revision, so
        // that `status` reads the invitations that can still be attended, not the whole inbox.
        // Existing rows start without facts; the first listing works them out and keeps them.
        Migration(
            "invitation facts",
            sql: """
                ALTER TABLE invites ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE invites ADD COLUMN facts_version INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE invites ADD COLUMN facts_revision INTEGER NOT NULL DEFAULT -1;
                ALTER TABLE invites ADD COLUMN over_after INTEGER;
                """),
        // Version 12: what the VEVENT says beyond the invitation's columns (EventProperties:
        // join links, the series outline, who is asked for no reply), read once when it is
        // parsed and kept here, so nothing re-parses a stored message for it. Rows kept before
        // are read once from their messages by StoredPropertiesMigration.
        Migration(
            "event properties",
            sql: """
                ALTER TABLE invites ADD COLUMN properties TEXT;
                ALTER TABLE invites ADD COLUMN properties_version INTEGER NOT NULL DEFAULT 0;
                """),
        // Version 13: the stamp (inode, modification time to the nanosecond) of each Maildir
        // subfolder whose every message `ingest --maildir` has read, so that a pass over a
        // Maildir where nothing arrived stats new/ and cur/ and reads nothing else.
        Migration(
            "Maildir folder stamps",
            sql: """
                CREATE TABLE maildir_folders (
                    folder TEXT NOT NULL,
                    subfolder TEXT NOT NULL,
                    inode INTEGER NOT NULL,
                    seconds INTEGER NOT NULL,
                    nanoseconds INTEGER NOT NULL,
                    PRIMARY KEY (folder, subfolder)
                ) WITHOUT ROWID;
                """),
        // Version 14: what every start asks of the inbox found by indexes instead of reading
        // every row, so that an inbox of years costs a few seeks: the invitations whose kept
        // properties are missing or of another version (StoredPropertiesMigration), and those
        // awaiting an answer (`status`, `list`, `review`), by when their current facts say they
        // are over (NULL while those facts are not worked out; InboxStore.awaitingAnswer).
        Migration(
            "awaiting indexes",
            sql: """
                CREATE INDEX invites_properties_version ON invites (properties_version);
                CREATE INDEX invites_awaiting ON invites (
                    CASE WHEN facts_version = 1 AND facts_revision = revision THEN over_after END
                ) WHERE status = 'pending';
                CREATE INDEX instances_pending ON instances (invite_id) WHERE answer = 'pending' AND cancelled = 0;
                """),
        // Version 15: who the mail an invitation came in says it is from (MailOrigin) and whom
        // the organizer names to send for them (SENT-BY), so that an invitation a stranger sent
        // in an organizer's name is shown as such. Rows kept before have none, as a push has.
        Migration(
            "mail origin",
            sql: """
                ALTER TABLE invites ADD COLUMN organizer_sent_by TEXT;
                ALTER TABLE invites ADD COLUMN mail_from TEXT;
                ALTER TABLE invites ADD COLUMN mail_sender TEXT;
                ALTER TABLE invites ADD COLUMN mail_failed_checks TEXT;
                """),
        // Version 16: the history says what a newer reply did not carry. An entry whose message a
        // later one replaced without carrying it (a decline an accept replaced before it went)
        // names that later entry in `superseded_by` and stays at its own message; one whose answer
        // went but not its comment names the entry whose reply left the comment out. Earlier
        // stores moved every entry to the newest reply: those the reply could not have carried
        // are found again by the rule the reply follows (an answer replaced by a later answer
        // to its occurrence or to the series; a comment by any later answer or comment), and a
        // proposal superseded before names the proposal of the message that replaced it.
        Migration(
            "history repair",
            sql: """
                ALTER TABLE history ADD COLUMN superseded_by INTEGER REFERENCES history (id);
                ALTER TABLE history ADD COLUMN comment_left_by INTEGER REFERENCES history (id);
                UPDATE history SET superseded_by = (
                    SELECT MIN(later.id) FROM history AS later
                    WHERE later.outbox_id = history.outbox_id AND later.id > history.id
                        AND later.action IN ('accepted', 'declined', 'tentative')
                        AND (later.recurrence_id = history.recurrence_id
                            OR later.recurrence_id = (SELECT recurrence_id FROM invites WHERE id = history.invite_id)))
                WHERE action IN ('accepted', 'declined', 'tentative')
                    AND outbox_id IN (SELECT id FROM outbox WHERE kind = 'reply');
                UPDATE history SET superseded_by = (
                    SELECT MIN(later.id) FROM history AS later
                    WHERE later.outbox_id = history.outbox_id AND later.id > history.id
                        AND (later.action IN ('accepted', 'declined', 'tentative')
                            OR (later.action = 'commented' AND later.comment <> ''))
                        AND NOT (later.at = history.at AND later.action = history.action AND later.comment IS history.comment))
                WHERE action = 'commented' AND comment <> '' AND outbox_id IN (SELECT id FROM outbox WHERE kind = 'reply');
                UPDATE history SET comment_left_by = (
                    SELECT MIN(later.id) FROM history AS later
                    WHERE later.outbox_id = history.outbox_id AND later.id > history.id
                        AND (later.action IN ('accepted', 'declined', 'tentative')
                            OR (later.action = 'commented' AND later.comment <> ''))
                        AND NOT (later.at = history.at AND later.action = history.action AND later.comment IS history.comment))
                WHERE action IN ('accepted', 'declined', 'tentative') AND comment <> '' AND superseded_by IS NULL
                    AND outbox_id IN (SELECT id FROM outbox WHERE kind = 'reply');
                UPDATE history SET superseded_by = (
                    SELECT MIN(successor.id) FROM history AS successor
                    WHERE successor.outbox_id = (SELECT superseded_by FROM outbox WHERE id = history.outbox_id))
                WHERE outbox_id IN (SELECT id FROM outbox WHERE kind = 'counter' AND state = 'superseded');
                """),
        // Version 17: answers held for your calendar server's copy of a mailed invitation
        // (Delivery.held), found by every command that opens the store without reading the
        // whole history.
        Migration(
            "held answers index",
            sql: """
                CREATE INDEX history_held ON history (invite_id) WHERE delivery = 'held';
                """),
        // Version 18: to whom a delegation handed an answer, on the delegation and the decline
        // recorded beside it, so that every later reply reports DELEGATED-TO and not a decline.
        Migration(
            "history delegated_to",
            sql: """
                ALTER TABLE history ADD COLUMN delegated_to TEXT;
                """),
        // Version 19: the properties of invitations an earlier invites kept without them (before
        // version 12), or of an older EventProperties.version, read once from their messages
        // (StoredPropertiesMigration), last, on the tables as they now are. A new
        // EventProperties.version adds a migration like it.
        Migration("event properties read from kept messages") { (store: InboxStore) throws(StoreError) in
            try StoredPropertiesMigration(store: store).run()
        },
        // Version 20: a time before which a series already under way is not over
        // (InvitationFacts.liveUntil), found by `status` when it expands the series and kept
        // with the facts of the revision, so that the next `status` compares it with the clock
        // instead of expanding the series again. NULL is "not known": the series is expanded,
        // as before; new facts (a new revision) are written with NULL.
        Migration(
            "series live until",
            sql: """
                ALTER TABLE invites ADD COLUMN live_until INTEGER;
                """),
        // Version 21: an instance the organizer sent with RECURRENCE-ID;RANGE=THISANDFUTURE
        // (Invite.Instance.thisAndFuture), whose change reaches every later occurrence. Instances
        // filed before were filed as one occurrence each, and stay so until sent again.
        Migration(
            "instances this and future",
            sql: """
                ALTER TABLE instances ADD COLUMN this_and_future INTEGER NOT NULL DEFAULT 0;
                """),
        // Version 22: how far along a task is on a report of it under way (`invites progress`,
        // HistoryEntry.percent): what every later REPLY for that component says again in its
        // PERCENT-COMPLETE. NULL on every other entry.
        Migration(
            "history percent",
            sql: """
                ALTER TABLE history ADD COLUMN percent INTEGER;
                """),
    ]

    /// The inbox's migrations as SQL, in order, a data migration as an empty string: the one at
    /// index `i` brings a store to version `i + 1`.
    static var migrations: [String] { inbox.map { $0.sql ?? "" } }

    /// The cache store's schema (``CacheStore``), versioned on its own.
    static let cache: [Migration] = [
        // Version 1: indexes of calendar files (see FileIndex) and the occurrences each calendar
        // held for stretches of days (see WindowCache).
        Migration(
            "calendar index and window cache",
            sql: """
                CREATE TABLE calendar_index (
                    key TEXT PRIMARY KEY,
                    data BLOB NOT NULL,
                    updated_at INTEGER NOT NULL
                );
                CREATE TABLE window_cache (
                    key TEXT NOT NULL,
                    lower INTEGER NOT NULL,
                    upper INTEGER NOT NULL,
                    data BLOB NOT NULL,
                    updated_at INTEGER NOT NULL,
                    PRIMARY KEY (key, lower, upper)
                );
                """)
    ]

    /// The cache's migrations, as SQL.
    static var cacheMigrations: [String] { cache.compactMap(\.sql) }

    static var currentVersion: Int { inbox.count }

    /// Brings a store up to the last of `migrations`, each in order, each moving `user_version`
    /// up by one in the transaction that runs it; refuses one from a newer `invites`. A data
    /// migration is given `store`: a cache has none.
    ///
    /// A store already at the current version is only read: no write lock is taken on every open.
    static func migrate(_ database: Database, migrations: [Migration], store: InboxStore? = nil) throws(StoreError) {
        let currentVersion = migrations.count
        let found = try database.userVersion
        guard found != currentVersion else { return }
        if found > currentVersion {
            throw .tooNew(path: database.path, version: found, supported: currentVersion)
        }
        try database.transaction { () throws(StoreError) in
            let version = try database.userVersion
            guard version <= currentVersion else {
                throw .tooNew(path: database.path, version: version, supported: currentVersion)
            }
            for index in version..<currentVersion {
                switch migrations[index].step {
                case .sql(let sql): try database.execute(sql)
                case .data(let run):
                    guard let store else {
                        throw .migrationNeedsStore(path: database.path, name: migrations[index].name)
                    }
                    try run(store)
                }
                try database.execute("PRAGMA user_version = \(index + 1)")
            }
        }
    }
}
