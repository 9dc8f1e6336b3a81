internal import CLibical
import Foundation
import InvitesModel

extension OutlookMeeting {
    /// The meeting as the iTIP message Exchange would have sent for it ([MS-OXCICAL]): a
    /// VCALENDAR with METHOD REQUEST or CANCEL and one VEVENT, every value set through libical
    /// (escaped and folded there) and stripped of control characters. Times are written in the
    /// appointment's own zone, by its IANA name and with a VTIMEZONE for it, when invites knows
    /// it, in UTC otherwise.
    package var iCalendar: String {
        let calendar = ICalComponent.make(ICAL_VCALENDAR_COMPONENT)
        calendar.add(ICalComponent.text(ICAL_PRODID_PROPERTY, "-//invites//winmail.dat \(ProductVersion.current)//EN"))
        calendar.add(icalproperty_new_version("2.0"))
        calendar.add(icalproperty_new_method(cancelled ? ICAL_METHOD_CANCEL : ICAL_METHOD_REQUEST))
        let event = ICalComponent.make(ICAL_VEVENT_COMPONENT)
        event.add(ICalComponent.text(ICAL_UID_PROPERTY, uid))
        event.add(icalproperty_new_sequence(Int32(clamping: sequence)))
        if let stamp {
            event.add(icalproperty_new_dtstamp(ICalComponent.utcTime(Date(timeIntervalSince1970: Double(stamp)))))
        }
        event.add(ICalComponent.text(ICAL_SUMMARY_PROPERTY, title))
        let zoneID = zone.flatMap { ZoneResolver.builtin($0) != nil ? $0 : nil }
        if allDay {
            let first = localDate(start, zoneID)
            var last = localDate(end, zoneID)
            if last <= first { last = first.adding(days: 1) }
            event.add(icalproperty_new_dtstart(ICalComponent.date(first)))
            event.add(icalproperty_new_dtend(ICalComponent.date(last)))
        } else {
            event.add(timeProperty(icalproperty_new_dtstart, start, zoneID))
            event.add(timeProperty(icalproperty_new_dtend, end, zoneID))
        }
        if let recurrence { add(recurrence, to: event, zoneID: zoneID) }
        if let occurrence { event.add(recurrenceID(occurrence, zoneID)) }
        addShared(to: event, location: location)
        event.dropControls(keepingIdentity: false)
        if let zoneID, !allDay, let zone = timezone(zoneID) { calendar.add(child: zone) }
        calendar.add(child: event)
        if let recurrence, let zoneID, !allDay {
            for exception in recurrence.exceptions { calendar.add(child: instance(exception, zoneID)) }
        }
        return calendar.serialized
    }

    /// The VEVENT of an instance Outlook moved or changed: RECURRENCE-ID its original start,
    /// its own times, subject and place, the rest as the series has it. Its times are the
    /// zone's own, so it is written only where the zone is known.
    private func instance(_ exception: OutlookRecurrence.Exception, _ zoneID: String) -> ICalComponent {
        let event = ICalComponent.make(ICAL_VEVENT_COMPONENT)
        event.add(ICalComponent.text(ICAL_UID_PROPERTY, uid))
        event.add(icalproperty_new_sequence(Int32(clamping: sequence)))
        if let stamp {
            event.add(icalproperty_new_dtstamp(ICalComponent.utcTime(Date(timeIntervalSince1970: Double(stamp)))))
        }
        let subject = exception.subject.flatMap { $0.isEmpty ? nil : $0 } ?? title
        event.add(ICalComponent.text(ICAL_SUMMARY_PROPERTY, subject))
        let times: [(icaltimetype) -> OpaquePointer?] = [
            icalproperty_new_recurrenceid, icalproperty_new_dtstart, icalproperty_new_dtend,
        ]
        for (make, minutes) in zip(times, [exception.original, exception.start, exception.end]) {
            let property = make(OutlookMeeting.localTime(minutes: minutes))
            if let property { icalproperty_add_parameter(property, icalparameter_new_tzid(zoneID)) }
            event.add(property)
        }
        addShared(to: event, location: exception.location ?? location)
        event.dropControls(keepingIdentity: false)
        return event
    }

    /// A wall time stored as minutes since 1601 in the appointment's zone.
    static func localTime(minutes: UInt32) -> icaltimetype {
        let day = OutlookRecurrence.date(minutes: minutes)
        var time = icaltime_null_time()
        time.year = Int32(day.year)
        time.month = Int32(day.month)
        time.day = Int32(day.day)
        time.hour = Int32(minutes % 1440 / 60)
        time.minute = Int32(minutes % 60)
        return time
    }

    /// What the series and each of its changed instances share: place, description,
    /// organizer, attendees and status.
    private func addShared(to event: ICalComponent, location: String?) {
        if let location, !location.isEmpty { event.add(ICalComponent.text(ICAL_LOCATION_PROPERTY, location)) }
        if let description, !description.isEmpty {
            event.add(ICalComponent.text(ICAL_DESCRIPTION_PROPERTY, description))
        }
        if let organizer {
            event.add(ICalComponent.person(ICAL_ORGANIZER_PROPERTY, address: organizer.address, name: organizer.name))
        }
        for attendee in attendees {
            guard
                let property = ICalComponent.person(
                    ICAL_ATTENDEE_PROPERTY, address: attendee.address, name: attendee.name)
            else { continue }
            icalproperty_add_parameter(property, icalparameter_new_role(role(attendee.role)))
            if attendee.role == .resource {
                icalproperty_add_parameter(property, icalparameter_new_cutype(ICAL_CUTYPE_RESOURCE))
            }
            if !cancelled {
                icalproperty_add_parameter(property, icalparameter_new_partstat(ICAL_PARTSTAT_NEEDSACTION))
                icalproperty_add_parameter(property, icalparameter_new_rsvp(ICAL_RSVP_TRUE))
            }
            event.add(property)
        }
        event.add(icalproperty_new_status(cancelled ? ICAL_STATUS_CANCELLED : ICAL_STATUS_CONFIRMED))
    }

