import Foundation
import InvitesModel

/// Answers to mailed invitations held until your calendar server's copy arrives.
///
/// A server that does scheduling puts a mailed invitation into your calendar itself, under a
/// name of its own, and replies for you when your copy's PARTSTAT changes. An answer given to
/// the mail before that copy arrives (the usual order: the mail is read at once, the sync runs
/// later) would otherwise write a second item of the same UID, which every sync then fails on,
/// and mail a reply that the server sends again. So such an answer is recorded and held: when
/// a look finds the server's copy, the answer goes into it in place and the server replies,
/// once; when no copy has come after `server_wait`, invites writes the calendar and replies
/// itself, as it does where no server schedules.
extension Responder {
    /// Two hours: a sync runs every few minutes to an hour where it runs on a timer, and a
    /// reply that late still reaches the organizer the same day.
    package static let defaultServerWait: TimeInterval = 7_200

    /// Where `stored` stands in the calendar an answer goes to, for the ``ReplyPlan``: its
    /// server copy still to come (and until when an answer waits for it), or a calendar invites
    /// writes itself.
    ///
    /// The copy is due for an invitation not yet found in your calendar and never written there
    /// by invites, going into a calendar whose `scheduling` is `server`, or `auto` where invites
    /// has found invitations it did not write (the mark of a scheduling server); the wait runs
    /// from the first answer held for it. The plan says which answers wait.
    func serverCopy(of stored: StoredInvite, now: Date) throws -> ReplyPlan.Calendar {
        guard serverWait > 0, stored.foundIn == nil, let id = try store.rowID(of: stored),
            try store.calendarRecord(for: stored) == nil
        else { return .invites }
        switch scheduling.mode(for: calendar.path) {
        case .client: return .invites
        case .server: break
        case .auto: guard try store.holdsFoundInvitations(calendar: calendar.path) else { return .invites }
        }
        let holding = try store.hasHeldAnswers(inviteID: id)
        let since = holding ? try store.heldAnswers().first { $0.inviteID == id }?.since ?? now : now
        return .serverCopyDue(until: since.addingTimeInterval(serverWait), holding: holding)
    }

    /// What became of an invitation's held answers.
    package enum HeldResult: Sendable, Equatable {
        /// Your server's copy arrived: the answers went into it, and `scheduling` says who
        /// replies.
        case placed(path: String, scheduling: Scheduling)
        /// No copy came in time: invites wrote the calendar (`change`) and replies itself.
        case released(change: CalendarChange)
        /// The organizer moved or cancelled what every held answer answered before the copy
        /// came or the wait ended: none goes (``Delivery/outdated``, ``Delivery/withdrawn``).
        case overtaken
    }

    /// Settles one invitation's held answers if their time has come: into the server's copy
    /// when a look found it, else, past `server_wait`, as invites answers where no server
    /// schedules. `nil` while they still wait. The entries returned are those that carry the
    /// state, with their delivery as it now stands; `notQueued` says why no reply could be
    /// made, where one was owed; `overtaken` are those the organizer overtook, at once: an
    /// answer to a time the organizer has since moved would, written into the server's copy,
    /// accept the new time for you, and one to a cancelled meeting is owed to nobody.
    package func settle(_ held: InboxStore.HeldAnswers, now: Date) throws -> (
        result: HeldResult, entries: [HistoryEntry], notQueued: ReplyError?, overtaken: [HistoryEntry]
    )? {
        guard let stored = try store.invite(id: held.inviteID) else { return nil }
        let (standing, others) = held.split { Responder.overtaking($0, in: stored) == nil }
        var overtaken: [HistoryEntry] = []
        for delivery in [Delivery.withdrawn, .outdated] {
            let these = others.split { Responder.overtaking($0, in: stored) == delivery }.kept
            guard !these.entries.isEmpty else { continue }
            overtaken += try store.settle(these, delivery: delivery, draft: nil, now: now)
        }
        if !standing.entries.isEmpty, let done = try settle(standing, of: stored, now: now) {
            return (done.result, done.entries, done.notQueued, overtaken)
        }
        return overtaken.isEmpty ? nil : (.overtaken, [], nil, overtaken)
    }

    /// How the organizer overtook a held answer: ``Delivery/withdrawn`` where they cancelled
    /// what it answers, ``Delivery/outdated`` where they moved it (the answer was to the time
    /// the entry keeps); `nil` while it stands. The same rule as for an answer already given:
    /// a new time puts it back to pending.
    static func overtaking(_ entry: HistoryEntry, in stored: StoredInvite) -> Delivery? {
        let invite = stored.invite
        if stored.status == .cancelled { return .withdrawn }
        guard let key = entry.recurrenceID, key != invite.recurrenceID else {
            return entry.start == invite.start && entry.end == invite.end ? nil : .outdated
        }
        let instance = stored.instance(key)
        if instance?.isCancelled == true { return .withdrawn }
        let start = instance?.organizer?.start ?? RecurrenceKey.instant(of: key) ?? invite.start
        let end = instance?.organizer?.end ?? start.addingTimeInterval(invite.end.timeIntervalSince(invite.start))
        return entry.start == start && entry.end == end ? nil : .outdated
    }

