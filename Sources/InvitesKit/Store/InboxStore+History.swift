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
        delivery: Delivery, now: Date, calendar: CalendarRecord.Change = .keep
    ) throws(StoreError) -> RecordedAnswer {
        try database.transaction { () throws(StoreError) -> RecordedAnswer in
            guard let id = try rowID(of: stored) else {
                throw .sqlite(path: database.path, code: 0, message: "invite \(stored.handle) is not in the inbox")
            }
            let invite = stored.invite
            var entries: [HistoryEntry] = []
            var rows: [Int64] = []
            let targets: [String?] = occurrences.isEmpty ? [invite.recurrenceID] : occurrences
            for target in targets {
                let organizer = target.flatMap { stored.instance($0)?.organizer }
                let length = invite.end.timeIntervalSince(invite.start)
                let start =
                    organizer?.start
                    ?? (occurrences.isEmpty ? invite.start : target.flatMap(RecurrenceKey.instant(of:)) ?? invite.start)
                var entry = HistoryEntry(
                    handle: stored.handle, uid: invite.uid, recurrenceID: target, senderID: invite.senderID,
                    title: organizer?.title ?? invite.title, start: start,
                    end: organizer?.end ?? start.addingTimeInterval(length),
                    sequence: organizer?.sequence ?? invite.sequence, dtstamp: organizer?.dtstamp ?? invite.dtstamp,
                    action: action, comment: comment, at: now, delivery: delivery)
                let row = try insert(entry, inviteID: id)
                entry.id = row
                rows.append(row)
                entries.append(entry)
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
            "SELECT calendar, zones, version, pending FROM calendar_entries WHERE invite_id = ?")
        guard try statement.bind([.int(id)]).step() else { return nil }
        let zones =
            (try? JSONSerialization.jsonObject(with: Data((statement.text("zones") ?? "[]").utf8))) as? [String] ?? []
        return CalendarRecord(
            calendar: statement.text("calendar") ?? "", zones: zones, version: statement.blob("version"),
            pending: statement.int("pending") != 0)
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
        let statement = try database.prepare(
            """
            SELECT h.id, h.handle, h.uid, h.recurrence_id, h.sender_id, h.title, h.start_at, h.end_at, h.sequence,
                h.dtstamp, h.action, h.comment, h.at, h.outbox_id, o.sent_at,
                CASE WHEN h.superseded_by IS NULL THEN COALESCE(o.state, h.delivery)
                    WHEN h.delivery = 'interrupted' THEN 'interrupted' ELSE 'superseded' END AS delivery,
                b.action AS by_action, b.at AS by_at, b.recurrence_id AS by_recurrence_id,
                c.action AS left_action, c.at AS left_at, c.recurrence_id AS left_recurrence_id
            FROM history AS h LEFT JOIN outbox AS o ON o.id = h.outbox_id
                LEFT JOIN history AS b ON b.id = h.superseded_by LEFT JOIN history AS c ON c.id = h.comment_left_by
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY h.at DESC, h.id DESC
            \(limit.map { "LIMIT \(max($0, 0))" } ?? "")
            """)
        try statement.bind(values)
        var result: [HistoryEntry] = []
        while try statement.step() {
            let recurrenceID = statement.text("recurrence_id") ?? ""
            let supersededBy = Self.successor(statement, prefix: "by")
            result.append(
                HistoryEntry(
                    handle: statement.text("handle") ?? "", uid: statement.text("uid") ?? "",
                    recurrenceID: recurrenceID.isEmpty ? nil : recurrenceID, senderID: statement.text("sender_id"),
                    title: statement.text("title") ?? "",
                    start: Date(unixSeconds: statement.int("start_at")),
                    end: Date(unixSeconds: statement.int("end_at")),
                    sequence: statement.int("sequence"),
                    dtstamp: statement.optionalInt("dtstamp").map { Date(unixSeconds: $0) },
                    action: AnswerAction(rawValue: statement.text("action") ?? "") ?? .commented,
                    comment: statement.text("comment"), at: Date(unixSeconds: statement.int("at")),
                    delivery: Delivery(rawValue: statement.text("delivery") ?? "") ?? .pending,
                    outboxID: statement.optionalInt("outbox_id").map(Int64.init),
                    sentAt: statement.optionalInt("sent_at").map { Date(unixSeconds: $0) },
                    supersededAt: supersededBy?.at, id: Int64(statement.int("id")), supersededBy: supersededBy,
                    commentLeftOutBy: Self.successor(statement, prefix: "left")))
        }
        return result
    }

    /// The entry a history row names (`superseded_by`, `comment_left_by`), read from the
    /// columns the query gave `prefix`.
    private static func successor(_ statement: Statement, prefix: String) -> HistoryEntry.Successor? {
        guard let action = statement.text("\(prefix)_action").flatMap(AnswerAction.init(rawValue:)) else {
            return nil
        }
        let key = statement.text("\(prefix)_recurrence_id") ?? ""
        return HistoryEntry.Successor(
            action: action, at: Date(unixSeconds: statement.int("\(prefix)_at")), recurrenceID: key.isEmpty ? nil : key)
    }

    func rowID(of stored: StoredInvite) throws(StoreError) -> Int64? {
        try rowID(handle: stored.handle)
    }
}
