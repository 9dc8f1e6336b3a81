import Foundation

/// Filing what arrives: each component of a message where RFC 5546 orders it, each message once.
extension InboxStore {
    /// Files one invitation of the message stored at row `message`.
    func file(_ invite: Invite, message: Int64, now: Date) throws(StoreError) -> IngestOutcome {
        let cancel = invite.method == .cancel
        guard let existing = try find(uid: invite.uid) else {
            let status: InviteStatus = cancel ? .cancelled : .pending
            var (stored, id) = try insert(invite, message: message, status: status, now: now)
            for instance in invite.instances {
                try saveInstance(instance, of: id, message: cancel ? nil : message, answer: nil, now: now)
            }
            stored.instances = try instances(of: id)
            try keepThread(of: invite, id: id)
            let changed: [String?] = (invite.recurrenceID == nil ? [nil] : []) + invite.instances.map(\.recurrenceID)
            return IngestOutcome(stored: stored, result: cancel ? .cancelled : .new, note: nil, changed: changed)
        }
        guard let id = try rowID(handle: existing.handle) else {
            throw .sqlite(path: database.path, code: 0, message: "invite \(existing.handle) vanished")
        }
        var result: IngestOutcome.Result = .unchanged
        var notes: [String] = []
        var changed: [String?] = []
        var status = existing.status
        if invite.recurrenceID == nil {
            switch try fileMaster(invite, over: existing, id: id, message: message, now: now) {
            case .stale(let note):
                notes.append(note)
            case .same:
                break
            case .filed(let newStatus, let note):
                status = newStatus
                result = cancel ? .cancelled : .updated
                changed.append(nil)
                if let note { notes.append(note) }
                if cancel, case let count = try withdrawWaiting(inviteID: id, now: now), count > 0 {
                    notes.append(
                        count == 1
                            ? "the message waiting in the outbox for it was withdrawn"
                            : "the \(count) messages waiting in the outbox for it were withdrawn")
                }
            }
        }
        for instance in invite.instances {
            let held = existing.instance(instance.recurrenceID)
            switch try fileInstance(
                instance, held: held, series: status, cancel: cancel, id: id, message: message, now: now)
            {
            case .stale(let note):
                notes.append(note)
            case .same:
                break
            case .filed(_, let note):
                if result == .unchanged { result = cancel ? .cancelled : .updated }
                changed.append(instance.recurrenceID)
                if let note { notes.append(note) }
            }
        }
        if existing.invite.recurrenceID != nil, invite.recurrenceID != nil,
            changed.contains(existing.invite.recurrenceID),
            let lead = invite.instances.first(where: { $0.recurrenceID == existing.invite.recurrenceID }), !cancel
        {
            try refreshLead(id: id, with: invite, lead: lead, message: message, now: now)
        }
        if result != .unchanged || existing.invite.mail == nil { try keepThread(of: invite, id: id) }
        guard let stored = try invites(where: "i.id = ?", [.int(id)]).first else {
            throw .sqlite(path: database.path, code: 0, message: "invite \(existing.handle) vanished")
        }
        return IngestOutcome(
            stored: stored, result: result, note: notes.isEmpty ? nil : notes.joined(separator: "; "), changed: changed)
    }

    /// Remembers the mail a version came in, so that the reply threads with the invitation the
    /// user read last.
    private func keepThread(of invite: Invite, id: Int64) throws(StoreError) {
        guard let mail = invite.mail else { return }
        try database.prepare("UPDATE invites SET mail_message_id = ?, mail_references = ? WHERE id = ?")
            .bind([.text(mail.messageID), .text(mail.references.joined(separator: " ")), .int(id)]).run()
    }

    /// What filing one component of a message did.
    enum Filing {
        case filed(InviteStatus, note: String?)
        case same
        case stale(note: String)
    }

    /// A message that carries the series: it replaces the master as RFC 5546 orders versions.
    func fileMaster(
        _ invite: Invite, over existing: StoredInvite, id: Int64, message: Int64, now: Date
    ) throws(StoreError) -> Filing {
        let heldMessage = try messageID(ofInvite: id)
        let wasInstanceOnly = existing.invite.recurrenceID != nil
        if !wasInstanceOnly {
            if heldMessage == message, existing.invite.method == invite.method { return .same }
            // The same version in other bytes (LF for CRLF, as mutt and aerc hand a part to a
            // mailcap entry; the part alone after the whole mail) is the same copy, not a stale
            // one: RFC 5546 §2.1.5 orders versions by SEQUENCE, then DTSTAMP.
            if existing.invite.method == invite.method, existing.invite.sequence == invite.sequence,
                let stamp = invite.dtstamp, stamp == existing.invite.dtstamp
            {
                return .same
            }
            guard InboxStore.isNewer(invite, than: existing.invite) else {
                return .stale(note: "stale copy (SEQUENCE \(invite.sequence)); the inbox holds a newer version")
            }
        }
        var status = existing.status
        var note: String?
        if invite.method == .cancel {
            status = .cancelled
        } else {
            let moved =
                existing.invite.start != invite.start || existing.invite.end != invite.end
                || existing.invite.dates != invite.dates
            if existing.status == .cancelled {
                status = .pending
                note = "invited again after it was cancelled"
            } else if moved, existing.status != .pending, !wasInstanceOnly {
                status = .pending
                note = "the time changed: your earlier answer (\(existing.status.rawValue)) is back to pending"
            }
        }
        try replace(id: id, with: invite, message: message, status: status, now: now)
        return .filed(status, note: note)
    }

