/// The zone a date-time property's parameters name, read at byte level only where the reading
/// is certain to be the one libical and ``ICalProperty/tzid`` make of them.
///
/// ``BlockPrefilter`` bounds a time by the offsets of the zone it names: a TZID read otherwise
/// than libical reads it could name another zone, and bound the event where it does not fall.
/// So anything unusual (a quoted value with a quote, caret or backslash in it, a TZID given
/// twice, bytes outside printable ASCII, a VALUE other than DATE-TIME or PERIOD) is unsure.
enum ZoneParameter: Equatable {
    /// No TZID: a floating time, or a UTC one when it ends in `Z`.
    case none
    /// The TZID's value, quotes removed.
    case named(ArraySlice<UInt8>)
    case unsure

    /// Reads `parameters`, what stands between a property's name and its colon (`;TZID=…`).
    init(_ parameters: ArraySlice<UInt8>) {
        var found: ArraySlice<UInt8>?
        var at = parameters.startIndex
        let end = parameters.endIndex
        while at < end {
            guard parameters[at] == UInt8(ascii: ";"),
                let equals = parameters[at...].firstIndex(of: UInt8(ascii: "="))
            else {
                self = .unsure
                return
            }
            let key = parameters[(at + 1)..<equals]
            var value: ArraySlice<UInt8>
            if equals + 1 < end, parameters[equals + 1] == UInt8(ascii: "\"") {
                // The colon was found outside quotes, so a quoted value is closed before it.
                guard let close = parameters[(equals + 2)...].firstIndex(of: UInt8(ascii: "\"")) else {
                    self = .unsure
                    return
                }
                value = parameters[(equals + 2)..<close]
                at = close + 1
                guard at == end || parameters[at] == UInt8(ascii: ";") else {
                    self = .unsure
                    return
                }
            } else {
                let stop = parameters[(equals + 1)...].firstIndex(of: UInt8(ascii: ";")) ?? end
                value = parameters[(equals + 1)..<stop]
                at = stop
                guard !value.contains(UInt8(ascii: "\"")) else {
                    self = .unsure
                    return
                }
            }
            if BlockPrefilter.isWord(key, "TZID") {
                guard found == nil, ZoneParameter.isPlain(value) else {
                    self = .unsure
                    return
                }
                found = value
            } else if BlockPrefilter.isWord(key, "VALUE") {
                guard BlockPrefilter.isWord(value, "DATE-TIME") || BlockPrefilter.isWord(value, "PERIOD") else {
                    self = .unsure
                    return
                }
            }
        }
        self = found.map(ZoneParameter.named) ?? .none
    }

    /// A value libical and ``ICalProperty/tzid`` hand on byte for byte: printable ASCII without
    /// the characters that quote, escape or separate, and no blank at either end.
    private static func isPlain(_ value: ArraySlice<UInt8>) -> Bool {
        guard let first = value.first, let last = value.last, first != 0x20, last != 0x20 else { return false }
        return value.allSatisfy { byte in
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
                && byte != UInt8(ascii: "^") && byte != UInt8(ascii: ",") && byte != UInt8(ascii: ";")
                && byte != UInt8(ascii: ":")
        }
    }
}
