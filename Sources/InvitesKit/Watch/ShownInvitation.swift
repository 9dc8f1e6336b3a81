import Foundation
import InvitesModel

/// An invitation as its notification showed it: what its Accept, Decline and Tentative were
/// offered for. An action counts only while the invitation is still so (``drift(to:)`` is
/// `nil`): pressed after the invitation was answered elsewhere (`decline`, `review`, a mail
/// client's key, your calendar) or changed by the organizer, it would silently replace an
/// answer the user gave, or answer something they were not shown.
///
/// "Current" is two things, both as the store had them when the notification was shown:
/// - the invitation's ``StoredInvite/revision``, which counts what the organizer's side filed
///   (a new version, an occurrence moved or cancelled), and
/// - your answers: the series' and each occurrence's own.
///
/// Everything else (a comment alone, the outbox, the calendar's record of the copy written)
/// leaves a notification current: none of it is what the actions change.
struct ShownInvitation: Sendable, Equatable {
    var handle: String
    /// The organizer's side, as filed when shown.
    var revision: Int
    /// Your answer to the series when shown.
    var answer: InviteStatus
    /// Your answers to single occurrences when shown, by RECURRENCE-ID; those that follow the
    /// series are not here.
    var occurrenceAnswers: [String: InviteStatus]
    /// When it was shown: an answer in the history since then was given elsewhere.
    var shownAt: Date

    /// The invitation `stored`, as read from the store, shown at `shownAt`.
    init(_ stored: StoredInvite, at shownAt: Date) {
        handle = stored.handle
        revision = stored.revision
        answer = stored.status
        occurrenceAnswers = ShownInvitation.occurrenceAnswers(of: stored)
        self.shownAt = shownAt
    }

    /// What a notification made from `told` (as filing reported it) shows, with `current` the
    /// same invitation read from the store as the notification goes out. Filing's report may
    /// count revisions short (an occurrence filed with a new invitation bumps it), so the
    /// revision is the store's; the answers are those the notification was made from, so that
    /// an answer given elsewhere meanwhile still counts as given after it. Where the store
    /// holds another version than the one told (another `invites` filed a newer one meanwhile),
    /// or none, nothing counts as current: the notification is to be shown again.
    init(told: StoredInvite, current: StoredInvite?, at shownAt: Date) {
        self.init(told, at: shownAt)
        if let current, NotifiedJournal.version(of: current) == NotifiedJournal.version(of: told) {
            revision = current.revision
        } else {
            revision = -1
        }
    }

    /// How an invitation moved away from what its notification showed.
    enum Drift: Sendable, Equatable {
        /// Answered elsewhere: the series now `answer`ed, or (`occurrence`) one of its
        /// occurrences so answered while the series stayed as shown.
        case answered(InviteStatus, occurrence: Bool)
        /// The organizer changed it (a new version, a cancellation), or your answer went back
        /// to waiting: the notification is to be shown again as it now is.
        case changed
        /// No longer in the inbox, or (`removed`) its item left your calendar.
        case gone(removed: Bool)
    }

    /// How `now` (the invitation as the store has it now; `nil` when the store has it no
    /// more) differs from what was shown; `nil` when it does not, and an action on the
    /// notification may go ahead.
    func drift(to now: StoredInvite?) -> Drift? {
        guard let now else { return .gone(removed: false) }
        if now.status == .removed { return .gone(removed: true) }
        let answers = ShownInvitation.occurrenceAnswers(of: now)
        if now.status != answer {
            switch now.status {
            case .accepted, .declined, .tentative: return .answered(now.status, occurrence: false)
            case .pending, .announced, .cancelled, .removed: return .changed
            }
        }
        if answers != occurrenceAnswers {
            // An occurrence answered elsewhere, while the series stayed as shown.
            let answered = answers.sorted { $0.key < $1.key }.first { key, status in
                occurrenceAnswers[key] != status && [.accepted, .declined, .tentative].contains(status)
            }
            if let answered { return .answered(answered.value, occurrence: true) }
            return .changed
        }
        return now.revision == revision ? nil : .changed
    }

    /// Where an answer given elsewhere came from, for the words that say so.
    enum Place: Sendable, Equatable {
        /// The history holds an answer given since the notification was shown: an `invites`
        /// command (`decline`, `review`, a mail client's key runs one).
        case terminal
        /// No answer in the history, and the invitation is the copy your server put in your
        /// calendar: your PARTSTAT changed there (another device, the server's web page).
        case calendar
        /// Neither (an older `invites` that kept no history of it).
        case elsewhere
    }

    /// Where the answer that made `now` differ from what was shown was given: `history` is
    /// the invitation's history, newest first.
    func place(of now: StoredInvite, history: [HistoryEntry]) -> Place {
        // The history keeps whole seconds: an answer in the second the notification was shown
        // counts as given after it.
        let since = shownAt.timeIntervalSince1970.rounded(.down)
        let answered = history.contains { entry in
            AnswerAction.answers.contains(entry.action) && entry.at.timeIntervalSince1970 >= since
        }
        if answered { return .terminal }
        return now.foundIn != nil ? .calendar : .elsewhere
    }

    private static func occurrenceAnswers(of stored: StoredInvite) -> [String: InviteStatus] {
        var answers: [String: InviteStatus] = [:]
        for instance in stored.instances {
            if let answer = instance.answer { answers[instance.recurrenceID] = answer }
        }
        return answers
    }
}
