import Foundation
import InvitesModel

/// Answers held until your calendar server's copy of a mailed invitation arrives
/// (``Delivery/held``), and what tells that a calendar is served by a scheduling server.
extension InboxStore {
    /// The answers of one invitation that wait for its server copy, oldest first.
    package struct HeldAnswers: Sendable {
        package var handle: String
        let inviteID: Int64
        /// Each held entry with its history row.
        package var entries: [HistoryEntry]
        var rows: [Int64]

        /// When the first of them was given: what the wait is counted from.
        package var since: Date { entries.first?.at ?? .distantPast }
    }

    /// Whether invites has ever found, in `calendar`, an invitation it did not write: the mark
    /// of a server that puts invitations into your calendar (RFC 6638) and replies for you.
    package func holdsFoundInvitations(calendar: String) throws(StoreError) -> Bool {
        let statement = try database.prepare("SELECT 1 FROM calendar_items WHERE calendar IN (?, ?) LIMIT 1")
        let path = SchedulingPolicy.normalised(calendar)
        return try statement.bind([.text(path), .text(path + "/")]).step()
    }

    /// Whether any answer is held, looked up by its own index: what every command asks.
    package func hasHeldAnswers() throws(StoreError) -> Bool {
        try database.prepare("SELECT 1 FROM history WHERE delivery = 'held' LIMIT 1").step()
    }

    /// Every invitation's held answers, by invitation.
    package func heldAnswers() throws(StoreError) -> [HeldAnswers] {
        let statement = try database.prepare(
            """
            SELECT \(HistoryRecord.selection("h")) FROM history AS h WHERE h.delivery = 'held'
            ORDER BY h.invite_id, h.at, h.id
            """)
        var groups: [HeldAnswers] = []
        while try statement.step() {
            let record = HistoryRecord(row: HistoryRecord.row(statement, alias: "h"))
            let inviteID = record.inviteID
            var entry = record.entry
            let row = entry.id ?? 0
            // A held entry goes by its row (``HeldAnswers/rows``): the entry itself names no row
            // nor message, as a reply made for it expects.
            (entry.id, entry.outboxID) = (nil, nil)
            if groups.last?.inviteID == inviteID {
                groups[groups.count - 1].entries.append(entry)
                groups[groups.count - 1].rows.append(row)
            } else {
                groups.append(HeldAnswers(handle: entry.handle, inviteID: inviteID, entries: [entry], rows: [row]))
            }
        }
        return groups
    }

    /// Whether an invitation has answers held, inside the caller's transaction.
    func hasHeldAnswers(inviteID id: Int64) throws(StoreError) -> Bool {
        try database.prepare("SELECT 1 FROM history WHERE delivery = 'held' AND invite_id = ? LIMIT 1")
            .bind([.int(id)]).step()
    }

    /// Settles held answers: the rows of `delivered` go as `delivery` says (through the server,
    /// or by a message queued for them, `draft`), those of `superseded` were overtaken by a
    /// later held answer to the same component and never went on their own. One transaction;
    /// the entries returned are `delivered`'s as they now stand.
    package func settle(
        _ held: HeldAnswers, delivery: Delivery, draft: OutboxDraft?, now: Date
    ) throws(StoreError) -> [HistoryEntry] {
        try database.transaction { () throws(StoreError) -> [HistoryEntry] in
            let (delivered, superseded) = HeldAnswers.latestPerComponent(held)
            let mark = try database.prepare("UPDATE history SET delivery = ? WHERE id = ? AND delivery = 'held'")
            for row in superseded { try mark.bind([.text(Delivery.superseded.rawValue), .int(row)]).run() }
            var entries = delivered.map { held.entries[$0] }
            if let draft {
                let message = try queue(
                    draft, inviteID: held.inviteID, entries: delivered.map { held.rows[$0] }, now: now)
                for index in entries.indices {
                    entries[index].delivery = .queued
                    entries[index].outboxID = message
                }
            } else {
                for index in delivered {
                    try mark.bind([.text(delivery.rawValue), .int(held.rows[index])]).run()
                }
                for index in entries.indices { entries[index].delivery = delivery }
            }
            return entries
        }
    }
}

extension InboxStore {
    /// Settles a held delegation with its own messages (the REQUEST to the delegate, the REPLY
    /// to the organizer), queued in one transaction; the entries returned carry the last.
    package func settle(_ held: HeldAnswers, drafts: [OutboxDraft], now: Date) throws(StoreError) -> [HistoryEntry] {
        try database.transaction { () throws(StoreError) -> [HistoryEntry] in
            var entries = held.entries
            for draft in drafts {
                let message = try queue(draft, inviteID: held.inviteID, entries: held.rows, now: now)
                for index in entries.indices {
                    entries[index].delivery = .queued
                    entries[index].outboxID = message
                }
            }
            return entries
        }
    }
}

extension InboxStore.HeldAnswers {
    /// The held answers `kept` keeps, and the others, each as one invitation's held answers.
    func split(_ kept: (HistoryEntry) -> Bool) -> (kept: Self, others: Self) {
        var (yes, no) = (self, self)
        (yes.entries, yes.rows, no.entries, no.rows) = ([], [], [], [])
        for (entry, row) in zip(entries, rows) {
            if kept(entry) {
                yes.entries.append(entry)
                yes.rows.append(row)
            } else {
                no.entries.append(entry)
                no.rows.append(row)
            }
        }
        return (yes, no)
    }

    /// The held answers at the places `kept` names, and the others.
    func split(indices kept: Set<Int>) -> (kept: Self, others: Self) {
        var index = -1
        return split { _ in
            index += 1
            return kept.contains(index)
        }
    }

    /// The places of the held answers that carry the state — the last answer, and the last
    /// comment, to each component, unless a later answer to the whole series overtook an
    /// answer to one occurrence — and the rows of the others, which never went on their own.
    static func latestPerComponent(_ held: InboxStore.HeldAnswers) -> (delivered: [Int], superseded: [Int64]) {
        let entries = held.entries
        var delivered: [Int] = []
        var superseded: [Int64] = []
        for (index, entry) in entries.enumerated() {
            let later = entries[(index + 1)...]
            let answer = entry.action != .commented
            let overtaken = later.contains { other in
                other.recurrenceID == entry.recurrenceID && (other.action != .commented) == answer
                    || (answer && other.action != .commented && other.recurrenceID == nil)
            }
            if overtaken { superseded.append(held.rows[index]) } else { delivered.append(index) }
        }
        return (delivered, superseded)
    }
}
