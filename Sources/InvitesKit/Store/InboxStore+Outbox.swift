import Foundation
import InvitesModel

/// The outbox: messages made by answers, and where each stands.
///
/// A message is handed over by one `send` at a time: `claim` moves it to `sending` in a
/// transaction of its own, and only the process that claimed it records how it went.
extension InboxStore {
    /// Puts a message in the outbox for the history rows `entries`, inside the caller's
    /// transaction. The messages it takes the place of
    /// (``OutboxDraft/Kind/supersedes(_:components:)``) are superseded, and name the new one.
    ///
    /// Of the entries that waited for the replies a reply supersedes (and those owed but never
    /// queued), it takes along those it carries (``OutboxDraft/carriage``), and the others stay
    /// where they were, naming the entry that took their place: the history must not say sent
    /// for a decline an accept replaced, nor for a comment the accept's reply does not carry. A
    /// superseded proposal's entry stays at it: the new COUNTER does not carry it.
    func queue(_ draft: OutboxDraft, inviteID: Int64, entries: [Int64], now: Date) throws(StoreError) -> Int64 {
        let id = try database.insert(OutboxRecord(inviteID: inviteID, draft: draft, now: now))
        if draft.kind == .reply {
            try settleWaiting(for: draft.carriage, inviteID: inviteID, message: id, entries: entries)
        }
        let superseded = draft.kind.supersedes(
            try waiting(inviteID: inviteID, besides: id), components: try components(of: entries))
        let marks = superseded.map { _ in "?" }.joined(separator: ", ")
        // A proposal's entry stays at the COUNTER it made, naming the proposal that took its place.
        if draft.kind != .reply, let first = entries.first, !superseded.isEmpty {
            try database.prepare(
                "UPDATE history SET superseded_by = ? WHERE superseded_by IS NULL AND outbox_id IN (\(marks))"
            ).bind([.int(first)] + superseded.map { .int($0) }).run()
        }
        if !superseded.isEmpty {
            try database.prepare(
                "UPDATE outbox SET state = 'superseded', superseded_by = ?, updated_at = ? WHERE id IN (\(marks))"
            ).bind([.int(id), .integer(now.unixSeconds)] + superseded.map { .int($0) }).run()
        }
        for entry in entries {
            try database.prepare("UPDATE history SET outbox_id = ?, delivery = 'queued' WHERE id = ?")
                .bind([.int(id), .int(entry)]).run()
        }
        return id
    }

    /// The invitation's messages other than `id`, with the components their entries answer:
    /// what a new message may take the place of (``OutboxDraft/Kind/supersedes(_:components:)``).
    private func waiting(inviteID: Int64, besides id: Int64) throws(StoreError) -> [OutboxDraft.Kind.Waiting] {
        let statement = try database.prepare(
            """
            SELECT \(OutboxRecord.selection("o")), \(HistoryRecord.selection("h", only: [.recurrenceID]))
            FROM outbox AS o LEFT JOIN history AS h ON h.outbox_id = o.id
            WHERE o.invite_id = ? AND o.id != ? AND o.state IN ('queued', 'failed', 'interrupted') ORDER BY o.id
            """
        ).bind([.int(inviteID), .int(id)])
        var found: [OutboxDraft.Kind.Waiting] = []
        while try statement.step() {
            let record = OutboxRecord(row: OutboxRecord.row(statement, alias: "o"))
            let component = HistoryRecord.row(statement, alias: "h").text(.recurrenceID)
            if let last = found.last, last.id == record.id {
                if let component { found[found.count - 1].components.insert(component) }
            } else {
                found.append(
                    OutboxDraft.Kind.Waiting(
                        id: record.id ?? 0, kind: record.draft.kind, state: record.state,
                        components: component.map { [$0] } ?? []))
            }
        }
        return found
    }

