import Foundation
import InvitesModel

/// One thing `watch` tells the user about: an invitation that arrived, changed or was
/// cancelled, with what it collides with in their calendars, as one notification or one run
/// of the `notify_command`.
package struct WatchEvent: Sendable, Equatable {
    /// What happened to the invitation; its raw value is `INVITES_EVENT`.
    package enum Kind: String, Sendable, Equatable {
        case new
        case changed
        case cancelled
        /// Still waiting for your answer as it is about to start (``Nudge``).
        case nudge
    }

    /// Something of the user's calendar that overlaps the invitation.
    package struct Conflict: Sendable, Equatable {
        package var title: String
        package var start: Date
        package var end: Date

        package init(title: String, start: Date, end: Date) {
            self.title = title
            self.start = start
            self.end = end
        }
    }

    package var kind: Kind
    package var handle: String
    /// As the organizer wrote it; ``NotificationText`` makes it printable.
    package var title: String
    package var start: Date
    package var end: Date
    /// The dates of an all-day invitation.
    package var dates: Occurrence.AllDayDates?
    /// The organizer's name and address as one line, when the invitation names one.
    package var organizer: String?
    /// Who delegated the invitation to you (their `DELEGATED-FROM` on your ATTENDEE), when
    /// someone did: you were asked in their place, not by the organizer alone.
    package var delegatedBy: String?
    package var conflicts: [Conflict]

    package init(
        kind: Kind, handle: String, title: String, start: Date, end: Date, dates: Occurrence.AllDayDates? = nil,
        organizer: String?, delegatedBy: String? = nil, conflicts: [Conflict]
    ) {
        self.kind = kind
        self.handle = handle
        self.title = title
        self.start = start
        self.end = end
        self.dates = dates
        self.organizer = organizer
        self.delegatedBy = delegatedBy
        self.conflicts = conflicts
    }

    /// The event for a stored invitation, with `conflicts` found for it; `me`, your addresses,
    /// find whether someone delegated it to you.
    package init(kind: Kind, stored: StoredInvite, conflicts: [Conflict], me: MyAddresses = MyAddresses([])) {
        let invite = stored.invite
        var organizer: String?
        if let person = invite.organizer {
            switch (person.name.flatMap { $0.isEmpty ? nil : $0 }, person.email) {
            case (let name?, let email?): organizer = "\(name) <\(email)>"
            case (let name?, nil): organizer = name
            case (nil, let email?): organizer = email
            case (nil, nil): organizer = nil
            }
        }
        // A mail not sent by the organizer says so where the organizer is named.
        if let note = invite.origin?.note(for: invite.organizer) {
            organizer = (organizer.map { $0 + " " } ?? "") + "(\(note))"
        }
        self.init(
            kind: kind, handle: stored.handle, title: invite.title, start: invite.start, end: invite.end,
            dates: invite.dates, organizer: organizer,
            delegatedBy: invite.source == .push ? nil : invite.properties?.delegator(of: invite.attendees, me: me),
            conflicts: conflicts)
    }
}
