import Foundation
import InvitesModel

/// Answers, comments and what they wrote into the calendar.
extension InboxStore {
    /// What recording an answer wrote: its history entries, and the rows a message queued for
    /// them (``queue(_:for:now:)``) is tied to.
    package struct RecordedAnswer: Sendable {
        package var entries: [HistoryEntry]
        let inviteID: Int64
        let rows: [Int64]
    }

    /// Appends to the history and sets the invitation's answers and calendar record, in one
    /// transaction: the history holds an answer entirely or not at all.
    ///
    /// With `occurrences` empty the answer is for the series and every instance, which follow it
    /// from then on; otherwise it is for those instances alone, one history entry each.
    @discardableResult
    package func record(
        _ action: AnswerAction, for stored: StoredInvite, occurrences: [String] = [], comment: String?,
        delivery: Delivery, now: Date, calendar: CalendarRecord.Change = .keep, percent: Int? = nil
    ) throws(StoreError) -> RecordedAnswer {
        try database.transaction { () throws(StoreError) -> RecordedAnswer in
            guard let id = try rowID(of: stored) else {
                throw .notInInbox(path: database.path, handle: stored.handle)
            }
            var entries = HistoryEntry.answering(
                stored, action: action, occurrences: occurrences, comment: comment, delivery: delivery, now: now,
                percent: percent)
            var rows: [Int64] = []
            for index in entries.indices {
                let row = try insert(entries[index], inviteID: id)
                entries[index].id = row
                rows.append(row)
            }
            if let status = action.status {
                if occurrences.isEmpty {
                    try setStatus(status, inviteID: id, now: now)
                    if action != .cancelled { try clearInstanceAnswers(of: id, now: now) }
                } else {
                    try setAnswer(status, for: occurrences, of: id, now: now)
                }
            }
            try apply(calendar, to: id, now: now)
            return RecordedAnswer(entries: entries, inviteID: id, rows: rows)
        }
    }

    /// The invitation an answer was recorded for, as it stands now: what its reply reports.
    package func invitation(of recorded: RecordedAnswer) throws(StoreError) -> StoredInvite? {
        try invite(id: recorded.inviteID)
    }

    /// Queues the message composed for a recorded answer, which supersedes any message for the
    /// invitation not yet handed over; its entries are then `queued`. Inside the transaction
    /// the answer was recorded in, the message reports what any answer given at the same time
    /// did.
    package func queue(_ draft: OutboxDraft, for recorded: inout RecordedAnswer, now: Date) throws(StoreError) {
        let message = try database.transaction { () throws(StoreError) -> Int64 in
            try queue(draft, inviteID: recorded.inviteID, entries: recorded.rows, now: now)
        }
        for index in recorded.entries.indices {
            recorded.entries[index].delivery = .queued
            recorded.entries[index].outboxID = message
        }
    }

    /// Adds one entry to the history, inside the caller's transaction; returns its row.
    func insert(_ entry: HistoryEntry, inviteID: Int64) throws(StoreError) -> Int64 {
        try database.insert(HistoryRecord(inviteID: inviteID, entry: entry))
    }

    /// Sets what is in the calendar for an invite without adding to the history (an update the
    /// calendar followed).
    package func setCalendarRecord(_ change: CalendarRecord.Change, for stored: StoredInvite, now: Date)
        throws(StoreError)
    {
        try database.transaction { () throws(StoreError) in
            guard let id = try rowID(of: stored) else { return }
            try apply(change, to: id, now: now)
        }
    }

    private func apply(_ change: CalendarRecord.Change, to id: Int64, now: Date) throws(StoreError) {
        switch change {
        case .keep:
            break
        case .remove:
            try database.prepare("DELETE FROM calendar_entries WHERE invite_id = ?").bind([.int(id)]).run()
        case .set(let record):
            try database.insert(
                CalendarEntryRecord(inviteID: id, record: record, now: now), onConflict: CalendarEntryRecord.key)
        }
    }

    /// What the last answer wrote into a calendar, if anything.
    package func calendarRecord(for stored: StoredInvite) throws(StoreError) -> CalendarRecord? {
        guard let id = try rowID(of: stored) else { return nil }
        let statement = try database.prepare(
            "SELECT \(CalendarEntryRecord.selection("e")) FROM calendar_entries AS e WHERE e.invite_id = ?")
        guard try statement.bind([.int(id)]).step() else { return nil }
        return CalendarEntryRecord(row: CalendarEntryRecord.row(statement, alias: "e")).record
    }

    /// The history, newest first.
    package func history(
        actions: Set<AnswerAction>? = nil, since: Date? = nil, limit: Int? = nil, handle: String? = nil
    )
        throws(StoreError) -> [HistoryEntry]
    {
        var conditions = ["1"]
        var values: [Statement.Value] = []
        if let since {
            conditions.append("h.at >= ?")
            values.append(.integer(since.unixSeconds))
        }
        if let handle {
            conditions.append("h.invite_id = (SELECT id FROM invites WHERE handle = ?)")
            values.append(.text(handle))
        }
        if let actions {
            conditions.append("h.action IN (\(actions.map { _ in "?" }.joined(separator: ", ")))")
            values += actions.map { .text($0.rawValue) }
        }
        // An entry a newer message replaced without carrying it says superseded, whatever its
        // own message did afterwards; one whose message was interrupted first says that, since
        // it may have gone.
        let delivery = """
            CASE WHEN h.superseded_by IS NULL THEN COALESCE(o.state, h.delivery)
                WHEN h.delivery = 'interrupted' THEN 'interrupted' ELSE 'superseded' END
            """
        let statement = try database.prepare(
            """
            SELECT \(HistoryRecord.selection("h", replacing: [.delivery: delivery])),
                \(OutboxRecord.selection("o", only: [.sentAt])),
                \(HistoryRecord.selection("b", only: HistoryRecord.successorColumns)),
                \(HistoryRecord.selection("c", only: HistoryRecord.successorColumns))
            FROM history AS h LEFT JOIN outbox AS o ON o.id = h.outbox_id
                LEFT JOIN history AS b ON b.id = h.superseded_by LEFT JOIN history AS c ON c.id = h.comment_left_by
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY h.at DESC, h.id DESC
            \(limit.map { "LIMIT \(max($0, 0))" } ?? "")
            """)
        try statement.bind(values)
        var result: [HistoryEntry] = []
        while try statement.step() {
            var entry = HistoryRecord(row: HistoryRecord.row(statement, alias: "h")).entry
            entry.sentAt = OutboxRecord.row(statement, alias: "o").optionalDate(.sentAt)
            entry.supersededBy = HistoryRecord.successor(HistoryRecord.row(statement, alias: "b"))
            entry.supersededAt = entry.supersededBy?.at
            entry.commentLeftOutBy = HistoryRecord.successor(HistoryRecord.row(statement, alias: "c"))
            result.append(entry)
        }
        return result
    }

    func rowID(of stored: StoredInvite) throws(StoreError) -> Int64? {
        try rowID(handle: stored.handle)
    }
}
