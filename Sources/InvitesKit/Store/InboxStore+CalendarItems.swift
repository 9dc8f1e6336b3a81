import Foundation
import InvitesModel

/// Invitations found in your calendars (see ``CalendarInvitationScanner``): the item each lives
/// in, and which items have gone; ``InvitationFiler`` decides what is filed.
extension InboxStore {
    /// Keeps which calendar item an invitation was found in, inside the caller's transaction;
    /// an item found again is no longer gone.
    func keepCalendarItem(_ item: CalendarItem, inviteID id: Int64, now: Date) throws(StoreError) {
        var item = item
        item.gone = false
        try database.insert(
            CalendarItemRecord(inviteID: id, item: item, now: now), onConflict: CalendarItemRecord.key,
            keeping: [.foundAt])
    }

    /// Sets your answer to the series, inside the caller's transaction.
    func setStatus(_ status: InviteStatus, inviteID id: Int64, now: Date) throws(StoreError) {
        try database.update(
            InviteRecord.self, [.status: .text(status.rawValue), .updatedAt: .integer(now.unixSeconds)],
            where: .id, is: .int(id))
    }

    /// Marks the invitations found in a calendar before whose item no longer holds them: their
    /// status says the item is gone (``InviteStatus/removed``), and one that comes back is
    /// followed again. Returns the handles marked.
    package func markGone(in calendar: String, present: Set<CalendarInvitationKey>, now: Date) throws(StoreError)
        -> [String]
    {
        // Read first: most looks find nothing gone, and take no write lock for it.
        guard !(try goneItems(in: calendar, present: present)).isEmpty else { return [] }
        return try database.transaction { () throws(StoreError) -> [String] in
            let gone = try goneItems(in: calendar, present: present)
            for (id, _) in gone {
                try database.prepare("UPDATE calendar_items SET gone = 1, updated_at = ? WHERE invite_id = ?")
                    .bind([.integer(now.unixSeconds), .int(id)]).run()
                try database.prepare(
                    "UPDATE invites SET status = 'removed', updated_at = ? WHERE id = ? AND status != 'cancelled'"
                ).bind([.integer(now.unixSeconds), .int(id)]).run()
            }
            return gone.map(\.1)
        }
    }

    /// The invitations found in a calendar, not yet marked gone, whose item no longer holds them.
    private func goneItems(in calendar: String, present: Set<CalendarInvitationKey>) throws(StoreError)
        -> [(Int64, String)]
    {
        let statement = try database.prepare(
            """
            SELECT \(InviteRecord.selection("i", only: [.id, .handle, .uid])), \(CalendarItemRecord.selection("c"))
            FROM calendar_items AS c JOIN invites AS i ON i.id = c.invite_id WHERE c.calendar = ? AND c.gone = 0
            """)
        try statement.bind([.text(calendar)])
        var gone: [(Int64, String)] = []
        while try statement.step() {
            let invite = InviteRecord.row(statement, alias: "i")
            let item = CalendarItemRecord(row: CalendarItemRecord.row(statement, alias: "c")).item
            let key = CalendarInvitationKey(path: item.path, uid: invite.text(.uid) ?? "")
            if !present.contains(key) { gone.append((invite.int64(.id), invite.text(.handle) ?? "")) }
        }
        return gone
    }
}