    /// Settles held answers that still stand, if their time has come.
    private func settle(_ held: InboxStore.HeldAnswers, of stored: StoredInvite, now: Date) throws -> (
        result: HeldResult, entries: [HistoryEntry], notQueued: ReplyError?
    )? {
        let history = try store.history(handle: stored.handle)
        if let item = stored.foundIn, !item.gone {
            // A delegation a later answer overtook adds no delegate: the server would invite them.
            let carried = Set(InboxStore.HeldAnswers.latestPerComponent(held).delivered)
            let edits: [any InPlaceEdit] = held.entries.enumerated().compactMap { index, entry in
                let key = entry.recurrenceID == stored.invite.recurrenceID ? nil : entry.recurrenceID
                if entry.action == .delegated, let to = entry.delegatedTo {
                    guard carried.contains(index) else { return nil }
                    let components = Responder.delegated(entry, in: history, of: stored)
                    return InPlaceDelegation(
                        uid: stored.invite.uid, me: me, to: to,
                        keys: components.contains(nil) ? nil : components.compactMap { $0 },
                        comment: entry.comment, display: display)
                }
                let partstat = entry.action.partstat ?? Responder.partstat(of: stored.answer(for: key))
                return InPlaceAnswer(
                    uid: stored.invite.uid, me: me, partstat: partstat, keys: key.map { [$0] },
                    comment: entry.comment, display: display,
                    percent: InPlaceAnswer.percent(after: entry.action, reported: entry.percent))
            }
            let clientAgent = try writeInPlace(edits, into: item, for: stored)
            let scheduling = self.scheduling(of: item, clientAgent: clientAgent)
            if scheduling.mode == .server {
                return (.placed(path: item.path, scheduling: scheduling), try settle(held, by: nil, now: now), nil)
            }
            let (entries, notQueued) = try reply(held, for: stored, now: now)
            return (.placed(path: item.path, scheduling: scheduling), entries, notQueued)
        }
        guard held.since.addingTimeInterval(serverWait) <= now else { return nil }
        var change = CalendarChange.unchanged
        let going: Set<InviteStatus> = [.accepted, .tentative]
        let keys = stored.instances.filter { $0.answer.map(going.contains) ?? false }.map(\.recurrenceID)
        if going.contains(stored.status) || !keys.isEmpty {
            let (made, record) = try self.write(
                stored, keys: going.contains(stored.status) ? nil : keys, record: nil, now: now)
            try store.setCalendarRecord(.set(record), for: stored, now: now)
            change = made
        }
        let (entries, notQueued) = try reply(held, for: stored, now: now)
        return (.released(change: change), entries, notQueued)
    }

    /// Settles held answers with a reply of invites' own, composed from the invitation and
    /// its history as they stand; a held delegation that still carries its components goes
    /// as its own two messages (``Forward``), the REPLY to the organizer and the REQUEST to
    /// the delegate, as one made at once would.
    private func reply(_ held: InboxStore.HeldAnswers, for stored: StoredInvite, now: Date) throws -> (
        [HistoryEntry], ReplyError?
    ) {
        let history = try store.history(handle: stored.handle)
        let carried = InboxStore.HeldAnswers.latestPerComponent(held).delivered
        let delegations = carried.filter {
            held.entries[$0].action == .delegated && held.entries[$0].delegatedTo != nil
        }
        var entries: [HistoryEntry] = []
        for index in delegations {
            let entry = held.entries[index]
            let forward = Forward(
                to: entry.delegatedTo ?? "", comment: entry.comment,
                delegated: Responder.delegated(entry, in: history, of: stored))
            let drafts = try forward.drafts(for: stored, me: me, name: name, now: now, display: display)
            entries += try store.settle(held.split(indices: [index]).kept, drafts: drafts, now: now)
        }
        let held = held.split(indices: Set(delegations)).others
        guard !held.entries.isEmpty else { return (entries, nil) }
        let draft: OutboxDraft
        do throws(ReplyError) {
            draft = try OutboxDraft.make(for: stored, history: history, me: me, name: name, now: now, display: display)
        } catch {
            return (entries + (try store.settle(held, delivery: .pending, draft: nil, now: now)), error)
        }
        return (entries + (try settle(held, by: draft, now: now)), nil)
    }

    /// The components a held delegation hands over (`nil` for the series), as
    /// ``Forward/delegated`` names them: those of the declines recorded beside it (the same
    /// delegate, the same moment), else the one its entry names.
    static func delegated(_ entry: HistoryEntry, in history: [HistoryEntry], of stored: StoredInvite) -> [String?] {
        let own: (HistoryEntry) -> String? = { $0.recurrenceID == stored.invite.recurrenceID ? nil : $0.recurrenceID }
        let declines = history.filter {
            $0.action == .declined && $0.delegatedTo == entry.delegatedTo && $0.at == entry.at
        }
        return declines.isEmpty ? [own(entry)] : declines.map(own)
    }

    /// Your PARTSTAT for a status of the inbox: what a comment held beside no answer leaves.
    static func partstat(of status: InviteStatus) -> String {
        switch status {
        case .accepted: return "ACCEPTED"
        case .declined: return "DECLINED"
        case .tentative: return "TENTATIVE"
        default: return "NEEDS-ACTION"
        }
    }

    private func settle(_ held: InboxStore.HeldAnswers, by draft: OutboxDraft?, now: Date) throws -> [HistoryEntry] {
        try store.settle(held, delivery: draft == nil ? .server : .queued, draft: draft, now: now)
    }
}
