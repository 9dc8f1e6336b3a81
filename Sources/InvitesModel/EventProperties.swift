import Foundation

/// The properties of an invitation's VEVENT that say how to join it, how it repeats and whom it
/// asks for no reply, read once when the invitation is parsed and kept by the store beside its
/// fields (one read model: nothing re-parses a stored message for them). A push payload has
/// none of them, and gives an empty set.
public struct EventProperties: Sendable, Hashable, Codable {
    /// Bumped when what is read changes: the store's older records are read again from their
    /// messages, once, by ``StoredPropertiesMigration``.
    public static let version = 3

    /// One `CONFERENCE` property (RFC 7986 §5.11): where and how to join.
    public struct Conference: Sendable, Hashable, Codable {
        public var uri: String
        /// `FEATURE=VIDEO,AUDIO`, upper-cased.
        public var features: [String]
        public var label: String?

        /// The memberwise initializer, for the targets above this one.
        package init(uri: String, features: [String], label: String? = nil) {
            self.uri = uri
            self.features = features
            self.label = label
        }
    }

    /// `URL`.
    public var url: String?
    public var conferences: [Conference] = []
    /// `X-` properties by upper-cased name, the first of each.
    public var extensions: [String: String] = [:]
    /// The `RRULE`, as libical writes it back (`FREQ=WEEKLY;COUNT=10;BYDAY=MO`).
    public var rule: String?
    /// How many dates `RDATE` adds and `EXDATE` takes away.
    public var addedDates = 0
    public var removedDates = 0
    /// The attendees (their addresses as ``MyAddresses/normalise(_:)`` writes them) whose
    /// ATTENDEE says `RSVP=FALSE`: the organizer expects no reply from them (RFC 5546 §3.2.2).
    /// An ATTENDEE without RSVP is not among them: many producers leave it out and take replies.
    public var noReplyAsked: Set<String> = []
    /// Who delegated each attendee to the meeting (`DELEGATED-FROM`, RFC 5545 §3.2.5): the
    /// attendee's address as ``MyAddresses/normalise(_:)`` writes it, to the delegator's
    /// address without `mailto:`. Optional so that a record kept before it decodes (version 3
    /// reads every record again).
    public var delegators: [String: String]?
    /// The series as a listing names it; ``SeriesOutline/none`` for a one-off and for an
    /// invitation of instances alone.
    public var outline: SeriesOutline = .none

    public init() {}

    /// Whether the organizer's software refuses proposals of a new time
    /// (`X-MICROSOFT-DISALLOW-COUNTER:TRUE`, as Outlook's "Allow new time proposals" unticked).
    public var disallowsCounter: Bool {
        extensions["X-MICROSOFT-DISALLOW-COUNTER"]?.trimmingCharacters(in: .whitespaces).uppercased() == "TRUE"
    }

    /// Who delegated the invitation to you: the delegator of the first of your ATTENDEE lines
    /// that names one; `nil` when it came from the organizer.
    public func delegator(of attendees: [Invite.Attendee], me: MyAddresses) -> String? {
        attendees.lazy.filter { me.contains($0.address) }.compactMap {
            delegators?[MyAddresses.normalise($0.address)]
        }.first
    }

    /// Whether the organizer forbade forwarding the meeting (`X-MICROSOFT-DONOTFORWARDMEETING:TRUE`,
    /// Outlook's "Allow forwarding" unticked).
    public var forbidsForwarding: Bool {
        extensions["X-MICROSOFT-DONOTFORWARDMEETING"]?.trimmingCharacters(in: .whitespaces).uppercased() == "TRUE"
    }
}
