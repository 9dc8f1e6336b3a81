import Foundation
import InvitesModel

/// Files what arrives where RFC 5546 orders it: which copy of an invitation wins (SEQUENCE, then
/// DTSTAMP, per instance), what changed, what to tell the user, and what an answer the change
/// invalidates goes back to. The store only keeps what this decides, inside one transaction
/// the filer opens for each message (or each invitation found in a calendar).
package struct InvitationFiler {
    package var store: InboxStore

    package init(store: InboxStore) {
        self.store = store
    }

    /// Files each invite: new, a newer version of one held, a stale or identical copy, or a
    /// cancellation. All of them in one transaction.
    ///
    /// An invite for a UID the inbox holds under another organizer is not filed at all: it is
    /// handed to `refused` with its place in `invites`, and changes nothing (``ForeignUpdate``).
    package func file(
        _ invites: [Invite], now: Date, refused: (Int, ForeignUpdate) -> Void = { _, _ in }
    ) throws(StoreError) -> [IngestOutcome] {
        try store.transaction { () throws(StoreError) -> [IngestOutcome] in
            var outcomes: [IngestOutcome] = []
            // The invitations of one message share its bytes: the message's row is looked up
            // once for all of them, not once each (a lookup compares the whole message, which made
            // a message of 40,000 invitations take minutes).
            var messages: [Data: Int64] = [:]
            for (place, invite) in invites.enumerated() {
                let existing = try store.find(uid: invite.uid)
                if let existing, let refusal = ForeignUpdate.check(invite, against: existing.invite) {
                    refused(place, refusal)
                    continue
                }
                let message: Int64
                if let known = messages[invite.raw] {
                    message = known
                } else {
                    message = try store.messageID(for: invite.raw)
                    messages[invite.raw] = message
                }
                outcomes.append(try file(invite, existing: existing, message: message, now: now))
            }
            return outcomes
        }
    }

    /// Files an invitation found in a calendar, one transaction for it.
    ///
    /// The same UID from a mail and from the calendar is one invitation: the item is filed as a
    /// newer copy when RFC 5546's ordering says so, and in any case the invitation learns where
    /// it lives. Your answer follows the item's PARTSTAT for you, since the item is where the
    /// server (or your phone) keeps it. A copy invites wrote itself (an accepted mailed
    /// invitation) is not followed: invites is its writer, and its answers are already here.
    ///
    /// An item that names another organizer than the one on file for its UID is not followed:
    /// only that organizer changes the meeting (``ForeignUpdate``), whoever put the item there.
    ///
    /// - Returns: what filing did, or `nil` when the copy is invites' own.
    package func follow(_ found: FoundInvitation, invite: Invite, now: Date) throws -> IngestOutcome? {
        let followed = try store.transaction { () throws(StoreError) -> Result<IngestOutcome?, ForeignUpdate> in
            let existing = try store.find(uid: found.uid)
            if let existing {
                if try store.calendarRecord(for: existing) != nil { return .success(nil) }
                if let refusal = ForeignUpdate.check(invite, against: existing.invite) { return .failure(refusal) }
            }
            let filed = try file(
                invite, existing: existing, message: try store.messageID(for: invite.raw), now: now)
            guard let id = try store.rowID(handle: filed.stored.handle) else {
                throw .notInInbox(path: store.path, handle: filed.stored.handle)
            }
            try store.keepCalendarItem(found.item, inviteID: id, now: now)
            // Answers held for this very copy are still to go into it: the inbox keeps them,
            // and whoever settles them writes them into the item.
            if try store.hasHeldAnswers(inviteID: id) {
                var outcome = filed
                if let stored = try store.invite(id: id) { outcome.stored = stored }
                return .success(outcome)
            }
            let task = invite.properties?.isTask == true
            let series =
                found.cancelled
                ? InviteStatus.cancelled
                : found.partstats[nil].map { InvitationFiler.status(ofPartstat: $0, task: task) }
                    ?? filed.stored.status
            if series != filed.stored.status { try store.setStatus(series, inviteID: id, now: now) }
            for case (let key?, let partstat) in found.partstats {
                let answer = InvitationFiler.status(ofPartstat: partstat, task: task)
                let held = filed.stored.instance(key)?.answer
                let wanted: InviteStatus? = answer == series ? nil : answer
                if held != wanted { try store.setAnswer(wanted, for: [key], of: id, now: now) }
            }
            var outcome = filed
            if let stored = try store.invite(id: id) { outcome.stored = stored }
            return .success(outcome)
        }
        return try followed.get()
    }

    /// The inbox's status for a PARTSTAT of yours; DELEGATED counts as declined (someone else
    /// goes), anything unknown as not yet answered. On a task, IN-PROCESS and COMPLETED (RFC
    /// 5545 §3.2.12 allows them on a VTODO alone) are accepted, as `progress` and `done` leave
    /// the inbox: you took it on.
    static func status(ofPartstat partstat: String, task: Bool = false) -> InviteStatus {
        switch partstat.uppercased() {
        case "ACCEPTED": return .accepted
        case "IN-PROCESS" where task, "COMPLETED" where task: return .accepted
        case "DECLINED", "DELEGATED": return .declined
        case "TENTATIVE": return .tentative
        default: return .pending
        }
    }

    /// Files one invitation of the message stored at row `message`; `existing` is what the
    /// inbox holds for its UID, looked up once by the caller.
    func file(_ invite: Invite, existing: StoredInvite?, message: Int64, now: Date) throws(StoreError)
        -> IngestOutcome
    {
        if invite.method == .add { return try fileAdded(invite, existing: existing, message: message, now: now) }
        let cancel = invite.method == .cancel
        guard let existing else {
            let status: InviteStatus = cancel ? .cancelled : .pending
            var (stored, id) = try store.insert(invite, message: message, status: status, now: now)
            for instance in invite.instances {
                try store.saveInstance(instance, of: id, message: cancel ? nil : message, answer: nil, now: now)
            }
            stored.instances = try store.instances(of: id)
            try store.keepThread(of: invite, id: id)
            let changed: [String?] = (invite.recurrenceID == nil ? [nil] : []) + invite.instances.map(\.recurrenceID)
            return IngestOutcome(stored: stored, result: cancel ? .cancelled : .new, note: nil, changed: changed)
        }
        guard let id = try store.rowID(handle: existing.handle) else {
            throw .notInInbox(path: store.path, handle: existing.handle)
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
                if cancel, case let count = try store.withdrawWaiting(inviteID: id, now: now), count > 0 {
                    notes.append(
                        count == 1
                            ? "the message waiting in the outbox for it was withdrawn"
                            : "the \(count) messages waiting in the outbox for it were withdrawn")
                }
            }
        }
        // The ranges of the message (RANGE=THISANDFUTURE) are filed against the invitation read once.
        let ranges =
            !cancel && invite.instances.contains(where: \.thisAndFuture)
            ? try store.invite(id: id).map(RangeFiling.init) : nil
        // The range cancels of the message (RANGE=THISANDFUTURE): the earliest reaches all the others.
        var rangeCancels: [Invite.Instance] = []
        for instance in invite.instances {
            let held = existing.instance(instance.recurrenceID)
            switch try fileInstance(
                instance, held: held, series: status, cancel: cancel, id: id, message: message, now: now,
                ranges: ranges)
            {
            case .stale(let note):
                notes.append(note)
            case .same:
                break
            case .filed(_, let note):
                if result == .unchanged { result = cancel ? .cancelled : .updated }
                changed.append(instance.recurrenceID)
                if let note, !note.isEmpty { notes.append(note) }
                // An answer to an occurrence that is off must not go out on the next `send`.
                if instance.cancelled,
                    case let count = try store.withdrawWaiting(
                        inviteID: id, recurrenceID: instance.recurrenceID, now: now), count > 0
                {
                    notes.append(
                        count == 1
                            ? "the message waiting in the outbox for the occurrence was withdrawn"
                            : "the \(count) messages waiting in the outbox for the occurrence were withdrawn")
                }
                if cancel, instance.thisAndFuture { rangeCancels.append(instance) }
            }
        }
        if let earliest = InvitationFiler.earliest(rangeCancels), let stored = try store.invite(id: id) {
            let later = try cancelLater(than: earliest, of: stored, id: id, now: now)
            changed += later.keys
            if let note = later.note { notes.append(note) }
        }
        if let ranges, case let known = Set(changed) {
            changed += ranges.reachedKeys.filter { !known.contains($0) }
        }
        if existing.invite.recurrenceID != nil, invite.recurrenceID != nil,
            changed.contains(existing.invite.recurrenceID),
            let lead = invite.instances.first(where: { $0.recurrenceID == existing.invite.recurrenceID }), !cancel
        {
            try refreshLead(id: id, with: invite, lead: lead, message: message, now: now)
        }
        if result != .unchanged || existing.invite.mail == nil { try store.keepThread(of: invite, id: id) }
        guard let stored = try store.invite(id: id) else {
            throw .notInInbox(path: store.path, handle: existing.handle)
        }
        return IngestOutcome(
            stored: stored, result: result, note: notes.isEmpty ? nil : notes.joined(separator: "; "), changed: changed)
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
        let heldMessage = try store.messageID(ofInvite: id)
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
            guard InvitationFiler.isNewer(invite, than: existing.invite) else {
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
                // A task's time is its start and DUE (RFC 5545 §3.6.2): say which it was.
                let what = invite.properties?.isTask == true ? "the due date changed" : "the time changed"
                note = "\(what): your earlier answer (\(existing.status.rawValue)) is back to pending"
            }
        }
        try store.replace(id: id, with: invite, message: message, status: status, now: now)
        return .filed(status, note: note)
    }

    /// One instance of a message: it replaces what the inbox holds for that instance when it is
    /// newer (SEQUENCE, then DTSTAMP, per instance), and puts an answer that its new time
    /// invalidates back to pending.
    func fileInstance(
        _ instance: Invite.Instance, held: StoredInstance?, series: InviteStatus, cancel: Bool, id: Int64,
        message: Int64, now: Date, ranges: RangeFiling? = nil
    ) throws(StoreError) -> Filing {
        let heldMessage = try store.instanceMessageID(of: id, recurrenceID: instance.recurrenceID)
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
            if instance.thisAndFuture { cancelled.thisAndFuture = true }
            cancelled.sequence = instance.sequence
            cancelled.dtstamp = instance.dtstamp
            try store.saveInstance(
                cancelled, of: id, message: held?.organizer == nil ? nil : heldMessage, answer: answer, now: now)
            return .filed(
                series, note: instance.thisAndFuture ? nil : "the occurrence \(instance.recurrenceID) was cancelled")
        }
        if instance.thisAndFuture, let ranges {
            return try fileRange(
                instance, held: held, series: series, id: id, message: message, now: now, context: ranges)
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
        try store.saveInstance(instance, of: id, message: message, answer: answer, now: now)
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
        let status = try store.invite(id: id)?.status ?? .pending
        try store.replace(id: id, with: shown, message: message, status: status, now: now)
    }
}