    /// The VTIMEZONE RFC 5545 wants for the TZID the times name: libical's own for the zone
    /// (from the system's zone database), under the IANA name the times use rather than
    /// libical's prefixed one, so that every calendar the invitation reaches can read them.
    private func timezone(_ zoneID: String) -> ICalComponent? {
        guard let zone = ZoneResolver.builtin(zoneID), zone != ZoneResolver.utc,
            let component = icaltimezone_get_component(zone), let copy = icalcomponent_new_clone(component)
        else { return nil }
        let owned = ICalComponent.adopt(copy)
        owned.removeProperties(ICAL_TZID_PROPERTY)
        owned.removeProperties(ICAL_X_PROPERTY)
        owned.add(icalproperty_new_tzid(zoneID))
        return owned
    }

    /// The RECURRENCE-ID of the occurrence a request is about: its original start, or its date
    /// at the time of day this request starts (a date alone for an all-day series).
    private func recurrenceID(_ occurrence: Occurrence, _ zoneID: String?) -> OpaquePointer? {
        switch occurrence {
        case .instant(let instant):
            if allDay { return icalproperty_new_recurrenceid(ICalComponent.date(localDate(instant, zoneID))) }
            return timeProperty(icalproperty_new_recurrenceid, instant, zoneID)
        case .date(let day):
            if allDay { return icalproperty_new_recurrenceid(ICalComponent.date(day)) }
            var time = wallTime(start, zoneID)
            time.year = Int32(day.year)
            time.month = Int32(day.month)
            time.day = Int32(day.day)
            let property = icalproperty_new_recurrenceid(time)
            if let zoneID, let property { icalproperty_add_parameter(property, icalparameter_new_tzid(zoneID)) }
            return property
        }
    }

    private func role(_ role: Person.Role) -> icalparameter_role {
        switch role {
        case .required: return ICAL_ROLE_REQPARTICIPANT
        case .optional: return ICAL_ROLE_OPTPARTICIPANT
        case .resource: return ICAL_ROLE_NONPARTICIPANT
        }
    }

    /// The day an instant falls on in the zone (UTC without one).
    private func localDate(_ instant: Int, _ zoneID: String?) -> LocalDate {
        let time = wallTime(instant, zoneID)
        return LocalDate(year: Int(time.year), month: Int(time.month), day: Int(time.day))
    }

    private func wallTime(_ instant: Int, _ zoneID: String?) -> icaltimetype {
        let zone = zoneID.flatMap { ZoneResolver.builtin($0) } ?? ZoneResolver.utc
        var time = icaltime_from_timet_with_zone(time_t(instant), 0, zone)
        if zoneID != nil { time.zone = nil }
        return time
    }

    /// A DTSTART or DTEND (or EXDATE) at an instant: wall time with TZID, or UTC.
    private func timeProperty(
        _ make: (icaltimetype) -> OpaquePointer?, _ instant: Int, _ zoneID: String?
    ) -> OpaquePointer? {
        let property = make(wallTime(instant, zoneID))
        if let zoneID, let property { icalproperty_add_parameter(property, icalparameter_new_tzid(zoneID)) }
        return property
    }

    private func add(_ recurrence: OutlookRecurrence, to event: ICalComponent, zoneID: String?) {
        let first = wallTime(start, zoneID)
        var rule = recurrence.rule
        if recurrence.yearly { rule += ";BYMONTH=\(first.month)" }
        if let until = recurrence.until {
            if allDay {
                rule += ";UNTIL=" + String(format: "%04d%02d%02d", until.year, until.month, until.day)
            } else {
                // The end of that day where the meeting is, as UTC (RFC 5545 §3.3.10).
                let midnight = LocalDate.daysSinceEpoch(year: until.year, month: until.month, day: until.day) * 86_400
                let offset = zoneID.flatMap { ZoneResolver.offset(of: $0, at: midnight) } ?? 0
                let last = Date(timeIntervalSince1970: Double(midnight + 86_399 - offset))
                let time = icaltime_from_timet_with_zone(time_t(last.timeIntervalSince1970), 0, ZoneResolver.utc)
                rule +=
                    ";UNTIL="
                    + String(
                        format: "%04d%02d%02dT%02d%02d%02dZ", time.year, time.month, time.day,
                        time.hour, time.minute, time.second)
            }
        }
        event.add(icalproperty_new_rrule(icalrecurrencetype_from_string(rule)))
        for day in recurrence.deleted {
            if allDay {
                event.add(icalproperty_new_exdate(ICalComponent.date(day)))
                continue
            }
            var time = first
            time.year = Int32(day.year)
            time.month = Int32(day.month)
            time.day = Int32(day.day)
            let property = icalproperty_new_exdate(time)
            if let zoneID, let property { icalproperty_add_parameter(property, icalparameter_new_tzid(zoneID)) }
            event.add(property)
        }
    }
}
