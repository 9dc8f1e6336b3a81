internal import CLibical
import Foundation
import InvitesModel

/// Task invitations (VTODO, RFC 5546 §3.4) beside meetings (VEVENT): which components of a
/// VCALENDAR are invitations, and how a task's times are read where a meeting's are.
extension ICalComponent {
    /// Whether the component is a VTODO.
    var isTask: Bool { kind == ICAL_VTODO_COMPONENT }

    /// The components of a VCALENDAR an invitation is made of: its VEVENTs, then its VTODOs.
    func scheduled() -> [ICalComponent] {
        children(ICAL_VEVENT_COMPONENT) + children(ICAL_VTODO_COMPONENT)
    }

    /// The component itself when it is a VEVENT or a VTODO, else its direct children of both.
    func selfOrScheduled() -> [ICalComponent] {
        kind == ICAL_VEVENT_COMPONENT || kind == ICAL_VTODO_COMPONENT ? [self] : scheduled()
    }

    /// The VEVENT a task's times are read as, for placing it and its occurrences as a meeting's
    /// are placed: DTSTART as it is (else DUE, else DTSTAMP: RFC 5546 §3.4.1 lets a task have
    /// neither), DUE as its DTEND where it has a DTSTART, every other property copied. A
    /// VEVENT is returned as it is. Nothing is written from it: the task's own VTODO is what
    /// goes into a reply or your calendar.
    func asEvent() -> ICalComponent {
        guard isTask else { return self }
        let event = ICalComponent.make(ICAL_VEVENT_COMPONENT)
        var property = icalcomponent_get_first_property(raw, ICAL_ANY_PROPERTY)
        while let current = property {
            if icalproperty_isa(current) != ICAL_DUE_PROPERTY { event.add(icalproperty_new_clone(current)) }
            property = icalcomponent_get_next_property(raw, ICAL_ANY_PROPERTY)
        }
        let due = firstProperty(ICAL_DUE_PROPERTY)
        if firstProperty(ICAL_DTSTART_PROPERTY) == nil {
            if let due, let time = due.time {
                event.add(ICalComponent.zoned(icalproperty_new_dtstart(time), tzid: due.tzid))
            } else if let stamp = firstProperty(ICAL_DTSTAMP_PROPERTY)?.time {
                event.add(icalproperty_new_dtstart(stamp))
            }
        } else if let due, let time = due.time, firstProperty(ICAL_DURATION_PROPERTY) == nil {
            event.add(ICalComponent.zoned(icalproperty_new_dtend(time), tzid: due.tzid))
        }
        return event
    }

    /// A time property with the TZID parameter of the one it was made from, if that had one.
    static func zoned(_ property: OpaquePointer?, tzid: String?) -> OpaquePointer? {
        if let property, let tzid { icalproperty_add_parameter(property, icalparameter_new_tzid(tzid)) }
        return property
    }
}
