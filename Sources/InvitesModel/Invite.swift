import Foundation

/// An invitation as it arrived, reduced to what `invites` shows, stores and answers.
///
/// It is the same whatever carried it (push payload, iTIP file, e-mail); `raw` keeps the bytes it
/// was made from so that nothing the sender wrote is ever lost. One invite is one UID: the series
/// (its master VEVENT) and the instances the organizer sent on their own (RECURRENCE-ID
/// overrides), never one VEVENT that could stand in for its siblings. The fields describe the
/// master, or, when the message holds only instances, the first of them.
package struct Invite: Sendable, Hashable {
    /// What kind of input the invite came from.
    package enum Source: String, Sendable, Hashable, CaseIterable {
        case push
        case itip
        case email
        /// Found in one of your calendars, where a scheduling server (RFC 6638) put it: no
        /// message came, the calendar item is the invitation.
        case calendar
    }

    /// The iTIP method the invite was sent with (RFC 5546 §1.4).
    package enum Method: String, Sendable, Hashable {
        case request = "REQUEST"
        case cancel = "CANCEL"
        case publish = "PUBLISH"
        /// Instances added to a series the organizer sent before (RFC 5546 §3.2.4). Filed as
        /// instances of the invitation of its UID, never as an invitation's own method.
        case add = "ADD"
    }

    /// The organizer, as far as the sender named them.
    package struct Person: Sendable, Hashable {
        package var name: String?
        package var email: String?
        /// `SENT-BY` (RFC 5545 §3.2.18): who sends on the organizer's behalf (a secretary, a
        /// calendar service), whose mail is the organizer's all the same.
        package var sentBy: String?

        package init(name: String?, email: String?, sentBy: String? = nil) {
            self.name = name
            self.email = email
            self.sentBy = sentBy
        }

        /// The address to compare: lower case, without `mailto:`; `nil` when there is none.
        /// Calendar servers compare calendar user addresses so, and a name never stands in
        /// for one.
        package var address: String? {
            guard let email else { return nil }
            let address = MyAddresses.normalise(email)
            return address.isEmpty ? nil : address
        }

        /// How an organizer is named where what matters is who it is: the address (a name
        /// is anyone's to write), else the name, said to have none.
        package static func shown(_ person: Person?) -> String {
            guard let person else { return "no organizer" }
            return person.email ?? person.name.map { "\($0) (no address)" } ?? "no organizer"
        }

        /// `Name <email>`, or whichever of the two there is. A name that is only the address
        /// again (Outlook writes `CN=alice@example.org`) or blank is left out: it says nothing
        /// twice.
        package var display: String {
            switch (name, email) {
            case let (name?, email?):
                let bare = name.trimmingCharacters(in: .whitespaces)
                if bare.isEmpty || bare.lowercased() == email.lowercased()
                    || bare.lowercased() == "mailto:" + email.lowercased()
                {
                    return email
                }
                return "\(name) <\(email)>"
            case let (name?, nil): return name
            case let (nil, email?): return email
            case (nil, nil): return ""
            }
        }
    }

    /// One ATTENDEE line of the invite.
    package struct Attendee: Sendable, Hashable {
        package var address: String
        package var name: String?
        package var partstat: String
        package var rsvp: Bool
        /// `SCHEDULE-AGENT` (RFC 6638 §7.1): `CLIENT` tells a scheduling server to leave the
        /// replies of this attendee to their own software. Read where an invitation is found in
        /// your calendar; not kept in the inbox.
        package var scheduleAgent: String?

        package init(address: String, name: String?, partstat: String, rsvp: Bool, scheduleAgent: String? = nil) {
            self.address = address
            self.name = name
            self.partstat = partstat
            self.rsvp = rsvp
            self.scheduleAgent = scheduleAgent
        }
    }

    /// One instance of a series as the organizer sent it: moved, changed or cancelled.
    package struct Instance: Sendable, Hashable {
        /// The instance's original start, in the inbox's form (``RecurrenceKey``).
        package var recurrenceID: String
        package var title: String
        package var start: Date
        package var end: Date
        package var dates: Occurrence.AllDayDates?
        package var sequence: Int
        package var dtstamp: Date?
        /// STATUS:CANCELLED on the instance, or the instance of a METHOD:CANCEL.
        package var cancelled: Bool
        /// `RECURRENCE-ID;RANGE=THISANDFUTURE` (RFC 5545 §3.8.4.4): the organizer's change is for
        /// this occurrence and every later one that no instance of its own names (``RangeOverrides``).
        package var thisAndFuture: Bool

        package init(
            recurrenceID: String, title: String, start: Date, end: Date, dates: Occurrence.AllDayDates? = nil,
            sequence: Int = 0, dtstamp: Date? = nil, cancelled: Bool = false, thisAndFuture: Bool = false
        ) {
            self.thisAndFuture = thisAndFuture
            self.recurrenceID = recurrenceID
            self.title = title
            self.start = start
            self.end = end
            self.dates = dates
            self.sequence = sequence
            self.dtstamp = dtstamp
            self.cancelled = cancelled
        }
    }

    package var uid: String
    /// Set when the message holds no master, only instances: the first instance's RECURRENCE-ID.
    package var recurrenceID: String?
    /// The instances the message carries on their own, master or not, in the order written.
    package var instances: [Instance]
    /// The sender's `id` of a push payload, which answers are reported against.
    package var senderID: String?
    package var title: String
    package var start: Date
    package var end: Date
    /// Set for all-day invites.
    package var dates: Occurrence.AllDayDates?
    /// The zone the organizer wrote the times in, for showing them as they meant them.
    package var timeZone: String?
    package var location: String?
    package var description: String?
    package var organizer: Person?
    package var attendees: [Attendee]
    package var sequence: Int
    package var dtstamp: Date?
    package var method: Method
    package var source: Source
    /// The bytes the invite was read from.
    package var raw: Data
    /// The e-mail it came in, for threading the reply; `nil` unless it came by mail.
    package var mail: MailThread?
    /// Who the e-mail it came in says it is from; `nil` unless it came by mail.
    package var origin: MailOrigin?
    /// What the VEVENT says beyond these fields, read when it was parsed (empty for a push
    /// payload); `nil` for an invitation kept by an earlier `invites` and not yet read again.
    package var properties: EventProperties?

    package init(
        uid: String, recurrenceID: String? = nil, senderID: String? = nil, title: String,
        start: Date, end: Date, dates: Occurrence.AllDayDates? = nil, timeZone: String? = nil,
        location: String? = nil, description: String? = nil, organizer: Person? = nil,
        attendees: [Attendee] = [], sequence: Int = 0, dtstamp: Date? = nil,
        method: Method = .request, source: Source, raw: Data, instances: [Instance] = [],
        properties: EventProperties = EventProperties()
    ) {
        self.properties = properties
        self.uid = uid
        self.recurrenceID = recurrenceID
        self.instances = instances
        self.senderID = senderID
        self.title = title
        self.start = start
        self.end = end
        self.dates = dates
        self.timeZone = timeZone
        self.location = location
        self.description = description
        self.organizer = organizer
        self.attendees = attendees
        self.sequence = sequence
        self.dtstamp = dtstamp
        self.method = method
        self.source = source
        self.raw = raw
    }
}
