/// Reads a MAPI property list as TNEF stores it in `attMsgProps` and in each row of
/// `attRecipTable` ([MS-OXTNEF] 2.1.3.4): a count, then each property's type, id, name (for
/// ids from 0x8000) and values, each padded to four bytes.
///
/// Every count and length is the stream's own and is checked against what is left before it is
/// used; every value takes at least four bytes, so a count cannot make a loop outrun the stream.
struct MAPIPropertyReader {
    /// The codepage 8-bit strings (PT_STRING8) are in: `attOemCodepage`, or Windows-1252.
    var codepage: UInt32

    func list(_ reader: inout TNEFByteReader) throws(TNEFError) -> MAPIProperties {
        let start = reader.offset
        let count = try reader.u32("property count")
        guard count <= TNEFLimits.properties else {
            throw .tooMany(item: "MAPI properties in a list", limit: TNEFLimits.properties)
        }
        guard UInt64(count) * 8 <= UInt64(reader.remaining) else {
            throw .badLength(item: "property list", offset: start, length: UInt64(count))
        }
        var properties: [MAPIProperty] = []
        properties.reserveCapacity(Int(count))
        for _ in 0..<count { properties.append(try property(&reader)) }
        return MAPIProperties(all: properties)
    }

    private func property(_ reader: inout TNEFByteReader) throws(TNEFError) -> MAPIProperty {
        let start = reader.offset
        let fullType = try reader.u16("property type")
        let id = try reader.u16("property id")
        var name: MAPIProperty.Name?
        if id >= 0x8000 {
            let set = Array(try reader.take(16, item: "property set"))
            let kind = try reader.u32("property name kind")
            switch kind {
            case 0: name = .init(set: set, number: try reader.u32("property name"))
            case 1:
                let length = try reader.u32("property name length")
                let raw = try reader.take(length: UInt64(length), item: "property name")
                reader.skipPadding(after: raw.count)
                name = .init(set: set, string: TNEFText.utf16(raw))
            default:
                throw .badLength(item: "property name kind", offset: start, length: UInt64(kind))
            }
        }
        let multiple = fullType & 0x1000 != 0
        let type = fullType & 0x0FFF
        var values: [MAPIProperty.Value] = []
        if let size = MAPIPropertyReader.fixedSize(type) {
            let count = multiple ? try reader.u32("value count") : 1
            guard count <= TNEFLimits.values else {
                throw .tooMany(item: "values of one property", limit: TNEFLimits.values)
            }
            guard UInt64(count) * UInt64(max(size, 4)) <= UInt64(reader.remaining) else {
                throw .badLength(item: "values", offset: start, length: UInt64(count))
            }
            for _ in 0..<count {
                let raw = try reader.take(size, item: "property value")
                reader.skipPadding(after: size)
                values.append(fixedValue(type, raw))
            }
        } else if MAPIPropertyReader.variableTypes.contains(type) {
            let count = try reader.u32("value count")
            guard count <= TNEFLimits.values else {
                throw .tooMany(item: "values of one property", limit: TNEFLimits.values)
            }
            guard UInt64(count) * 4 <= UInt64(reader.remaining) else {
                throw .badLength(item: "values", offset: start, length: UInt64(count))
            }
            for _ in 0..<count {
                let length = try reader.u32("value length")
                let raw = try reader.take(length: UInt64(length), item: "property value")
                reader.skipPadding(after: raw.count)
                switch type {
                case 0x001E: values.append(.text(TNEFText.eightBit(raw, codepage: codepage)))
                case 0x001F: values.append(.text(TNEFText.utf16(raw)))
                default: values.append(.bytes(Array(raw)))
                }
            }
        } else {
            throw .unknownType(type: fullType, offset: start)
        }
        return MAPIProperty(type: type, id: id, name: name, values: values)
    }

    /// The bytes of one value of a fixed-size type; `nil` for a type whose values carry a length.
    static func fixedSize(_ type: UInt16) -> Int? {
        switch type {
        case 0x0001, 0x0002, 0x0003, 0x0004, 0x000A, 0x000B: return 4
        case 0x0005, 0x0006, 0x0007, 0x0014, 0x0040: return 8
        case 0x0048: return 16
        default: return nil
        }
    }

    /// PT_OBJECT, PT_STRING8, PT_UNICODE, PT_SVREID and PT_BINARY.
    static let variableTypes: Set<UInt16> = [0x000D, 0x001E, 0x001F, 0x00FB, 0x0102]

    private func fixedValue(_ type: UInt16, _ raw: ArraySlice<UInt8>) -> MAPIProperty.Value {
        let number = TNEFByteReader.littleEndian(raw)
        switch type {
        case 0x0002: return .integer(Int64(Int16(truncatingIfNeeded: number)))
        case 0x000B: return .integer(number & 0xFFFF == 0 ? 0 : 1)
        case 0x0003, 0x000A: return .integer(Int64(Int32(truncatingIfNeeded: number)))
        case 0x0004: return .double(Double(Float(bitPattern: UInt32(truncatingIfNeeded: number))))
        case 0x0005, 0x0007: return .double(Double(bitPattern: number))
        case 0x0048: return .bytes(Array(raw))
        default: return .integer(Int64(bitPattern: number))
        }
    }
}