    /// The components (RECURRENCE-IDs, `""` for the series) the history rows `entries` answer.
    private func components(of entries: [Int64]) throws(StoreError) -> Set<String> {
        let marks = entries.map { _ in "?" }.joined(separator: ", ")
        let statement = try database.prepare(
            "SELECT \(HistoryRecord.selection("h", only: [.recurrenceID])) FROM history AS h WHERE h.id IN (\(marks))"
        ).bind(entries.map { .int($0) })
        var found = Set<String>()
        while try statement.step() {
            if let key = HistoryRecord.row(statement, alias: "h").text(.recurrenceID) { found.insert(key) }
        }
        return found
    }

    /// Decides, by the reply's carriage, what becomes of each entry of the invitation that
    /// waited for a reply not yet handed over, or was owed and never queued: carried entries
    /// move to the new message `message` (made for the rows `entries`); the others keep their
    /// own, which is superseded, and name the new entry that took its place. An entry whose
    /// message had been interrupted while handed over keeps saying so, since it may have gone.
    private func settleWaiting(
        for carriage: ReplyCarriage, inviteID: Int64, message: Int64, entries: [Int64]
    ) throws(StoreError) {
        let rows = entries.map { _ in "?" }.joined(separator: ", ")
        let made = try database.prepare(
            "SELECT \(HistoryRecord.selection("h")) FROM history AS h WHERE h.id IN (\(rows)) ORDER BY h.id"
        ).bind(entries.map { .int($0) })
        var new: [ReplyCarriage.Entry] = []
        while try made.step() { new.append(Self.carriageEntry(made)) }
        let statement = try database.prepare(
            """
            SELECT \(HistoryRecord.selection("h")), \(OutboxRecord.selection("o", only: [.state]))
            FROM history AS h LEFT JOIN outbox AS o ON o.id = h.outbox_id
            WHERE h.invite_id = ? AND h.superseded_by IS NULL AND h.id NOT IN (\(rows))
                AND h.action NOT IN ('proposed', 'proposal-declined', 'refreshed', 'forwarded', 'delegated')
                AND ((o.kind = 'reply' AND o.state IN ('queued', 'failed', 'interrupted'))
                    OR (h.outbox_id IS NULL AND h.delivery = 'pending'))
            """
        ).bind([.int(inviteID)] + entries.map { .int($0) })
        var waiting: [(ReplyCarriage.Entry, interrupted: Bool)] = []
        while try statement.step() {
            let state = OutboxRecord.row(statement, alias: "o").text(.state)
            waiting.append((Self.carriageEntry(statement), state == Delivery.interrupted.rawValue))
        }
        for (entry, interrupted) in waiting {
            switch carriage.fate(of: entry, madeBy: new) {
            case .carried:
                try database.prepare("UPDATE history SET outbox_id = ?, delivery = 'queued' WHERE id = ?")
                    .bind([.int(message), .int(entry.id)]).run()
            case .carriedWithoutComment(let by):
                try database.prepare(
                    """
                    UPDATE history SET outbox_id = ?, delivery = 'queued', comment_left_by = COALESCE(comment_left_by, ?)
                    WHERE id = ?
                    """
                ).bind([.int(message), .int(by), .int(entry.id)]).run()
            case .superseded(let by):
                try database.prepare(
                    "UPDATE history SET superseded_by = ?, delivery = ? WHERE id = ?"
                ).bind([
                    .int(by), .text(interrupted ? Delivery.interrupted.rawValue : Delivery.superseded.rawValue),
                    .int(entry.id),
                ]).run()
            }
        }
    }

    private static func carriageEntry(_ statement: Statement) -> ReplyCarriage.Entry {
        let entry = HistoryRecord(row: HistoryRecord.row(statement, alias: "h")).entry
        return ReplyCarriage.Entry(
            id: entry.id ?? 0, recurrenceID: entry.recurrenceID, hasComment: entry.comment?.isEmpty == false)
    }

