import Foundation

/// Answers invites: records the answer in the history and keeps your calendar in step with it.
///
/// An accepted or tentative invite goes into the first calendar; declining it afterwards takes
/// it out again; answering the same way twice leaves the calendar alone; a cancelled or updated
/// invite that is in the calendar is rewritten there.
public struct Responder {
    public var store: InboxStore
    /// The calendar accepted invites go into (the first `--calendar`).
    public var calendar: CalendarSource
    public var me: MyAddresses
    public var display: DisplayZone
    /// Where lock files go: inside `--home`.
    public var lockFolder: String
    /// Your name for the replies' From line and ATTENDEE (the `name` setting); `nil` takes the
    /// name the invitation gives you.
    public var name: String?

    public init(
        store: InboxStore, calendar: CalendarSource, me: MyAddresses, display: DisplayZone, lockFolder: String,
        name: String? = nil
    ) {
        self.store = store
        self.calendar = calendar
        self.me = me
        self.display = display
        self.lockFolder = lockFolder
        self.name = name
    }

    /// What answering did to the calendar.
    public enum CalendarChange: Sendable, Equatable {
        case added(String)
        case rewritten(String)
        case removed(String)
        case unchanged
    }

    public struct Outcome: Sendable {
        /// One entry per occurrence answered, or one for the series.
        public var entries: [HistoryEntry]
        public var calendar: CalendarChange
        /// Why no message for the organizer was queued although one is owed (no address of
        /// yours, no ORGANIZER), for the user to fix.
        public var notQueued: ReplyError?

        public var entry: HistoryEntry? { entries.first }
        /// The outbox message that carries the answer, when one was queued.
        public var queued: Int64? { entries.first?.outboxID }
    }

    /// Records an answer (or a comment) and updates the calendar; `addToCalendar: false` is
    /// `--no-add`. With `occurrences` (``RecurrenceKey``s) the answer is for those instances
    /// alone, and only their components in the calendar change. Unless `toOrganizer` is false
    /// (a comment kept for yourself), an invitation that expects a reply gets one queued in the
    /// outbox in the same transaction.
    public func answer(
        _ stored: StoredInvite, action: AnswerAction, occurrences: [String] = [], comment: String?, addToCalendar: Bool,
        toOrganizer: Bool = true, now: Date
    ) throws -> Outcome {
        let record = try store.calendarRecord(for: stored)
        let delivery: Delivery =
            stored.invite.expectsReply && action != .cancelled && toOrganizer ? .pending : .none
        let after = Responder.state(of: stored, after: action, occurrences: occurrences)
        var notQueued: ReplyError?
        let compose = { (invitation: StoredInvite, history: [HistoryEntry]) -> OutboxDraft? in
            do throws(ReplyError) {
                return try OutboxDraft.make(
                    for: invitation, history: history, me: me, name: name, now: now, display: display)
            } catch {
                notQueued = error
                return nil
            }
        }
        func finish(_ change: CalendarChange, _ calendar: InboxStore.RecordChange = .keep) throws -> Outcome {
            let entries = try store.record(
                action, for: stored, occurrences: occurrences, comment: comment, delivery: delivery, now: now,
                calendar: calendar, compose: compose)
            return Outcome(entries: entries, calendar: change, notQueued: notQueued)
        }
        switch action {
        case .commented, .proposed, .proposalDeclined:
            return try finish(.unchanged)
        case .cancelled:
            guard let record else { return try finish(.unchanged) }
            let (change, newRecord) = try write(after, keys: nil, record: record, now: now)
            return try finish(change, .set(newRecord))
        case .declined where occurrences.isEmpty:
            guard let record else { return try finish(.unchanged) }
            let source = try target(record)
            var intent = record
            intent.pending = true
            try store.setCalendarRecord(.set(intent), for: stored, now: now)
            try undoingIntent(record, for: stored, now: now) {
                try CalendarWriter(source: source, lockFolder: lockFolder, display: display)
                    .delete(uid: stored.invite.uid, zones: record.zones)
            }
            return try finish(.removed(source.path), .remove)
        case .accepted, .tentative, .declined:
            guard addToCalendar, record != nil || action != .declined else { return try finish(.unchanged) }
            if occurrences.isEmpty, let record, !record.pending, record.version == Responder.version(of: after),
                stored.status == action.status
            {
                return try finish(.unchanged)
            }
            let (change, newRecord) = try write(
                after, keys: occurrences.isEmpty ? nil : occurrences.map { $0 }, record: record, now: now)
            return try finish(change, .set(newRecord))
        }
    }

