/// The UID Exchange writes into iCalendar for an Outlook meeting's PidLidGlobalObjectId
/// ([MS-OXCICAL] 2.1.3.1.1.20.26, [MS-ASEMAIL] 4.3): the bytes in upper-case hexadecimal with
/// the instance date (bytes 17 to 20) zeroed, so that every instance and every later iTIP
/// update of the meeting carries the same UID; or, for a meeting that came into Outlook from
/// iCalendar (its data begins `vCal-Uid`), the UID it came with.
enum GlobalObjectID {
    static let arrayID: [UInt8] = [
        0x04, 0x00, 0x00, 0x00, 0x82, 0x00, 0xE0, 0x00, 0x74, 0xC5, 0xB7, 0x10, 0x1A, 0x82, 0xE0, 0x08,
    ]

    static func uid(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 40, bytes.count <= 4096, Array(bytes.prefix(16)) == arrayID else { return nil }
        let size = Int(TNEFByteReader.littleEndian(bytes[36..<40]))
        let data = bytes[40...]
        if size <= data.count, size > 12, data.starts(with: Array("vCal-Uid".utf8)) {
            let text = data.dropFirst(12).prefix(size - 12).prefix { $0 != 0 }
            let uid = String(decoding: text, as: UTF8.self)
            if !uid.isEmpty, uid.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) { return uid }
        }
        var clean = bytes
        for index in 16..<20 { clean[index] = 0 }
        let digits = Array("0123456789ABCDEF".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(clean.count * 2)
        for byte in clean {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