    /// Withdraws the messages for the invitation not yet handed over (queued, failed,
    /// interrupted), inside the caller's transaction: the organizer cancelled it, and an answer
    /// to a meeting that is off should not go out on the next `send`. Returns how many.
    ///
    /// Answers owed but never queued (no reply could be made) are withdrawn too: they are owed
    /// no more, and the history must not say they wait. They are not counted: none was in the
    /// outbox.
    func withdrawWaiting(inviteID: Int64, now: Date) throws(StoreError) -> Int {
        try database.prepare(
            """
            UPDATE outbox SET state = 'withdrawn', updated_at = ?
            WHERE invite_id = ? AND state IN ('queued', 'failed', 'interrupted')
            """
        ).bind([.integer(now.unixSeconds), .int(inviteID)]).run()
        let withdrawn = database.changes
        try database.prepare(
            """
            UPDATE history SET delivery = 'withdrawn'
            WHERE invite_id = ? AND outbox_id IS NULL AND delivery = 'pending' AND superseded_by IS NULL
            """
        ).bind([.int(inviteID)]).run()
        return withdrawn
    }

    /// Withdraws what waits only for the occurrence `recurrenceID`, which the organizer
    /// cancelled, inside the caller's transaction: the messages not yet handed over every entry
    /// of which answers (or proposes for) that occurrence, and the answers to it owed but never
    /// queued. A message that also carries the series or another occurrence still goes: the
    /// organizer needs those, and the cancelled occurrence in it changes nothing for them.
    /// Returns how many messages were withdrawn.
    func withdrawWaiting(inviteID: Int64, recurrenceID: String, now: Date) throws(StoreError) -> Int {
        try database.prepare(
            """
            UPDATE outbox SET state = 'withdrawn', updated_at = ?
            WHERE invite_id = ? AND state IN ('queued', 'failed', 'interrupted')
                AND EXISTS (SELECT 1 FROM history AS h WHERE h.outbox_id = outbox.id)
                AND NOT EXISTS (
                    SELECT 1 FROM history AS h WHERE h.outbox_id = outbox.id AND COALESCE(h.recurrence_id, '') != ?)
            """
        ).bind([.integer(now.unixSeconds), .int(inviteID), .text(recurrenceID)]).run()
        let withdrawn = database.changes
        try database.prepare(
            """
            UPDATE history SET delivery = 'withdrawn'
            WHERE invite_id = ? AND recurrence_id = ? AND outbox_id IS NULL AND delivery = 'pending'
                AND superseded_by IS NULL
            """
        ).bind([.int(inviteID), .text(recurrenceID)]).run()
        return withdrawn
    }

    /// The outbox, oldest first: by default everything but superseded messages.
    package func outbox(states: Set<Delivery>? = nil, handles: [String]? = nil) throws(StoreError) -> [OutboxMessage] {
        var conditions = ["o.state != 'superseded'"]
        var values: [Statement.Value] = []
        if let states {
            conditions = ["o.state IN (\(states.map { _ in "?" }.joined(separator: ", ")))"]
            values += states.sorted { $0.rawValue < $1.rawValue }.map { .text($0.rawValue) }
        }
        if let handles {
            conditions.append("i.handle IN (\(handles.map { _ in "?" }.joined(separator: ", ")))")
            values += handles.map { .text($0) }
        }
        let statement = try database.prepare(
            """
            SELECT \(OutboxRecord.selection("o")), \(InviteRecord.selection("i", only: [.handle]))
            FROM outbox AS o JOIN invites AS i ON i.id = o.invite_id
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY o.id
            """)
        try statement.bind(values)
        var result: [OutboxMessage] = []
        while try statement.step() {
            let handle = InviteRecord.row(statement, alias: "i").text(.handle) ?? ""
            result.append(OutboxRecord(row: OutboxRecord.row(statement, alias: "o")).message(handle: handle))
        }
        return result
    }

