/// Undoes the RTF compression of PidTagRtfCompressed ([MS-OXRTFCP] 2.1.3.1): a 16-byte header
/// (sizes, `LZFu` or `MELA`, CRC), then runs of a control byte and eight literals or references
/// into a 4096-byte dictionary that starts with a fixed RTF preamble.
///
/// The header's RawSize is a stranger's number: it is never used to reserve memory; the output
/// stops at ``TNEFLimits/rtfBytes``, and every control byte consumes input, so the work is
/// bounded by the input (at most 17 bytes out for 2 in) and by the limit. The CRC is not
/// checked: a wrong one spoils nothing the reader keeps.
enum CompressedRTF {
    /// Why a compressed RTF cannot be read.
    enum Failure: Error, Equatable {
        case tooShort
        case unknownKind(UInt32)
    }

    private static let preamble = Array(
        ("{\\rtf1\\ansi\\mac\\deff0\\deftab720{\\fonttbl;}{\\f0\\fnil \\froman \\fswiss \\fmodern \\fscript "
            + "\\fdecor MS Sans SerifSymbolArialTimes New RomanCourier{\\colortbl\\red0\\green0\\blue0\r\n"
            + "\\par \\pard\\plain\\f0\\fs20\\b\\i\\u\\tab\\tx").utf8)
    private static let compressed: UInt32 = 0x7546_5A4C
    private static let uncompressed: UInt32 = 0x414C_454D

    /// The RTF bytes; at most `limit` of them.
    static func decompress(_ bytes: [UInt8], limit: Int = TNEFLimits.rtfBytes) throws(Failure) -> [UInt8] {
        var reader = TNEFByteReader(bytes)
        guard let size = try? reader.u32("size"), (try? reader.u32("raw size")) != nil,
            let kind = try? reader.u32("kind"), (try? reader.u32("crc")) != nil
        else { throw .tooShort }
        // CompSize counts the header's last 12 bytes; a lying one is cut to what is there.
        let end = min(bytes.count, 4 + Int(min(size, UInt32(Int32.max))))
        switch kind {
        case uncompressed:
            return Array(bytes[16..<max(16, min(end, 16 + limit))])
        case compressed:
            break
        default:
            throw .unknownKind(kind)
        }
        var dictionary = [UInt8](repeating: 0, count: 4096)
        dictionary.replaceSubrange(0..<preamble.count, with: preamble)
        var write = preamble.count
        var output: [UInt8] = []
        var position = 16
        while position < end, output.count < limit {
            let control = bytes[position]
            position += 1
            for bit in 0..<8 where position < end {
                if control & (1 << bit) == 0 {
                    let byte = bytes[position]
                    position += 1
                    output.append(byte)
                    dictionary[write] = byte
                    write = (write + 1) & 0xFFF
                    continue
                }
                guard position + 1 < end else { return output }
                let token = Int(bytes[position]) << 8 | Int(bytes[position + 1])
                position += 2
                var offset = token >> 4
                let length = (token & 0xF) + 2
                // A reference to the write position itself ends the stream.
                if offset == write { return output }
                for _ in 0..<length {
                    let byte = dictionary[offset]
                    output.append(byte)
                    dictionary[write] = byte
                    write = (write + 1) & 0xFFF
                    offset = (offset + 1) & 0xFFF
                }
                if output.count >= limit { break }
            }
        }
        return Array(output.prefix(limit))
    }
}
