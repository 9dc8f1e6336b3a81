import Foundation
import InvitesModel

/// What filing writes: an invitation's row, its attendees, versions and instances, and the
/// messages they came in, each kept as the caller (``InvitationFiler``) decided.
extension InboxStore {
    /// Remembers the mail a version came in, so that the reply threads with the invitation the
    /// user read last.
    func keepThread(of invite: Invite, id: Int64) throws(StoreError) {
        guard let mail = invite.mail else { return }
        try database.update(
            InviteRecord.self,
            [.mailMessageID: .text(mail.messageID), .mailReferences: .text(mail.references.joined(separator: " "))],
            where: .id, is: .int(id))
    }

    func insert(
        _ invite: Invite, message: Int64, status: InviteStatus, now: Date
    ) throws(StoreError) -> (StoredInvite, Int64) {
        let handle = try freeHandle(for: invite)
        let id = try database.insert(
            InviteRecord(invite: invite, message: message, status: status, now: now, handle: handle))
        try writeAttendees(invite, id: id)
        try writeVersion(invite, id: id, message: message, now: now)
        return (StoredInvite(handle: handle, invite: invite, status: status, receivedAt: now, updatedAt: now), id)
    }

    func replace(id: Int64, with invite: Invite, message: Int64, status: InviteStatus, now: Date)
        throws(StoreError)
    {
        try database.update(
            InviteRecord(invite: invite, message: message, status: status, now: now), id: id,
            also: ["revision = revision + 1"])
        try database.prepare("DELETE FROM attendees WHERE invite_id = ?").bind([.int(id)]).run()
        try writeAttendees(invite, id: id)
        try writeVersion(invite, id: id, message: message, now: now)
    }

    func writeAttendees(_ invite: Invite, id: Int64) throws(StoreError) {
        for (position, attendee) in invite.attendees.enumerated() {
            try database.insert(AttendeeRecord(inviteID: id, position: position, attendee: attendee))
        }
    }

    func writeVersion(_ invite: Invite, id: Int64, message: Int64, now: Date) throws(StoreError) {
        try database.insert(InviteVersionRecord(inviteID: id, invite: invite, message: message, now: now))
    }

    /// The row holding these bytes, added when no row does: a message that carries a thousand
    /// invitations is kept once, so the store grows with what was received.
    func messageID(for data: Data) throws(StoreError) -> Int64 {
        let find = try database.prepare("SELECT id FROM messages WHERE length(data) = ? AND data = ?")
        if try find.bind([.integer(data.count), .blob(data)]).step() { return Int64(find.int(0)) }
        try database.prepare("INSERT INTO messages (data) VALUES (?)").bind([.blob(data)]).run()
        return database.lastInsertRowID
    }

    func messageID(ofInvite id: Int64) throws(StoreError) -> Int64? {
        let statement = try database.prepare("SELECT message_id FROM invites WHERE id = ?")
        return try statement.bind([.int(id)]).step() ? statement.optionalInt(0).map(Int64.init) : nil
    }

    func instanceMessageID(of id: Int64, recurrenceID: String) throws(StoreError) -> Int64? {
        let statement = try database.prepare(
            "SELECT message_id FROM instances WHERE invite_id = ? AND recurrence_id = ?")
        return try statement.bind([.int(id), .text(recurrenceID)]).step()
            ? statement.optionalInt(0).map(Int64.init) : nil
    }

    /// Writes what the organizer sent for one instance, keeping your answer as given.
    func saveInstance(
        _ instance: Invite.Instance, of id: Int64, message: Int64?, answer: InviteStatus?, now: Date
    ) throws(StoreError) {
        try database.insert(
            InstanceRecord(inviteID: id, instance: instance, message: message, answer: answer, now: now),
            onConflict: InstanceRecord.key)
        try database.prepare("UPDATE invites SET updated_at = ?, revision = revision + 1 WHERE id = ?").bind([
            .integer(now.unixSeconds), .int(id),
        ])
        .run()
    }

    /// Sets your answer for single instances (`nil`: they follow the series again), creating the
    /// instance where the organizer never singled it out.
    func setAnswer(_ answer: InviteStatus?, for recurrenceIDs: [String], of id: Int64, now: Date) throws(StoreError) {
        let statement = try database.prepare(
            """
            INSERT INTO instances (invite_id, recurrence_id, answer, updated_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (invite_id, recurrence_id) DO UPDATE SET answer = excluded.answer, updated_at = excluded.updated_at
            """)
        for recurrenceID in recurrenceIDs {
            try statement.bind([.int(id), .text(recurrenceID), .optional(answer?.rawValue), .integer(now.unixSeconds)])
                .run()
        }
        try forgetInstancesFollowingTheSeries(of: id)
    }

    /// Instances singled out by nobody but you, and now following the series again, are no longer
    /// singled out.
    private func forgetInstancesFollowingTheSeries(of id: Int64) throws(StoreError) {
        try database.prepare(
            "DELETE FROM instances WHERE invite_id = ? AND message_id IS NULL AND cancelled = 0 AND answer IS NULL"
        )
        .bind([.int(id)]).run()
    }

    /// Puts every instance back to following the series: a series answer is for all of them.
    func clearInstanceAnswers(of id: Int64, now: Date) throws(StoreError) {
        try database.prepare(
            "UPDATE instances SET answer = NULL, updated_at = ? WHERE invite_id = ? AND answer IS NOT NULL"
        )
        .bind([.integer(now.unixSeconds), .int(id)]).run()
        try forgetInstancesFollowingTheSeries(of: id)
    }

    /// The first of the invitation's ``Handle/candidates(uid:recurrenceID:)`` no other invite has.
    func freeHandle(for invite: Invite) throws(StoreError) -> String {
        for candidate in Handle.candidates(uid: invite.uid, recurrenceID: invite.recurrenceID) {
            if try rowID(handle: candidate) == nil { return candidate }
        }
        preconditionFailure("the handles of an invitation never end")
    }

    func rowID(handle: String) throws(StoreError) -> Int64? {
        let statement = try database.prepare("SELECT id FROM invites WHERE handle = ?")
        return try statement.bind([.text(handle)]).step() ? Int64(statement.int(0)) : nil
    }
}
