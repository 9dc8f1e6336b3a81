import Foundation
import InvitesFormats
import InvitesModel

/// Answers invites: records the answer in the history and keeps your calendar in step with it.
///
/// An accepted or tentative invite goes into the first calendar; declining it afterwards takes
/// it out again; answering the same way twice leaves the calendar alone; a cancelled or updated
/// invite that is in the calendar is rewritten there.
package struct Responder {
    package var store: InboxStore
    /// The calendar accepted invites go into (the first `--calendar`).
    package var calendar: CalendarSource
    package var me: MyAddresses
    package var display: DisplayZone
    /// Where lock files go: inside `--home`.
    package var lockFolder: String
    /// Your name for the replies' From line and ATTENDEE (the `name` setting); `nil` takes the
    /// name the invitation gives you.
    package var name: String?
    /// The `scheduling` setting of each calendar.
    package var scheduling: SchedulingPolicy
    /// How long an answer to a mailed invitation is held for your calendar server's copy of
    /// it (the `server_wait` setting); 0 holds none.
    package var serverWait: TimeInterval

    package init(
        store: InboxStore, calendar: CalendarSource, me: MyAddresses, display: DisplayZone, lockFolder: String,
        name: String? = nil, scheduling: SchedulingPolicy = SchedulingPolicy(),
        serverWait: TimeInterval = Responder.defaultServerWait
    ) {
        self.serverWait = serverWait
        self.store = store
        self.calendar = calendar
        self.me = me
        self.display = display
        self.lockFolder = lockFolder
        self.name = name
        self.scheduling = scheduling
    }

    /// What answering did to the calendar.
    package enum CalendarChange: Sendable, Equatable {
        case added(String)
        case rewritten(String)
        case removed(String)
        case unchanged
    }

    package struct Outcome: Sendable {
        /// One entry per occurrence answered, or one for the series.
        package var entries: [HistoryEntry]
        package var calendar: CalendarChange
        /// Why no message for the organizer was queued although one is owed (no address of
        /// yours, no ORGANIZER), for the user to fix.
        package var notQueued: ReplyError?
        /// Who tells the organizer, and what the user is told: what this answer recorded.
        package var plan: ReplyPlan

        /// Set when the answer is held for your server's copy of the invitation (a mailed
        /// invitation, a calendar your server schedules): until when, at the latest.
        package var heldUntil: Date? {
            guard case .held(let until) = plan.route else { return nil }
            return until
        }
        /// Who tells the organizer, for an answer written into a calendar item a scheduling
        /// server put there (with the setting it came from); `nil` for every other answer,
        /// which invites sends as always.
        package var scheduling: Scheduling? { plan.scheduling }

        package var entry: HistoryEntry? { entries.first }
        /// The outbox message that carries the answer, when one was queued.
        package var queued: Int64? { entries.first?.outboxID }
    }

    /// Who replies to an answer given in place, and why.
    package struct Scheduling: Sendable, Equatable {
        /// `server` or `client`: what applied.
        package var mode: SchedulingMode
        /// The setting for the calendar, `auto` included.
        package var setting: SchedulingMode
        /// Your ATTENDEE carries `SCHEDULE-AGENT=CLIENT`.
        package var clientAgent: Bool
        /// The calendar the setting is for.
        package var calendar: String
    }

    /// Records an answer (or a comment) and updates the calendar; `addToCalendar: false` is
    /// `--no-add`. Accepting what the organizer cancelled (the invitation or an occurrence) is
    /// refused (``AnswerError``); declining it is recorded, and queues nothing. With
    /// `occurrences` (``RecurrenceKey``s) the answer is for those instances alone, and only
    /// their components in the calendar change. Whether the organizer gets a reply, and from
    /// whom, is the ``ReplyPlan``'s to say, from what the calendar holds; a reply invites owes
    /// is queued in the outbox in the same transaction. `toOrganizer: false` is a comment kept
    /// for yourself; `send` is the user's word (`--send`, `--no-send`) and `policy` the `send`
    /// setting, which the plan's ``ReplyPlan/sending`` applies. `percent` is how far along a task
    /// is, for a report of it under way (``AnswerAction/inProcess``); a report on a meeting is
    /// refused (``AnswerError/notATask(handle:action:)``).
    package func answer(
        _ stored: StoredInvite, action: AnswerAction, occurrences: [String] = [], comment: String?, addToCalendar: Bool,
        toOrganizer: Bool = true, send: Bool? = nil, policy: SendPolicy = .never, percent: Int? = nil, now: Date
    ) throws -> Outcome {
        if AnswerAction.taskReports.contains(action), stored.invite.properties?.isTask != true {
            throw AnswerError.notATask(handle: stored.handle, action: action)
        }
        if action == .accepted || action == .tentative || AnswerAction.taskReports.contains(action) {
            // A server's copy is cancelled by STATUS:CANCELLED, not by a METHOD:CANCEL message.
            if stored.invite.method == .cancel || (stored.foundIn != nil && stored.status == .cancelled) {
                throw AnswerError.cancelled(handle: stored.handle, action: action)
            }
            for key in occurrences where stored.answer(for: key) == .cancelled {
                throw AnswerError.occurrenceCancelled(handle: stored.handle, occurrence: key, action: action)
            }
        }
        let given = ReplyPlan.Answer(
            action, occurrences: occurrences, toOrganizer: toOrganizer, addToCalendar: addToCalendar, send: send)
        func plan(_ calendar: ReplyPlan.Calendar) -> ReplyPlan {
            ReplyPlan.make(for: stored, answer: given, me: me, calendar: calendar, policy: policy)
        }
        if let item = stored.foundIn, !item.gone, addToCalendar, let partstat = action.partstat {
            return try answerInPlace(
                stored, item: item, action: action, partstat: partstat, occurrences: occurrences, comment: comment,
                percent: percent, now: now, plan: plan)
        }
        let mailed = plan(.invites)
        let placed = mailed.couldWait ? plan(try serverCopy(of: stored, now: now)) : mailed
        if case .held = placed.route {
            return try record(
                action, for: stored, occurrences: occurrences, comment: comment, plan: placed, now: now,
                calendar: .keep, change: .unchanged, percent: percent)
        }
        let record = try store.calendarRecord(for: stored)
        let after = Responder.state(of: stored, after: action, occurrences: occurrences)
        let pending = Pending(action: action, occurrences: occurrences, percent: percent)
        func finish(_ change: CalendarChange, _ calendar: CalendarRecord.Change = .keep) throws -> Outcome {
            try self.record(
                action, for: stored, occurrences: occurrences, comment: comment, plan: placed, now: now,
                calendar: calendar, change: change, percent: percent)
        }
        switch action {
        case .commented, .proposed, .proposalDeclined, .refreshed, .forwarded, .delegated, .delegateAccepted,
            .delegateDeclined, .delegateTentative:
            return try finish(.unchanged)
        case .cancelled:
            guard let record else { return try finish(.unchanged) }
            let (change, newRecord) = try self.write(after, keys: nil, record: record, now: now, pending: pending)
            return try finish(change, .set(newRecord))
        case .declined where occurrences.isEmpty:
            guard let record else { return try finish(.unchanged) }
            let source = try target(record)
            var intent = record
            intent.pending = true
            try store.setCalendarRecord(.set(intent), for: stored, now: now)
            try undoingIntent(record, for: stored, now: now) {
                try CalendarWriter(source: source, lockFolder: lockFolder, display: display)
                    .delete(uid: stored.invite.uid, zones: record.zones, claim: claim(stored, written: true))
            }
            return try finish(.removed(source.path), .remove)
        case .accepted, .tentative, .declined, .inProcess, .completed:
            guard addToCalendar, record != nil || action != .declined else { return try finish(.unchanged) }
            let reports = try taskReports(of: after, adding: pending, now: now)
            if occurrences.isEmpty, let record, !record.pending,
                record.version == Responder.version(of: after, reports: reports), stored.status == action.status
            {
                return try finish(.unchanged)
            }
            let (change, newRecord) = try self.write(
                after, keys: occurrences.isEmpty ? nil : occurrences.map { $0 }, record: record, now: now,
                pending: pending)
            return try finish(change, .set(newRecord))
        }
    }

    /// An answer to an invitation a scheduling server put in your calendar: your PARTSTAT (an
    /// override for one occurrence, your COMMENT) written into that item where it is, and the
    /// reply left to the server when the plan says so, so the organizer hears once. The item is
    /// changed before the answer is recorded: a failed write records nothing.
    private func answerInPlace(
        _ stored: StoredInvite, item: CalendarItem, action: AnswerAction, partstat: String, occurrences: [String],
        comment: String?, percent: Int?, now: Date, plan: (ReplyPlan.Calendar) -> ReplyPlan
    ) throws -> Outcome {
        let edit = InPlaceAnswer(
            uid: stored.invite.uid, me: me, partstat: partstat, keys: occurrences.isEmpty ? nil : occurrences,
            comment: comment, display: display, percent: InPlaceAnswer.percent(after: action, reported: percent))
        let clientAgent = try writeInPlace([edit], into: item, for: stored)
        return try record(
            action, for: stored, occurrences: occurrences, comment: comment,
            plan: plan(.placed(scheduling(of: item, clientAgent: clientAgent))), now: now, calendar: .keep,
            change: .rewritten(item.path), percent: percent)
    }

    /// Who replies to an answer written into `item`, by the `scheduling` setting of its calendar
    /// and the item's `SCHEDULE-AGENT`.
    func scheduling(of item: CalendarItem, clientAgent: Bool) -> Scheduling {
        let setting = scheduling.mode(for: item.calendar)
        let mode = setting.resolved(foundInCalendar: true, clientAgent: clientAgent)
        return Scheduling(mode: mode, setting: setting, clientAgent: clientAgent, calendar: item.calendar)
    }

    /// Makes `edits` to the item your server put an invitation in, in order, under the
    /// calendar's lock; returns whether the item leaves your replies to you (SCHEDULE-AGENT).
    func writeInPlace(_ edits: [any InPlaceEdit], into item: CalendarItem, for stored: StoredInvite) throws -> Bool {
        let lock = try FileLock(path: CalendarWriter.lockPath(for: item.calendar, in: lockFolder))
        defer { withExtendedLifetime(lock) {} }
        var clientAgent = false
        try AtomicFile(path: item.path).update { current in
            guard let current else { throw CalendarError.invitationGone(path: item.path, uid: stored.invite.uid) }
            // The item may have changed hands since it was found: only the organizer's copy is
            // answered in place.
            try CalendarWriter.check(
                claim(stored, written: false), uid: stored.invite.uid, in: current, path: item.path)
            clientAgent = Responder.clientAgent(in: current, uid: stored.invite.uid, me: me, display: display)
            var changed = current
            for edit in edits { changed = try edit.apply(to: changed, path: item.path) }
            return changed == current ? nil : changed
        }
        return clientAgent
    }

    /// Records the answer as `plan` says and queues the organizer's message in one transaction:
    /// the message is composed here, from the invitation and its history as they stand once the
    /// answer is in (read inside the transaction, so two answers at once each report what the
    /// other did), and the store keeps it. Remembers why none could be made, leaving the
    /// entries `pending`.
    func record(
        _ action: AnswerAction, for stored: StoredInvite, occurrences: [String], comment: String?, plan: ReplyPlan,
        now: Date, calendar: CalendarRecord.Change, change: CalendarChange, percent: Int? = nil
    ) throws -> Outcome {
        let delivery = plan.delivery
        var notQueued: ReplyError?
        let entries = try store.transaction { () throws(StoreError) -> [HistoryEntry] in
            var recorded = try store.record(
                action, for: stored, occurrences: occurrences, comment: comment, delivery: delivery, now: now,
                calendar: calendar, percent: percent)
            guard delivery == .pending, let invitation = try store.invitation(of: recorded) else {
                return recorded.entries
            }
            let history = try store.history(handle: invitation.handle)
            let draft: OutboxDraft
            do throws(ReplyError) {
                draft = try OutboxDraft.make(
                    for: invitation, history: history, me: me, name: name, now: now, display: display)
            } catch {
                notQueued = error
                return recorded.entries
            }
            try store.queue(draft, for: &recorded, now: now)
            return recorded.entries
        }
        return Outcome(entries: entries, calendar: change, notQueued: notQueued, plan: plan)
    }

    /// Whether the item leaves your replies to your own software (RFC 6638 §7.1): the
    /// ORGANIZER's `SCHEDULE-AGENT` is CLIENT or NONE (where an attendee's copy carries it, as
    /// Apple's CalendarServer reads it), or your ATTENDEE's is CLIENT.
    static func clientAgent(in item: Data, uid: String, me: MyAddresses, display: DisplayZone) -> Bool {
        guard let document = ICalDocument.parse(item, display: display) else { return false }
        let notServer: Set<String?> = ["CLIENT", "NONE"]
        return document.events.contains { event in
            event.uid == uid
                && (notServer.contains(event.organizerScheduleAgent)
                    || event.attendees.contains { me.contains($0.address) && $0.scheduleAgent == "CLIENT" })
        }
    }

    /// Brings the calendar in step with a newly ingested version of an invitation that an earlier
    /// answer put there: a cancellation marks it (or the instance) cancelled, an update rewrites
    /// what the organizer changed and nothing else.
    package func follow(_ outcome: IngestOutcome, now: Date) throws -> CalendarChange? {
        let stored = outcome.stored
        guard outcome.result == .cancelled || outcome.result == .updated,
            let record = try store.calendarRecord(for: stored),
            record.version != Responder.version(of: stored, reports: try taskReports(of: stored, adding: nil, now: now))
        else { return nil }
        if outcome.result == .cancelled, stored.status == .cancelled, outcome.changed.contains(where: { $0 == nil }) {
            return try answer(stored, action: .cancelled, comment: nil, addToCalendar: true, now: now).calendar
        }
        // An update keeps your answers as the inbox now has them: an answer the new time put
        // back to pending is NEEDS-ACTION in the calendar too.
        let keys: [String?]? = outcome.changed.contains(where: { $0 == nil }) ? nil : outcome.changed
        let (change, newRecord) = try self.write(stored, keys: keys, record: record, now: now)
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
    static func version(of stored: StoredInvite, reports: [String?: TaskReport] = [:]) -> Data {
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
        // A task's reports are written into its copy too (ITIPComposer.calendarEntry).
        for (key, report) in reports.sorted(by: { ($0.key ?? "") < ($1.key ?? "") }) {
            state += "|r\(key ?? "-"),\(report.action.rawValue),\(report.percent)"
        }
        Data(state.utf8).withUnsafeBytes { hasher.add($0) }
        let digest = hasher.finish()
        return Data(String(format: "%016llx%016llx", digest.high, digest.low).utf8)
    }

    func write(
        _ stored: StoredInvite, keys: [String?]?, record: CalendarRecord?, now: Date, pending: Pending? = nil
    ) throws -> (CalendarChange, CalendarRecord) {
        let source = try record.map(target) ?? calendar
        let reports = try taskReports(of: stored, adding: pending, now: now)
        let entry = ITIPComposer.calendarEntry(
            for: stored, keys: keys, me: me, now: now, display: display, reports: reports)
        // The intent lands first: a crash during the write leaves a pending record, never an
        // event in the calendar that the store knows nothing of.
        let version = Responder.version(of: stored, reports: reports)
        let intent = CalendarRecord(
            calendar: source.path, zones: record?.zones ?? [], version: version, pending: true)
        try store.setCalendarRecord(.set(intent), for: stored, now: now)
        let written = try undoingIntent(record, for: stored, now: now) {
            try CalendarWriter(source: source, lockFolder: lockFolder, display: display)
                .put(entry, claim: claim(stored, written: record != nil))
        }
        var zones = record?.zones ?? []
        for zone in written.zones where !zones.contains(zone) { zones.append(zone) }
        let change: CalendarChange = record == nil ? .added(source.path) : .rewritten(source.path)
        return (change, CalendarRecord(calendar: source.path, zones: zones, version: version))
    }

    /// Runs a calendar write whose intent has landed; when the write fails (a read-only
    /// calendar, a full disk), the calendar is as it was, so the store goes back to the record
    /// it had and the failed answer leaves no trace. Should that undo fail too, the pending
    /// intent stays, which is what a crash would have left.
    func undoingIntent<T>(
        _ record: CalendarRecord?, for stored: StoredInvite, now: Date, _ body: () throws -> T
    ) throws -> T {
        do {
            return try body()
        } catch {
            try? store.setCalendarRecord(record.map { .set($0) } ?? .remove, for: stored, now: now)
            throw error
        }
    }

    /// Why an answer could not write `stored` into the calendar it would go to, as far as a
    /// cheap look tells (``UIDCollisions``, one per calendar in `lookups`), for `ingest` and
    /// `show` to warn of beforehand; `nil` for an invitation your server put there, which is
    /// answered in place.
    package func collision(of stored: StoredInvite, lookups: inout UIDCollisions.Lookups) throws -> CalendarError? {
        guard stored.foundIn == nil else { return nil }
        let record = try store.calendarRecord(for: stored)
        let source = try record.map(target) ?? calendar
        return lookups.lookup(source).refusal(uid: stored.invite.uid, claim: claim(stored, written: record != nil))
    }

    /// What the calendar writer checks the UID's components against: only the invitation's
    /// own copy is its to change.
    func claim(_ stored: StoredInvite, written: Bool) -> CalendarClaim {
        CalendarClaim(organizer: stored.invite.organizer, me: me, written: written)
    }

    /// The calendar an earlier answer wrote to, which may no longer be the first one.
    func target(_ record: CalendarRecord) throws -> CalendarSource {
        record.calendar == calendar.path ? calendar : CalendarSource.defaultCalendar(record.calendar)
    }
}
