internal import CLibical
import Foundation

/// Dropping a stranger's control characters from what `invites` composes.
///
/// RFC 5545 allows no control character in a value but HTAB (a TEXT value's line break is
/// written `\n`), nor in a parameter. libical writes a TEXT value's ESC, BEL, DEL and C1 (an
/// 8-bit CSI, U+009B) as they are, so a REPLY copying a stranger's SUMMARY carried them to the
/// organizer, into the calendar and onto the terminal that printed it. Everything a REPLY, a
/// COUNTER or a calendar copy takes from an invitation goes through ``dropControls(keepingIdentity:)``
/// first.
extension ICalComponent {
    /// Drops the control characters from every value and parameter of the component and of its
    /// children: C0 but HTAB (and LF in a TEXT value, which libical writes as `\n`), DEL and C1;
    /// in an address or a URI they are percent-encoded instead.
    ///
    /// `keepingIdentity` leaves the values a calendar copy is found by as they were sent: the
    /// UID and the TZIDs, which tie it to the inbox and to the VTIMEZONEs already in the
    /// calendar. A message (a REPLY, a COUNTER) is whole in itself and keeps nothing.
    func dropControls(keepingIdentity: Bool = false) {
        var property = icalcomponent_get_first_property(raw, ICAL_ANY_PROPERTY)
        while let current = property {
            let kind = icalproperty_isa(current)
            let identity = kind == ICAL_UID_PROPERTY || kind == ICAL_TZID_PROPERTY
            if !(keepingIdentity && identity) { ICalComponent.dropControls(inValueOf: current) }
            ICalComponent.dropControls(inParametersOf: current, keepingTZID: keepingIdentity)
            property = icalcomponent_get_next_property(raw, ICAL_ANY_PROPERTY)
        }
        for child in children(ICAL_ANY_COMPONENT) { child.dropControls(keepingIdentity: keepingIdentity) }
    }

    /// `text` without control characters: C0 (but HTAB, and LF where `lineBreaks` are kept),
    /// DEL and C1. Bidirectional marks stay: they are text, in any right-to-left title.
    static func withoutControls(_ text: String, lineBreaks: Bool) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0, lineBreaks: lineBreaks) }) else { return text }
        var result = ""
        result.unicodeScalars.append(contentsOf: text.unicodeScalars.filter { !isControl($0, lineBreaks: lineBreaks) })
        return result
    }

    /// An address or a URI with its control characters percent-encoded (RFC 3986), as a URI
    /// carries bytes it cannot hold: dropping them would make `mailto:olga\u{9B}@example.org`
    /// the address of somebody else.
    static func percentEncodingControls(_ text: String) -> String {
        // A URI holds no tab either.
        func encoded(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || isControl(scalar, lineBreaks: false) }
        guard text.unicodeScalars.contains(where: encoded) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard encoded(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar, lineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0x0A: return !lineBreaks
        case 0x00..<0x20, 0x7F..<0xA0: return true
        default: return false
        }
    }

    /// The value of one property, set again where it held a control character.
    private static func dropControls(inValueOf property: OpaquePointer) {
        guard let value = icalproperty_get_value(property) else { return }
        let kind = icalvalue_isa(value)
        switch kind {
        case ICAL_TEXT_VALUE:
            guard let text = icalvalue_get_text(value).map({ String(cString: $0) }) else { return }
            let clean = withoutControls(text, lineBreaks: true)
            if clean != text { icalvalue_set_text(value, clean) }
        case ICAL_X_VALUE:
            guard let text = icalvalue_get_x(value).map({ String(cString: $0) }) else { return }
            let clean = withoutControls(text, lineBreaks: true)
            if clean != text { icalvalue_set_x(value, clean) }
        case ICAL_CALADDRESS_VALUE:
            guard let text = icalvalue_get_caladdress(value).map({ String(cString: $0) }) else { return }
            let clean = percentEncodingControls(text)
            if clean != text { icalvalue_set_caladdress(value, clean) }
        case ICAL_URI_VALUE:
            guard let text = icalvalue_get_uri(value).map({ String(cString: $0) }) else { return }
            let clean = percentEncodingControls(text)
            if clean != text { icalvalue_set_uri(value, clean) }
        default:
            // Times, numbers and rules libical wrote itself; anything else it kept as text is
            // read back from what it would write.
            guard let written = icalvalue_as_ical_string_r(value) else { return }
            defer { free(written) }
            let text = String(cString: written)
            let clean = withoutControls(text, lineBreaks: false)
            guard clean != text, let replaced = icalvalue_new_from_string(kind, clean) else { return }
            icalproperty_set_value(property, replaced)
        }
    }

    /// The parameters whose values are addresses or URIs, percent-encoded rather than cut.
    private static let addressParameters = [
        ICAL_DELEGATEDFROM_PARAMETER, ICAL_DELEGATEDTO_PARAMETER, ICAL_MEMBER_PARAMETER, ICAL_SENTBY_PARAMETER,
        ICAL_DIR_PARAMETER, ICAL_ALTREP_PARAMETER,
    ]

    /// Every parameter of one property (a CN, a DELEGATED-FROM, an X- parameter), set again
    /// where its text held a control character; the TZID kept where `keepingTZID`.
    private static func dropControls(inParametersOf property: OpaquePointer, keepingTZID: Bool) {
        var parameter = icalproperty_get_first_parameter(property, ICAL_ANY_PARAMETER)
        while let current = parameter {
            let kind = icalparameter_isa(current)
            if !(keepingTZID && kind == ICAL_TZID_PARAMETER),
                let text = icalparameter_get_xvalue(current).map({ String(cString: $0) })
            {
                let clean =
                    addressParameters.contains(kind)
                    ? percentEncodingControls(text) : withoutControls(text, lineBreaks: false)
                if clean != text { icalparameter_set_xvalue(current, clean) }
            }
            parameter = icalproperty_get_next_parameter(property, ICAL_ANY_PARAMETER)
        }
    }
}