    /// One instance of a message: it replaces what the inbox holds for that instance when it is
    /// newer (SEQUENCE, then DTSTAMP, per instance), and puts an answer that its new time
    /// invalidates back to pending.
    func fileInstance(
        _ instance: Invite.Instance, held: StoredInstance?, series: InviteStatus, cancel: Bool, id: Int64,
        message: Int64, now: Date
    ) throws(StoreError) -> Filing {
        let heldMessage = try instanceMessageID(of: id, recurrenceID: instance.recurrenceID)
        if let previous = held?.organizer {
            if heldMessage == message, previous.cancelled == cancel { return .same }
            if previous.cancelled == cancel, previous.sequence == instance.sequence,
                let stamp = instance.dtstamp, stamp == previous.dtstamp
            {
                return .same
            }
            let newer =
                instance.sequence != previous.sequence
                ? instance.sequence > previous.sequence
                : (instance.dtstamp.flatMap { new in previous.dtstamp.map { new > $0 } } ?? true)
            guard newer || (cancel && !previous.cancelled && instance.sequence == previous.sequence) else {
                return .stale(
                    note: "stale copy of the occurrence \(instance.recurrenceID) (SEQUENCE \(instance.sequence))")
            }
        }
        var answer = held?.answer
        var note: String?
        if cancel {
            var cancelled = held?.organizer ?? instance
            cancelled.cancelled = true
            cancelled.sequence = instance.sequence
            cancelled.dtstamp = instance.dtstamp
            try saveInstance(
                cancelled, of: id, message: held?.organizer == nil ? nil : heldMessage, answer: answer, now: now)
            return .filed(series, note: "the occurrence \(instance.recurrenceID) was cancelled")
        }
        let before =
            held?.organizer.flatMap { $0.cancelled ? nil : ($0.start, $0.end) }
            ?? RecurrenceKey.instant(of: instance.recurrenceID).map { ($0, $0) }
        let moved = before.map { $0.0 != instance.start || (held?.organizer != nil && $0.1 != instance.end) } ?? true
        let effective = answer ?? series
        if moved, [.accepted, .declined, .tentative].contains(effective) {
            answer = .pending
            note =
                "the occurrence \(instance.recurrenceID) moved: your answer (\(effective.rawValue)) is back to pending"
        } else if held?.organizer?.cancelled == true {
            note = "the occurrence \(instance.recurrenceID) was invited again after it was cancelled"
        }
        try saveInstance(instance, of: id, message: message, answer: answer, now: now)
        return .filed(series, note: note)
    }

    /// RFC 5546 §2.1.5: a higher SEQUENCE is newer; at the same SEQUENCE a later DTSTAMP is.
    /// Push payloads carry neither, so a different payload for the same id is the newer one.
    static func isNewer(_ incoming: Invite, than held: Invite) -> Bool {
        if incoming.sequence != held.sequence { return incoming.sequence > held.sequence }
        if let new = incoming.dtstamp, let old = held.dtstamp { return new > old }
        if incoming.method == .cancel && held.method != .cancel { return true }
        return incoming.source == .push || incoming.dtstamp != nil || held.dtstamp == nil
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

    /// An invitation of instances alone shows its first instance: when the organizer changes that
    /// instance, the invitation shows the change.
    func refreshLead(id: Int64, with invite: Invite, lead: Invite.Instance, message: Int64, now: Date)
        throws(StoreError)
    {
        var shown = invite
        shown.title = lead.title
        shown.start = lead.start
        shown.end = lead.end
        shown.dates = lead.dates
        shown.sequence = lead.sequence
        shown.dtstamp = lead.dtstamp
        let status = try invites(where: "i.id = ?", [.int(id)]).first?.status ?? .pending
        try replace(id: id, with: shown, message: message, status: status, now: now)
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

    /// A handle no other invite has: four characters of the UID's stable hash, more on a clash.
    ///
    /// The alphabet leaves out characters that read alike (0/o, 1/l/i), so a handle read off a
    /// screen is typed right.
    func freeHandle(for invite: Invite) throws(StoreError) -> String {
        let alphabet = Array("23456789abcdefghjkmnpqrstuvwxyz")
        var hash = StableHash.fnv1a(Data((invite.uid + "\u{0}" + (invite.recurrenceID ?? "")).utf8))
        var digits: [Character] = []
        for _ in 0..<12 {
            digits.append(alphabet[Int(hash % UInt64(alphabet.count))])
            hash /= UInt64(alphabet.count)
        }
        for length in 4...digits.count {
            let candidate = String(digits.prefix(length))
            if try rowID(handle: candidate) == nil { return candidate }
        }
        var suffix = 2
        while try rowID(handle: "\(String(digits))\(suffix)") != nil { suffix += 1 }
        return "\(String(digits))\(suffix)"
    }

    func rowID(handle: String) throws(StoreError) -> Int64? {
        let statement = try database.prepare("SELECT id FROM invites WHERE handle = ?")
        return try statement.bind([.text(handle)]).step() ? Int64(statement.int(0)) : nil
    }
}
