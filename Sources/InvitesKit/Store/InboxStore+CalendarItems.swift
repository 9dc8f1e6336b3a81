import Foundation

/// Invitations found in your calendars (see ``CalendarInvitationScanner``): filed like any
/// other message, with the item they live in, and your answer as the item says it.
extension InboxStore {
    /// Files an invitation found in a calendar, one transaction for it.
    ///
    /// The same UID from a mail and from the calendar is one invitation: the item is filed as a
    /// newer copy when RFC 5546's ordering says so, and in any case the invitation learns where
    /// it lives. Your answer follows the item's PARTSTAT for you, since the item is where the
    /// server (or your phone) keeps it. A copy invites wrote itself (an accepted mailed
    /// invitation) is not followed: invites is its writer, and its answers are already here.
    ///
    /// - Returns: what filing did, or `nil` when the copy is invites' own.
    public func follow(_ found: FoundInvitation, invite: Invite, now: Date) throws(StoreError) -> IngestOutcome? {
        try database.transaction { () throws(StoreError) -> IngestOutcome? in
            if let existing = try find(uid: found.uid), try calendarRecord(for: existing) != nil { return nil }
            let filed = try file(invite, message: try messageID(for: invite.raw), now: now)
            guard let id = try rowID(handle: filed.stored.handle) else {
                throw .sqlite(path: database.path, code: 0, message: "invite \(filed.stored.handle) vanished")
            }
            try database.prepare(
                """
                INSERT INTO calendar_items (invite_id, calendar, item, gone, found_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)
                ON CONFLICT (invite_id) DO UPDATE SET calendar = excluded.calendar, item = excluded.item, gone = 0,
                    updated_at = excluded.updated_at
                """
            ).bind([
                .int(id), .text(found.item.calendar), .text(found.item.path), .integer(now.unixSeconds),
                .integer(now.unixSeconds),
            ]).run()
            let series =
                found.cancelled
                ? InviteStatus.cancelled
                : found.partstats[nil].map(InboxStore.status(ofPartstat:)) ?? filed.stored.status
            if series != filed.stored.status {
                try database.prepare("UPDATE invites SET status = ?, updated_at = ? WHERE id = ?")
                    .bind([.text(series.rawValue), .integer(now.unixSeconds), .int(id)]).run()
            }
            for case (let key?, let partstat) in found.partstats {
                let answer = InboxStore.status(ofPartstat: partstat)
                let held = filed.stored.instance(key)?.answer
                let wanted: InviteStatus? = answer == series ? nil : answer
                if held != wanted { try setAnswer(wanted, for: [key], of: id, now: now) }
            }
            var outcome = filed
            if let stored = try invites(where: "i.id = ?", [.int(id)]).first { outcome.stored = stored }
            return outcome
        }
    }

    /// Marks the invitations found in a calendar before whose item no longer holds them: their
    /// status says the item is gone (``InviteStatus/removed``), and one that comes back is
    /// followed again. Returns the handles marked.
    public func markGone(in calendar: String, present: Set<CalendarInvitationKey>, now: Date) throws(StoreError)
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
            SELECT i.id, i.handle, i.uid, c.item FROM calendar_items AS c JOIN invites AS i ON i.id = c.invite_id
            WHERE c.calendar = ? AND c.gone = 0
            """)
        try statement.bind([.text(calendar)])
        var gone: [(Int64, String)] = []
        while try statement.step() {
            let key = CalendarInvitationKey(path: statement.text("item") ?? "", uid: statement.text("uid") ?? "")
            if !present.contains(key) { gone.append((Int64(statement.int("id")), statement.text("handle") ?? "")) }
        }
        return gone
    }

    /// The inbox's status for a PARTSTAT of yours; DELEGATED counts as declined (someone else
    /// goes), anything unknown as not yet answered.
    static func status(ofPartstat partstat: String) -> InviteStatus {
        switch partstat.uppercased() {
        case "ACCEPTED": return .accepted
        case "DECLINED", "DELEGATED": return .declined
        case "TENTATIVE": return .tentative
        default: return .pending
        }
    }
}