    /// Brings the calendar in step with a newly ingested version of an invitation that an earlier
    /// answer put there: a cancellation marks it (or the instance) cancelled, an update rewrites
    /// what the organizer changed and nothing else.
    public func follow(_ outcome: IngestOutcome, now: Date) throws -> CalendarChange? {
        let stored = outcome.stored
        guard outcome.result == .cancelled || outcome.result == .updated,
            let record = try store.calendarRecord(for: stored), record.version != Responder.version(of: stored)
        else { return nil }
        if outcome.result == .cancelled, stored.status == .cancelled, outcome.changed.contains(where: { $0 == nil }) {
            return try answer(stored, action: .cancelled, comment: nil, addToCalendar: true, now: now).calendar
        }
        // An update keeps your answers as the inbox now has them: an answer the new time put
        // back to pending is NEEDS-ACTION in the calendar too.
        let keys: [String?]? = outcome.changed.contains(where: { $0 == nil }) ? nil : outcome.changed
        let (change, newRecord) = try write(stored, keys: keys, record: record, now: now)
        try store.setCalendarRecord(.set(newRecord), for: stored, now: now)
        return change
    }

    /// The invitation as it stands once an answer is recorded.
    static func state(of stored: StoredInvite, after action: AnswerAction, occurrences: [String]) -> StoredInvite {
        guard let status = action.status else { return stored }
        var after = stored
        if occurrences.isEmpty {
            after.status = status
            if action != .cancelled {
                after.instances = after.instances.compactMap { instance in
                    var copy = instance
                    copy.answer = nil
                    return copy.organizer == nil ? nil : copy
                }
            }
            return after
        }
        for key in occurrences {
            if let index = after.instances.firstIndex(where: { $0.recurrenceID == key }) {
                after.instances[index].answer = status
            } else {
                after.instances.append(StoredInstance(recurrenceID: key, organizer: nil, message: nil, answer: status))
            }
        }
        return after
    }

    /// What the calendar copy was made from: the messages and every answer, so a copy is written
    /// again exactly when one of them changed.
    static func version(of stored: StoredInvite) -> Data {
        var hasher = ContentHasher()
        stored.invite.raw.withUnsafeBytes { hasher.add($0) }
        var state = stored.status.rawValue
        // Each message is hashed once and then named by its place among them: the instances of
        // one message share it, and hashing it again for each made accepting a series sent with
        // 9,999 instances hash 12 GB.
        var messages: [Data: Int] = [:]
        for instance in stored.instances {
            state +=
                "|\(instance.recurrenceID),\(instance.answer?.rawValue ?? "-"),\(instance.isCancelled),"
                + "\(instance.organizer?.sequence ?? -1),\(instance.organizer.map { RFC3339.utc($0.start) } ?? "")"
            if let message = instance.message {
                if let known = messages[message] {
                    state += ",m\(known)"
                } else {
                    messages[message] = messages.count
                    message.withUnsafeBytes { hasher.add($0) }
                }
            }
        }
        Data(state.utf8).withUnsafeBytes { hasher.add($0) }
        let digest = hasher.finish()
        return Data(String(format: "%016llx%016llx", digest.high, digest.low).utf8)
    }

    private func write(
        _ stored: StoredInvite, keys: [String?]?, record: InboxStore.CalendarRecord?, now: Date
    ) throws -> (CalendarChange, InboxStore.CalendarRecord) {
        let source = try record.map(target) ?? calendar
        let entry = ITIPComposer.calendarEntry(for: stored, keys: keys, me: me, now: now, display: display)
        // The intent lands first: a crash during the write leaves a pending record, never an
        // event in the calendar that the store knows nothing of.
        let version = Responder.version(of: stored)
        let intent = InboxStore.CalendarRecord(
            calendar: source.path, zones: record?.zones ?? [], version: version, pending: true)
        try store.setCalendarRecord(.set(intent), for: stored, now: now)
        let written = try undoingIntent(record, for: stored, now: now) {
            try CalendarWriter(source: source, lockFolder: lockFolder, display: display).put(entry)
        }
        var zones = record?.zones ?? []
        for zone in written.zones where !zones.contains(zone) { zones.append(zone) }
        let change: CalendarChange = record == nil ? .added(source.path) : .rewritten(source.path)
        return (change, InboxStore.CalendarRecord(calendar: source.path, zones: zones, version: version))
    }

    /// Runs a calendar write whose intent has landed; when the write fails (a read-only
    /// calendar, a full disk), the calendar is as it was, so the store goes back to the record
    /// it had and the failed answer leaves no trace. Should that undo fail too, the pending
    /// intent stays, which is what a crash would have left.
    private func undoingIntent<T>(
        _ record: InboxStore.CalendarRecord?, for stored: StoredInvite, now: Date, _ body: () throws -> T
    ) throws -> T {
        do {
            return try body()
        } catch {
            try? store.setCalendarRecord(record.map { .set($0) } ?? .remove, for: stored, now: now)
            throw error
        }
    }

    /// The calendar an earlier answer wrote to, which may no longer be the first one.
    private func target(_ record: InboxStore.CalendarRecord) throws -> CalendarSource {
        record.calendar == calendar.path ? calendar : CalendarSource.defaultCalendar(record.calendar)
    }
}
