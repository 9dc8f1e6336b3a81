internal import CLibical
import Foundation

/// The properties of an invitation's VEVENT that say how to join it and how it repeats, read
/// from the message it came in: what ``Invite`` does not keep, because only `show` needs it.
public struct EventProperties: Sendable, Hashable {
    /// One `CONFERENCE` property (RFC 7986 §5.11): where and how to join.
    public struct Conference: Sendable, Hashable {
        public var uri: String
        /// `FEATURE=VIDEO,AUDIO`, upper-cased.
        public var features: [String]
        public var label: String?
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

    /// Whether the organizer's software refuses proposals of a new time
    /// (`X-MICROSOFT-DISALLOW-COUNTER:TRUE`, as Outlook's "Allow new time proposals" unticked).
    public var disallowsCounter: Bool {
        extensions["X-MICROSOFT-DISALLOW-COUNTER"]?.trimmingCharacters(in: .whitespaces).uppercased() == "TRUE"
    }

    /// The properties of the invitation's master VEVENT (the one with `uid` and no
    /// RECURRENCE-ID; else the first with `uid`) in `raw`; `nil` when there is none.
    public static func read(_ raw: Data, uid: String) -> EventProperties? {
        guard let root = raw.withUnsafeBytes({ ICalComponent.parse($0) }) else { return nil }
        let events = root.selfOrChildren(ICAL_VCALENDAR_COMPONENT).flatMap { $0.children(ICAL_VEVENT_COMPONENT) }
            .filter { $0.text(ICAL_UID_PROPERTY) == uid }
        guard let event = events.first(where: { $0.firstProperty(ICAL_RECURRENCEID_PROPERTY) == nil }) ?? events.first
        else { return nil }
        var found = EventProperties()
        found.url = event.text(ICAL_URL_PROPERTY)
        found.conferences = event.properties(ICAL_CONFERENCE_PROPERTY).compactMap { property in
            guard let uri = property.value else { return nil }
            let features = (property.parameter(ICAL_FEATURE_PARAMETER) ?? "").uppercased().split(separator: ",")
            return Conference(
                uri: uri, features: features.map { $0.trimmingCharacters(in: .whitespaces) },
                label: property.parameter(ICAL_LABEL_PARAMETER))
        }
        for property in event.properties(ICAL_X_PROPERTY) {
            guard let name = property.xName?.uppercased(), found.extensions[name] == nil, let value = property.value
            else { continue }
            found.extensions[name] = value
        }
        found.rule = event.firstProperty(ICAL_RRULE_PROPERTY)?.value
        found.addedDates = event.properties(ICAL_RDATE_PROPERTY).count
        found.removedDates = event.properties(ICAL_EXDATE_PROPERTY).count
        for attendee in event.properties(ICAL_ATTENDEE_PROPERTY)
        where attendee.parameter(ICAL_RSVP_PARAMETER)?.uppercased() == "FALSE" {
            found.noReplyAsked.insert(MyAddresses.normalise(attendee.value ?? ""))
        }
        return found
    }
}
