internal import CLibical
import Foundation

/// A property borrowed from a component tree; it keeps the tree's owner alive.
struct ICalProperty {
    let raw: OpaquePointer
    let owner: ICalComponent

    var kind: icalproperty_kind { icalproperty_isa(raw) }

    /// The unescaped value as libical renders it, or `nil` when the property has no value.
    var value: String? {
        guard let value = icalproperty_get_value(raw) else { return nil }
        switch icalvalue_isa(value) {
        case ICAL_TEXT_VALUE:
            return icalvalue_get_text(value).map { String(cString: $0) }
        default:
            guard let text = icalproperty_get_value_as_string_r(raw) else { return nil }
            defer { free(text) }
            return String(cString: text)
        }
    }

    /// The first parameter of a kind, as text.
    func parameter(_ kind: icalparameter_kind) -> String? {
        guard let parameter = icalproperty_get_first_parameter(raw, kind) else { return nil }
        guard let text = icalparameter_as_ical_string_r(parameter) else { return nil }
        defer { free(text) }
        let whole = String(cString: text)
        guard let equals = whole.firstIndex(of: "=") else { return nil }
        var value = String(whole[whole.index(after: equals)...])
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast())
        }
        return value
    }

    /// The TZID parameter with the quotes some producers put around it removed.
    var tzid: String? {
        guard let parameter = icalproperty_get_first_parameter(raw, ICAL_TZID_PARAMETER),
            let tzid = icalparameter_get_tzid(parameter)
        else { return nil }
        let text = String(cString: tzid).trimmingCharacters(in: .init(charactersIn: "\" "))
        return text.isEmpty ? nil : text
    }

    /// The name of an `X-` property, which libical files under one kind.
    var xName: String? {
        icalproperty_get_x_name(raw).map { String(cString: $0) }
    }

    /// The value of a date or date-time property with the form libical parsed it into.
    var time: icaltimetype? {
        guard let value = icalproperty_get_value(raw) else { return nil }
        let kind = icalvalue_isa(value)
        guard kind == ICAL_DATETIME_VALUE || kind == ICAL_DATE_VALUE else { return nil }
        let time = kind == ICAL_DATE_VALUE ? icalvalue_get_date(value) : icalvalue_get_datetime(value)
        return icaltime_is_null_time(time) == 0 && icaltime_is_valid_time(time) != 0 ? time : nil
    }
}
