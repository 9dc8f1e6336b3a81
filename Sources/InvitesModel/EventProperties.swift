import Foundation

/// The properties of an invitation's VEVENT that say how to join it, how it repeats and whom it
/// asks for no reply, read once when the invitation is parsed and kept by the store beside its
/// fields (one read model: nothing re-parses a stored message for them). A push payload has
/// none of them, and gives an empty set.
package struct EventProperties: Sendable, Hashable, Codable {
    /// Bumped when what is read changes, with a migration of the inbox (``Schema/inbox``) that
    /// reads the store's older records again from their messages, once
    /// (``StoredPropertiesMigration``).
    package static let version = 3

    /// One `CONFERENCE` property (RFC 7986 §5.11): where and how to join.
    package struct Conference: Sendable, Hashable, Codable {
        package var uri: String
        /// `FEATURE=VIDEO,AUDIO`, upper-cased.
        package var features: [String]
        package var label: String?

        package init(uri: String, features: [String], label: String? = nil) {
            self.uri = uri
            self.features = features
            self.label = label
        }
    }

    /// `URL`.
    package var url: String?
    package var conferences: [Conference] = []
    /// `X-` properties by upper-cased name, the first of each.
    package var extensions: [String: String] = [:]
    /// The `RRULE`, as libical writes it back (`FREQ=WEEKLY;COUNT=10;BYDAY=MO`).
    package var rule: String?
    /// How many dates `RDATE` adds and `EXDATE` takes away.
    package var addedDates = 0
    package var removedDates = 0
    /// The attendees (their addresses as ``MyAddresses/normalise(_:)`` writes them) whose
    /// ATTENDEE says `RSVP=FALSE`: the organizer expects no reply from them (RFC 5546 §3.2.2).
    /// An ATTENDEE without RSVP is not among them: many producers leave it out and take replies.
    package var noReplyAsked: Set<String> = []
    /// Who delegated each attendee to the meeting (`DELEGATED-FROM`, RFC 5545 §3.2.5): the
    /// attendee's address as ``MyAddresses/normalise(_:)`` writes it, to the delegator's
    /// address without `mailto:`. Optional so that a record kept before it decodes (version 3
    /// reads every record again).
    package var delegators: [String: String]?
    /// The series as a listing names it; ``SeriesOutline/none`` for a one-off and for an
    /// invitation of instances alone.
    package var outline: SeriesOutline = .none
    /// What a task invitation (a VTODO) says of the task; `nil` for a meeting (a VEVENT), and
    /// for every invitation kept before tasks were read, which were all meetings.
    package var task: TaskFacts?

    /// Whether the invitation is a task (a VTODO) rather than a meeting.
    package var isTask: Bool { task != nil }

    package init() {}

    /// Whether the organizer's software refuses proposals of a new time
    /// (`X-MICROSOFT-DISALLOW-COUNTER:TRUE`, as Outlook's "Allow new time proposals" unticked).
    package var disallowsCounter: Bool {
        extensions["X-MICROSOFT-DISALLOW-COUNTER"]?.trimmingCharacters(in: .whitespaces).uppercased() == "TRUE"
    }

    /// Who delegated the invitation to you: the delegator of the first of your ATTENDEE lines
    /// that names one; `nil` when it came from the organizer.
    package func delegator(of attendees: [Invite.Attendee], me: MyAddresses) -> String? {
        attendees.lazy.filter { me.contains($0.address) }.compactMap {
            delegators?[MyAddresses.normalise($0.address)]
        }.first
    }

    /// Whether the organizer forbade forwarding the meeting (`X-MICROSOFT-DONOTFORWARDMEETING:TRUE`,
    /// Outlook's "Allow forwarding" unticked).
    package var forbidsForwarding: Bool {
        extensions["X-MICROSOFT-DONOTFORWARDMEETING"]?.trimmingCharacters(in: .whitespaces).uppercased() == "TRUE"
    }
}
