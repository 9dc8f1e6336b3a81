import Foundation
import InvitesModel

extension InvitationFiler {
    /// Files a METHOD:ADD (RFC 5546 §3.2.4): each instance it adds becomes an instance of the
    /// invitation of its UID, which the organizer's own message for it describes.
    ///
    /// An added occurrence is **pending** when you had answered the series: your accept of a
    /// weekly meeting said yes to the times you were shown, not to an extra one the organizer
    /// adds later, and the organizer's software asks for an answer to it (RSVP on the ADD). One
    /// added to a series still pending simply follows it. An instance the inbox holds from the
    /// organizer already (the same ADD again, or a time they sent before) is ordered as any
    /// instance is (SEQUENCE, then DTSTAMP).
    ///
    /// An ADD for a UID the inbox does not hold adds to a series you never got: it is filed as
    /// an invitation of those instances alone (as a REQUEST carrying instances only would be),
    /// pending, so that you have a handle to answer them or to ask for the whole series with
    /// `invites refresh`, which its note says. The series that a REFRESH brings files over it.
    ///
    /// The outcome names the master among the changed components, so that a calendar copy of
    /// the series is written whole again: its master gains the RDATE each added instance needs
    /// (``InvitationComponents``).
    func fileAdded(_ invite: Invite, existing: StoredInvite?, message: Int64, now: Date) throws(StoreError)
        -> IngestOutcome
    {
        guard let existing else {
            var request = invite
            request.method = .request
            var outcome = try file(request, existing: nil, message: message, now: now)
            outcome.note =
                "added (METHOD:ADD) to a series the inbox does not hold; 'invites refresh \(outcome.stored.handle)' "
                + "asks \(Invite.Person.shown(invite.organizer)) for the whole series"
            return outcome
        }
        guard let id = try store.rowID(handle: existing.handle) else {
            throw .notInInbox(path: store.path, handle: existing.handle)
        }
        var notes: [String] = []
        var changed: [String?] = []
        let answered: Set<InviteStatus> = [.accepted, .declined, .tentative]
        for instance in invite.instances {
            let held = existing.instance(instance.recurrenceID)
            if held?.organizer != nil || held?.answer != nil {
                switch try fileInstance(
                    instance, held: held, series: existing.status, cancel: false, id: id, message: message, now: now)
                {
                case .stale(let note): notes.append(note)
                case .same: break
                case .filed(_, let note):
                    changed.append(instance.recurrenceID)
                    if let note { notes.append(note) }
                }
                continue
            }
            let pending = answered.contains(existing.status)
            try store.saveInstance(instance, of: id, message: message, answer: pending ? .pending : nil, now: now)
            changed.append(instance.recurrenceID)
            notes.append(
                "the organizer added the occurrence \(instance.recurrenceID)"
                    + (pending
                        ? ": pending, since your answer to the series (\(existing.status.rawValue)) was "
                            + "to the times you were shown" : ""))
        }
        if !changed.isEmpty { try store.keepThread(of: invite, id: id) }
        guard let stored = try store.invite(id: id) else {
            throw .notInInbox(path: store.path, handle: existing.handle)
        }
        return IngestOutcome(
            stored: stored, result: changed.isEmpty ? .unchanged : .updated,
            note: notes.isEmpty ? nil : notes.joined(separator: "; "), changed: changed.isEmpty ? [] : [nil] + changed)
    }
}
