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

    public init(store: InboxStore, calendar: CalendarSource, me: MyAddresses, display: DisplayZone, lockFolder: String) {
        self.store = store
        self.calendar = calendar
        self.me = me
        self.display = display
        self.lockFolder = lockFolder
    }

    /// What answering did to the calendar.
    public enum CalendarChange: Sendable, Equatable {
        case added(String)
        case rewritten(String)
        case removed(String)
        case unchanged
    }

    public struct Outcome: Sendable {
        public var entry: HistoryEntry
        public var calendar: CalendarChange
    }

    /// Records an answer (or a comment) and updates the calendar; `addToCalendar: false` is
    /// `--no-add`.
    public func answer(
        _ stored: StoredInvite, action: AnswerAction, comment: String?, addToCalendar: Bool, now: Date
    ) throws -> Outcome {
        let record = try store.calendarRecord(for: stored)
        let delivery = stored.invite.expectsReply ? "pending" : "none"
        switch action {
        case .accepted, .tentative:
            guard addToCalendar else { break }
            if let record, !record.pending, record.version == stored.invite.raw, stored.status == action.status {
                let entry = try store.record(action, for: stored, comment: comment, delivery: delivery, now: now)
                return Outcome(entry: entry, calendar: .unchanged)
            }
            let (change, newRecord) = try write(stored, action: action, record: record, now: now)
            let entry = try store.record(action, for: stored, comment: comment, delivery: delivery, now: now, calendar: .set(newRecord))
            return Outcome(entry: entry, calendar: change)
        case .declined, .cancelled:
            if let record {
                if action == .cancelled {
                    let (change, newRecord) = try write(stored, action: .cancelled, record: record, now: now)
                    let entry = try store.record(action, for: stored, comment: comment, delivery: "none", now: now, calendar: .set(newRecord))
                    return Outcome(entry: entry, calendar: change)
                }
                let source = try target(record)
                var intent = record
                intent.pending = true
                try store.setCalendarRecord(.set(intent), for: stored, now: now)
                try undoingIntent(record, for: stored, now: now) {
                    try CalendarWriter(source: source, lockFolder: lockFolder).delete(uid: stored.invite.uid, zones: record.zones)
                }
                let entry = try store.record(action, for: stored, comment: comment, delivery: delivery, now: now, calendar: .remove)
                return Outcome(entry: entry, calendar: .removed(source.path))
            }
        case .commented:
            break
        }
        let entry = try store.record(
            action, for: stored, comment: comment, delivery: action == .cancelled ? "none" : delivery, now: now)
        return Outcome(entry: entry, calendar: .unchanged)
    }

    /// Brings the calendar in step with a newly ingested version of an invite that an earlier
    /// answer put there: a cancellation marks it cancelled, an update rewrites it.
    public func follow(_ outcome: IngestOutcome, now: Date) throws -> CalendarChange? {
        guard outcome.result == .cancelled || outcome.result == .updated,
            let record = try store.calendarRecord(for: outcome.stored), record.version != outcome.stored.invite.raw
        else { return nil }
        if outcome.result == .cancelled {
            return try answer(outcome.stored, action: .cancelled, comment: nil, addToCalendar: true, now: now).calendar
        }
        // A moved invite is back to pending: the calendar keeps it, with the organizer's new
        // times and your PARTSTAT as the new version has it, until you answer again.
        let action: AnswerAction
        switch outcome.stored.status {
        case .accepted: action = .accepted
        case .tentative: action = .tentative
        default: action = .commented
        }
        let (change, newRecord) = try write(outcome.stored, action: action, record: record, now: now)
        try store.setCalendarRecord(.set(newRecord), for: outcome.stored, now: now)
        return change
    }

    private func write(
        _ stored: StoredInvite, action: AnswerAction, record: InboxStore.CalendarRecord?, now: Date
    ) throws -> (CalendarChange, InboxStore.CalendarRecord) {
        let source = try record.map(target) ?? calendar
        let entry = ITIPComposer.calendarEntry(for: stored.invite, action: action, me: me, now: now, display: display)
        // The intent lands first: a crash during the write leaves a pending record, never an
        // event in the calendar that the store knows nothing of.
        let intent = InboxStore.CalendarRecord(
            calendar: source.path, zones: record?.zones ?? [], version: stored.invite.raw, pending: true)
        try store.setCalendarRecord(.set(intent), for: stored, now: now)
        let written = try undoingIntent(record, for: stored, now: now) {
            try CalendarWriter(source: source, lockFolder: lockFolder).put(entry)
        }
        let zones = record?.zones ?? written.zones
        let change: CalendarChange = record == nil ? .added(source.path) : .rewritten(source.path)
        return (change, InboxStore.CalendarRecord(calendar: source.path, zones: zones, version: stored.invite.raw))
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
