import Foundation

extension HistoryEntry {
    /// The history entries of an answer (or comment) to an invitation: one for the series when
    /// `occurrences` is empty, else one for each occurrence, each as the organizer last sent
    /// it, or at the series' length from its RECURRENCE-ID when the organizer never singled it
    /// out. A proposal brings its own entry (``Proposal``): this is the rule for the rest.
    package static func answering(
        _ stored: StoredInvite, action: AnswerAction, occurrences: [String], comment: String?, delivery: Delivery,
        now: Date, percent: Int? = nil
    ) -> [HistoryEntry] {
        let invite = stored.invite
        let targets: [String?] = occurrences.isEmpty ? [invite.recurrenceID] : occurrences
        return targets.map { target in
            let organizer = target.flatMap { stored.instance($0)?.organizer }
            let length = invite.end.timeIntervalSince(invite.start)
            let start =
                organizer?.start
                ?? (occurrences.isEmpty ? invite.start : target.flatMap(RecurrenceKey.instant(of:)) ?? invite.start)
            return HistoryEntry(
                handle: stored.handle, uid: invite.uid, recurrenceID: target, senderID: invite.senderID,
                title: organizer?.title ?? invite.title, start: start,
                end: organizer?.end ?? start.addingTimeInterval(length),
                sequence: organizer?.sequence ?? invite.sequence, dtstamp: organizer?.dtstamp ?? invite.dtstamp,
                action: action, comment: comment, at: now, delivery: delivery, percent: percent)
        }
    }
}
