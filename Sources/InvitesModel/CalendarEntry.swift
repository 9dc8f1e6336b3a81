import Foundation

/// The components of one invitation ready to go into your calendar, with the VTIMEZONEs they need.
package struct CalendarEntry: Sendable, Hashable {
    package var uid: String
    /// The VEVENTs to put, serialised by libical with CRLF line ends, by key.
    package var components: [Component]
    /// Each VTIMEZONE the events use that the invite carried, by TZID.
    package var timezones: [Zone]
    /// Which of the UID's components already in the calendar this entry replaces.
    package var scope: Scope

    /// The memberwise initializer, for the targets above this one.
    package init(
        uid: String,
        components: [CalendarEntry.Component],
        timezones: [CalendarEntry.Zone],
        scope: CalendarEntry.Scope
    ) {
        self.uid = uid
        self.components = components
        self.timezones = timezones
        self.scope = scope
    }

    /// One VEVENT: the master (`key == nil`) or an instance (its ``RecurrenceKey``).
    package struct Component: Sendable, Hashable {
        package var key: String?
        package var text: String

        /// The memberwise initializer, for the targets above this one.
        package init(key: String? = nil, text: String) {
            self.key = key
            self.text = text
        }
    }

    package struct Zone: Sendable, Hashable {
        package var tzid: String
        package var text: String

        /// The memberwise initializer, for the targets above this one.
        package init(tzid: String, text: String) {
            self.tzid = tzid
            self.text = text
        }
    }

    /// Whether an entry is the whole invitation or some of its instances.
    package enum Scope: Sendable, Hashable {
        /// Every component of the UID in the calendar gives way to the entry's.
        case whole
        /// Only the components with the entry's keys are put; every other stays byte for byte.
        case only
    }
}
