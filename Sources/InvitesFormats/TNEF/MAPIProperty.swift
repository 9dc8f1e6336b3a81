/// One MAPI property of a TNEF property list ([MS-OXTNEF] 2.1.3.4, types from [MS-OXCDATA]
/// 2.11.1): its tag, the name of a named property, and its values, read but not interpreted.
struct MAPIProperty: Sendable, Equatable {
    /// A named property's set and its numeric or string name ([MS-OXTNEF] 2.1.3.4 PropertyName).
    struct Name: Sendable, Equatable {
        var set: [UInt8]
        var number: UInt32?
        var string: String?
    }

    enum Value: Sendable, Equatable {
        case integer(Int64)
        case double(Double)
        case bytes([UInt8])
        case text(String)
    }

    var type: UInt16
    var id: UInt16
    var name: Name?
    var values: [Value]

    var first: Value? { values.first }

    var integer: Int64? {
        if case .integer(let value)? = first { return value }
        return nil
    }

    var bytes: [UInt8]? {
        if case .bytes(let value)? = first { return value }
        return nil
    }

    var text: String? {
        if case .text(let value)? = first { return value }
        return nil
    }
}

/// Well-known property sets ([MS-OXPROPS] 1.3.2), as the sixteen bytes TNEF stores.
enum MAPIPropertySet {
    /// PSETID_Appointment {00062002-0000-0000-C000-000000000046}.
    static let appointment = guid(0x0006_2002, 0, 0)
    /// PSETID_Meeting {6ED8DA90-450B-101B-98DA-00AA003F1305}.
    static let meeting: [UInt8] = [
        0x90, 0xDA, 0xD8, 0x6E, 0x0B, 0x45, 0x1B, 0x10, 0x98, 0xDA, 0x00, 0xAA, 0x00, 0x3F, 0x13, 0x05,
    ]
    /// PSETID_Common {00062008-0000-0000-C000-000000000046}.
    static let common = guid(0x0006_2008, 0, 0)

    /// A GUID of Microsoft's `{XXXXXXXX-0000-0000-C000-000000000046}` family, in its stored order.
    private static func guid(_ first: UInt32, _ second: UInt16, _ third: UInt16) -> [UInt8] {
        var bytes: [UInt8] = []
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: first >> UInt32(shift))) }
        bytes += [UInt8(truncatingIfNeeded: second), UInt8(truncatingIfNeeded: second >> 8)]
        bytes += [UInt8(truncatingIfNeeded: third), UInt8(truncatingIfNeeded: third >> 8)]
        return bytes + [0xC0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x46]
    }
}

/// A property list: looked up by tag or by name.
struct MAPIProperties: Sendable, Equatable {
    var all: [MAPIProperty]

    /// The first property with this id that is not named (a tagged property, id below 0x8000).
    func tagged(_ id: UInt16) -> MAPIProperty? {
        all.first { $0.name == nil && $0.id == id }
    }

    /// The first named property of this set with this numeric name.
    func named(_ set: [UInt8], _ number: UInt32) -> MAPIProperty? {
        all.first { $0.name?.set == set && $0.name?.number == number }
    }

    func text(_ id: UInt16) -> String? {
        tagged(id)?.text.flatMap { $0.isEmpty ? nil : $0 }
    }
}
