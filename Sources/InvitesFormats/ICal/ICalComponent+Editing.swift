internal import CLibical
import Foundation
import InvitesModel

/// Building and changing components through libical, so that every value written is escaped
/// and folded by libical and never pasted together as text.
extension ICalComponent {
    /// A new, empty component of a kind.
    static func make(_ kind: icalcomponent_kind) -> ICalComponent {
        guard let raw = icalcomponent_new(kind) else { preconditionFailure("icalcomponent_new failed: out of memory") }
        return ICalComponent.adopt(raw)
    }

    /// Adds a property libical made; the component owns it from now on.
    func add(_ property: OpaquePointer?) {
        guard let property else { return }
        icalcomponent_add_property(raw, property)
    }

    /// Adds a copy of a component as a child.
    func add(child: ICalComponent) {
        guard let copy = icalcomponent_new_clone(child.raw) else { preconditionFailure("clone failed: out of memory") }
        icalcomponent_add_component(raw, copy)
    }

    /// Removes every property of a kind.
    func removeProperties(_ kind: icalproperty_kind) {
        while let property = icalcomponent_get_first_property(raw, kind) {
            icalcomponent_remove_property(raw, property)
            icalproperty_free(property)
        }
    }

    /// Removes the `X-LIC-ERROR` notes libical leaves where it dropped an unreadable value, here
    /// and in every child, so they never travel into a calendar or a reply.
    func removeParseErrors() {
        removeProperties(ICAL_XLICERROR_PROPERTY)
        for child in children(ICAL_ANY_COMPONENT) { child.removeParseErrors() }
    }

    /// Removes and frees every child component of a kind (the VALARMs of a VEVENT).
    func removeChildren(_ kind: icalcomponent_kind) {
        while let child = icalcomponent_get_first_component(raw, kind) {
            icalcomponent_remove_component(raw, child)
            icalcomponent_free(child)
        }
    }

    /// Removes one property.
    func remove(_ property: ICalProperty) {
        icalcomponent_remove_property(raw, property.raw)
        icalproperty_free(property.raw)
    }

    /// A text property, its value escaped by libical on output.
    static func text(_ kind: icalproperty_kind, _ value: String) -> OpaquePointer? {
        let property = icalproperty_new(kind)
        guard let property else { return nil }
        icalproperty_set_value(property, icalvalue_new_text(value))
        return property
    }

    /// An ATTENDEE or ORGANIZER for an address, with its CN.
    static func person(_ kind: icalproperty_kind, address: String, name: String?) -> OpaquePointer? {
        let uri = address.lowercased().hasPrefix("mailto:") ? address : "mailto:" + address
        guard let property = icalproperty_new(kind) else { return nil }
        icalproperty_set_value(property, icalvalue_new_caladdress(ICalComponent.parameterSafe(uri)))
        if let name, !name.isEmpty {
            icalproperty_add_parameter(property, icalparameter_new_cn(ICalComponent.parameterSafe(name)))
        }
        return property
    }

    /// A value that can sit in a parameter or an address: no line breaks, quotes or controls
    /// (C0, DEL, C1), which libical would otherwise write as they are.
    static func parameterSafe(_ text: String) -> String {
        String(
            text.unicodeScalars.filter { $0.value >= 0x20 && !(0x7F..<0xA0).contains($0.value) && $0 != "\"" }.map(
                Character.init))
    }

    /// A UTC date-time or a date for an instant.
    static func utcTime(_ date: Date) -> icaltimetype {
        icaltime_from_timet_with_zone(time_t(date.timeIntervalSince1970.rounded(.down)), 0, ZoneResolver.utc)
    }

    static func date(_ date: LocalDate) -> icaltimetype {
        var time = icaltime_null_date()
        time.year = Int32(date.year)
        time.month = Int32(date.month)
        time.day = Int32(date.day)
        return time
    }

    /// Every TZID a component's properties name, its children's included.
    var tzidsUsed: Set<String> {
        var result = Set<String>()
        var property = icalcomponent_get_first_property(raw, ICAL_ANY_PROPERTY)
        while let current = property {
            if let parameter = icalproperty_get_first_parameter(current, ICAL_TZID_PARAMETER),
                let tzid = icalparameter_get_tzid(parameter)
            {
                result.insert(String(cString: tzid))
            }
            property = icalcomponent_get_next_property(raw, ICAL_ANY_PROPERTY)
        }
        for child in children(ICAL_ANY_COMPONENT) { result.formUnion(child.tzidsUsed) }
        return result
    }
}

extension ICalComponent {
    /// A `COMMENT` content line, escaped and folded by libical, without control characters,
    /// ending in CRLF; `nil` for text libical cannot hold.
    package static func commentLine(_ comment: String) -> String? {
        let holder = ICalComponent.make(ICAL_VEVENT_COMPONENT)
        guard let property = ICalComponent.text(ICAL_COMMENT_PROPERTY, comment) else { return nil }
        holder.add(property)
        holder.dropControls()
        let text = holder.serialized
        guard let start = text.range(of: "\r\nCOMMENT")?.lowerBound,
            let end = text.range(of: "\r\nEND:VEVENT")?.lowerBound, start < end
        else { return nil }
        // "\r\n" is one Character: one step past it is the line's first letter.
        return String(text[text.index(after: start)..<end]) + "\r\n"
    }
}
