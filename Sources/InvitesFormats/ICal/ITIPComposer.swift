internal import CLibical
import Foundation
import InvitesModel

/// Writes the iCalendar that answering an invite produces: the copy for your calendar and the
/// iTIP REPLY for the organizer (RFC 5546 §3.2.3). Everything goes through libical's API, so
/// every value is escaped and folded; nothing is pasted together as text. Every value copied
/// from the invitation loses its control characters first (``ICalComponent/dropControls(keepingIdentity:)``).
package enum ITIPComposer {
    /// The invitation's events for your calendar, as `stored` says you answered them: your
    /// ATTENDEE's PARTSTAT on each, STATUS:CANCELLED where the organizer cancelled. `keys` names
    /// the components to put (`nil` in it is the master); `nil` means the whole invitation.
    /// `reports` says, for a task, which components you reported under way or done: their
    /// PARTSTAT says so, with PERCENT-COMPLETE, and one done is STATUS:COMPLETED with the time
    /// (RFC 5545 §3.8.2.1), as a to-do list (todoman) reads it.
    package static func calendarEntry(
        for stored: StoredInvite, keys: [String?]?, me: MyAddresses, now: Date, display: DisplayZone,
        reports: [String?: TaskReport] = [:]
    ) -> CalendarEntry {
        let parts = InvitationComponents(stored, now: now, display: display)
        var wanted: [String?] = keys ?? parts.parts.map(\.key)
        if keys == nil {
            for instance in stored.instances where instance.organizer == nil && instance.answer != nil {
                wanted.append(instance.recurrenceID)
            }
        }
        var components: [CalendarEntry.Component] = []
        var events: [ICalComponent] = []
        let ranges = RangeOverrides(stored)
        for key in wanted {
            guard let event = parts.part(key), !components.contains(where: { $0.key == key }) else { continue }
            // A cancelled instance keeps the answer you gave it; its STATUS says it is cancelled.
            // An occurrence a range of the organizer's reaches follows the range's answer.
            let answer = key.flatMap { stored.instance($0)?.answer ?? ranges.covering($0)?.answer } ?? stored.status
            if let partstat = AnswerAction(answer).partstat {
                setPartstat(partstat, on: event, me: me)
            } else if answer == .pending {
                setPartstat("NEEDS-ACTION", on: event, me: me)
            }
            if event.isTask, let report = reports[key] { mark(report, on: event, me: me) }
            if stored.status == .cancelled || stored.invite.method == .cancel {
                event.removeProperties(ICAL_STATUS_PROPERTY)
                event.add(icalproperty_new_status(ICAL_STATUS_CANCELLED))
            }
            // The UID and TZIDs stay as sent: they find this copy, and its zones, again.
            event.dropControls(keepingIdentity: true)
            events.append(event)
            components.append(CalendarEntry.Component(key: key, text: event.serialized))
        }
        return CalendarEntry(
            uid: stored.invite.uid, components: components, timezones: parts.zones(for: events),
            scope: keys == nil ? .whole : .only)
    }

    /// Marks a task's component as reported: your PARTSTAT, PERCENT-COMPLETE, and for one done
    /// STATUS:COMPLETED with COMPLETED at the time you said so.
    private static func mark(_ report: TaskReport, on task: ICalComponent, me: MyAddresses) {
        setPartstat(report.action.partstat ?? "ACCEPTED", on: task, me: me)
        task.removeProperties(ICAL_PERCENTCOMPLETE_PROPERTY)
        task.add(icalproperty_new_percentcomplete(Int32(report.percent)))
        guard report.action == .completed else { return }
        task.removeProperties(ICAL_STATUS_PROPERTY)
        task.add(icalproperty_new_status(ICAL_STATUS_COMPLETED))
        task.removeProperties(ICAL_COMPLETED_PROPERTY)
        task.add(icalproperty_new_completed(ICalComponent.utcTime(report.at)))
    }

    /// The whole invitation as the organizer last sent it, for expanding its occurrences.
    package static func organizerCopy(of stored: StoredInvite, display: DisplayZone) -> Data {
        InvitationComponents(stored, now: Date(timeIntervalSince1970: 0), display: display).document
    }

    /// The iTIP REPLY: METHOD:REPLY and one VEVENT for each component whose answer it reports,
    /// each with exactly one ATTENDEE (you) and its PARTSTAT, the ORGANIZER, the UID, that
    /// component's own RECURRENCE-ID, SEQUENCE, DTSTART and end (DTEND, else DURATION), a fresh
    /// DTSTAMP, the COMMENT where one goes, and the VTIMEZONEs the events use. `sentBy` is your
    /// own address when `me` is someone you answer for: their ATTENDEE carries it as SENT-BY. `added`
    /// is the one a forward invited, named beside you (RFC 5546 §3.2.2.6). `delegates` names the
    /// delegate of each component you delegated (``Delegation``): that component says
    /// `PARTSTAT=DELEGATED;DELEGATED-TO` them, with their ATTENDEE `DELEGATED-FROM` you (RFC 5546
    /// §4.2.5), in the delegation's own REPLY and in every later one. `percents` says how far
    /// along each component of a task reported under way or done is: its PERCENT-COMPLETE
    /// (RFC 5546 §3.4.3; 100 for COMPLETED).
    package static func reply(
        for stored: StoredInvite, answers: [(key: String?, action: AnswerAction, comment: String?)], me: String,
        name: String?, sentBy: String? = nil, added: String? = nil, delegates: [String?: String] = [:],
        percents: [String?: Int] = [:], now: Date, display: DisplayZone
    ) -> String {
        let parts = InvitationComponents(stored, now: now, display: display)
        var events: [ICalComponent] = []
        for answer in answers {
            guard let original = parts.part(answer.key) else { continue }
            // A task is answered in a VTODO (RFC 5546 §3.4.3), with its DUE where a meeting has DTEND.
            let event = ICalComponent.make(original.isTask ? ICAL_VTODO_COMPONENT : ICAL_VEVENT_COMPONENT)
            let copied: [icalproperty_kind] = [
                ICAL_UID_PROPERTY, ICAL_SEQUENCE_PROPERTY, ICAL_ORGANIZER_PROPERTY, ICAL_RECURRENCEID_PROPERTY,
                ICAL_DTSTART_PROPERTY, original.isTask ? ICAL_DUE_PROPERTY : ICAL_DTEND_PROPERTY,
                ICAL_DURATION_PROPERTY, ICAL_SUMMARY_PROPERTY,
            ]
            for kind in copied {
                // RFC 5545 §3.6.1 takes DTEND or DURATION, never both; an organizer that sent
                // both gets DTEND back.
                if kind == ICAL_DURATION_PROPERTY,
                    event.firstProperty(ICAL_DTEND_PROPERTY) != nil || event.firstProperty(ICAL_DUE_PROPERTY) != nil
                {
                    continue
                }
                if let property = original.firstProperty(kind) { event.add(icalproperty_new_clone(property.raw)) }
            }
            if event.firstProperty(ICAL_SUMMARY_PROPERTY) == nil, let title = parts.master?.text(ICAL_SUMMARY_PROPERTY)
            {
                event.add(ICalComponent.text(ICAL_SUMMARY_PROPERTY, title))
            }
            if event.firstProperty(ICAL_SEQUENCE_PROPERTY) == nil {
                let sequence = answer.key.flatMap { stored.instance($0)?.organizer?.sequence } ?? stored.invite.sequence
                event.add(icalproperty_new_sequence(Int32(clamping: sequence)))
            }
            event.add(icalproperty_new_dtstamp(ICalComponent.utcTime(now)))
            let mine = original.properties(ICAL_ATTENDEE_PROPERTY).first { MyAddresses([me]).contains($0.value ?? "") }
            let attendee = ICalComponent.person(
                ICAL_ATTENDEE_PROPERTY, address: me, name: name ?? mine?.parameter(ICAL_CN_PARAMETER))
            // Only a component you stand out of is delegated: a later answer to it ends that.
            let delegate = answer.action == .declined ? delegates[answer.key] : nil
            let delegated = delegate != nil
            if let attendee {
                let partstat = delegated ? "DELEGATED" : answer.action.partstat ?? "NEEDS-ACTION"
                icalproperty_set_parameter(attendee, partstatParameter(partstat))
            }
            sign(attendee, sentBy: sentBy)
            // Delegated to you, your answer says by whom, as RFC 5546 §4.2.6 answers.
            if let attendee, !delegated, let from = mine?.parameter(ICAL_DELEGATEDFROM_PARAMETER), !from.isEmpty {
                icalproperty_set_parameter(attendee, icalparameter_new_delegatedfrom(ICalComponent.parameterSafe(from)))
            }
            // A forward's word to the organizer names the one it invited, not yet answering; a
            // delegation names the delegate both ways (RFC 5546 §4.2.5).
            if let named = delegate ?? added,
                let other = ICalComponent.person(ICAL_ATTENDEE_PROPERTY, address: named, name: nil)
            {
                icalproperty_set_parameter(other, icalparameter_new_partstat(ICAL_PARTSTAT_NEEDSACTION))
                if delegated {
                    self.delegate(from: attendee, to: other, me: me, delegate: named)
                }
                event.add(attendee)
                event.add(other)
            } else {
                event.add(attendee)
            }
            if original.isTask, AnswerAction.taskReports.contains(answer.action) {
                let percent = answer.action == .completed ? 100 : min(max(percents[answer.key] ?? 0, 0), 100)
                event.add(icalproperty_new_percentcomplete(Int32(percent)))
            }
            if let comment = answer.comment, !comment.isEmpty {
                event.add(ICalComponent.text(ICAL_COMMENT_PROPERTY, comment))
            }
            events.append(event)
        }
        return message(ICAL_METHOD_REPLY, events: events, parts: parts)
    }

    /// One iTIP message: PRODID, VERSION and METHOD, the VTIMEZONEs the events use, the events,
    /// every control character a stranger wrote dropped (but in the UID and TZIDs, with
    /// `keepingIdentity`, which must find the organizer's again).
    static func message(
        _ method: icalproperty_method, events: [ICalComponent], parts: InvitationComponents,
        keepingIdentity: Bool = false
    ) -> String {
        let calendar = ICalComponent.make(ICAL_VCALENDAR_COMPONENT)
        calendar.add(ICalComponent.text(ICAL_PRODID_PROPERTY, "-//invites//invites \(ProductVersion.current)//EN"))
        calendar.add(icalproperty_new_version("2.0"))
        calendar.add(icalproperty_new_method(method))
        for zone in parts.zones(for: events) {
            if let component = parts.zones[zone.tzid] { calendar.add(child: component) }
        }
        for event in events { calendar.add(child: event) }
        calendar.dropControls(keepingIdentity: keepingIdentity)
        return calendar.serialized
    }

    /// Sets your ATTENDEE's PARTSTAT and drops its RSVP (kept in a server's copy, which only
    /// your PARTSTAT may change); adds your ATTENDEE when the invite did not list you (an invite
    /// sent to a list).
    static func setPartstat(_ partstat: String, on event: ICalComponent, me: MyAddresses, keepRSVP: Bool = false) {
        var found = false
        for attendee in event.properties(ICAL_ATTENDEE_PROPERTY) where me.contains(attendee.value ?? "") {
            icalproperty_set_parameter(attendee.raw, partstatParameter(partstat))
            if !keepRSVP { icalproperty_remove_parameter_by_kind(attendee.raw, ICAL_RSVP_PARAMETER) }
            found = true
        }
        if !found, let address = me.all.sorted().first,
            let attendee = ICalComponent.person(ICAL_ATTENDEE_PROPERTY, address: address, name: nil)
        {
            icalproperty_set_parameter(attendee, partstatParameter(partstat))
            event.add(attendee)
        }
    }

    /// Marks an ATTENDEE as sent by you (`SENT-BY="mailto:…"`, RFC 5545 §3.2.18) when you
    /// answer for them; nothing when `sentBy` is `nil`.
    static func sign(_ attendee: OpaquePointer?, sentBy: String?) {
        guard let attendee, let sentBy else { return }
        icalproperty_set_parameter(attendee, icalparameter_new_sentby(ICalComponent.parameterSafe("mailto:" + sentBy)))
    }

    /// Marks a delegation on two ATTENDEEs (RFC 5545 §3.2.4, §3.2.5): yours `DELEGATED-TO` the
    /// delegate, theirs `DELEGATED-FROM` you.
    static func delegate(from mine: OpaquePointer?, to theirs: OpaquePointer?, me: String, delegate: String) {
        if let mine {
            icalproperty_set_parameter(
                mine, icalparameter_new_delegatedto(ICalComponent.parameterSafe(mailto(delegate))))
            icalproperty_remove_parameter_by_kind(mine, ICAL_RSVP_PARAMETER)
        }
        if let theirs {
            icalproperty_set_parameter(theirs, icalparameter_new_delegatedfrom(ICalComponent.parameterSafe(mailto(me))))
        }
    }

    private static func mailto(_ address: String) -> String {
        address.lowercased().hasPrefix("mailto:") ? address : "mailto:" + address
    }

    /// A PARTSTAT parameter. IN-PROCESS (a task under way, RFC 5545 §3.2.12) is written by its
    /// name: the libical here writes its own constant for it as `INPROCESS`, which no reader
    /// takes.
    static func partstatParameter(_ text: String) -> OpaquePointer? {
        guard text == "IN-PROCESS" else { return icalparameter_new_partstat(partstatKind(text)) }
        let parameter = icalparameter_new_partstat(ICAL_PARTSTAT_X)
        icalparameter_set_xvalue(parameter, text)
        return parameter
    }

    static func partstatKind(_ text: String) -> icalparameter_partstat {
        switch text {
        case "DELEGATED": return ICAL_PARTSTAT_DELEGATED
        case "ACCEPTED": return ICAL_PARTSTAT_ACCEPTED
        case "DECLINED": return ICAL_PARTSTAT_DECLINED
        case "TENTATIVE": return ICAL_PARTSTAT_TENTATIVE
        case "COMPLETED": return ICAL_PARTSTAT_COMPLETED
        default: return ICAL_PARTSTAT_NEEDSACTION
        }
    }
}