    /// Takes a message for this process to hand over, counting the attempt; `false` when it is
    /// no longer in one of `states` (another `send` took it, or an answer superseded it).
    package func claim(_ message: OutboxMessage, from states: Set<Delivery>, by process: Int32, now: Date)
        throws(StoreError) -> Bool
    {
        try database.transaction { () throws(StoreError) -> Bool in
            let list = states.sorted { $0.rawValue < $1.rawValue }
            try database.prepare(
                """
                UPDATE outbox SET state = 'sending', claimed_by = ?, updated_at = ?, attempts = attempts + 1
                WHERE id = ? AND state IN (\(list.map { _ in "?" }.joined(separator: ", ")))
                """
            ).bind(
                [.integer(Int(process)), .integer(now.unixSeconds), .int(message.id)] + list.map { .text($0.rawValue) }
            )
            .run()
            return database.changes == 1
        }
    }

    /// Records how the claimed message went after `tries` attempts, if this process still holds it.
    package func finish(_ message: OutboxMessage, _ handover: Handover, tries: Int, by process: Int32, now: Date)
        throws(StoreError)
    {
        try database.transaction { () throws(StoreError) in
            try database.prepare(
                """
                UPDATE outbox SET state = ?, last_error = ?, next_try = ?, claimed_by = NULL, sent_at = ?,
                    updated_at = ?, attempts = attempts + ? - 1
                WHERE id = ? AND state = 'sending' AND claimed_by = ?
                """
            ).bind([
                .text(handover.state.rawValue), .optional(handover.error),
                .optional(handover.retryAt.map(\.unixSeconds)),
                .optional(handover.state == .sent ? now.unixSeconds : nil), .integer(now.unixSeconds),
                .integer(max(tries, 1)),
                .int(message.id),
                .integer(Int(process)),
            ]).run()
        }
    }

    /// Messages left `sending` by a `send` that is no longer running (killed, or the machine
    /// went down) become `interrupted` — mail may have gone, so it is not sent again on its own —
    /// or, for a transport whose receiver takes the same answer twice as once, queued again.
    /// Returns the messages that became interrupted.
    @discardableResult
    package func recoverAbandoned(
        isRunning: (Int32) -> Bool, requeue: Set<OutboxMessage.Transport>, now: Date
    ) throws(StoreError) -> [OutboxMessage] {
        // Nearly always nothing is claimed: then the look is a read, and `outbox` (a listing)
        // takes no write lock.
        guard try database.prepare("SELECT 1 FROM outbox WHERE state = 'sending' LIMIT 1").step() else { return [] }
        return try database.transaction { () throws(StoreError) -> [OutboxMessage] in
            let statement = try database.prepare(
                "SELECT \(OutboxRecord.selection("o")) FROM outbox AS o WHERE o.state = 'sending'")
            var abandoned: [(Int64, OutboxMessage.Transport)] = []
            while try statement.step() {
                let record = OutboxRecord(row: OutboxRecord.row(statement, alias: "o"))
                guard let id = record.id else { continue }
                let process = record.claimedBy ?? 0
                guard process == 0 || !isRunning(process) else { continue }
                abandoned.append((id, record.draft.transport))
            }
            var interrupted: [Int64] = []
            for (id, transport) in abandoned {
                let state: Delivery = requeue.contains(transport) ? .queued : .interrupted
                if state == .interrupted { interrupted.append(id) }
                try database.prepare(
                    """
                    UPDATE outbox SET state = ?, claimed_by = NULL, updated_at = ?,
                        last_error = 'a send was interrupted while handing it over'
                    WHERE id = ? AND state = 'sending'
                    """
                ).bind([.text(state.rawValue), .integer(now.unixSeconds), .int(id)]).run()
            }
            return try interrupted.isEmpty ? [] : outbox(states: [.interrupted]).filter { interrupted.contains($0.id) }
        }
    }
}
