/// What is wrong with a TNEF stream (a `winmail.dat`), in words for the user: where in the
/// stream (a byte offset) and what it claimed, so that a damaged or hostile file is named, not
/// guessed at.
package enum TNEFError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The stream does not begin with TNEF's signature 0x223E9F78.
    case notTNEF
    /// The stream ends before the item that begins at `offset` does.
    case cut(item: String, offset: Int)
    /// A length or count larger than what is left of the stream, or than the reader allows.
    case badLength(item: String, offset: Int, length: UInt64)
    /// An attribute of a level other than message (1) or attachment (2).
    case badLevel(level: UInt8, offset: Int)
    /// A MAPI property of a type [MS-OXCDATA] does not define.
    case unknownType(type: UInt16, offset: Int)
    /// More items of a kind than ``TNEFLimits`` allows.
    case tooMany(item: String, limit: Int)

    package var description: String {
        switch self {
        case .notTNEF:
            return "it is not TNEF (no signature 0x223E9F78)"
        case .cut(let item, let offset):
            return "the TNEF stream is cut: its \(item) at byte \(offset) ends past the end"
        case .badLength(let item, let offset, let length):
            return "the TNEF stream's \(item) at byte \(offset) claims a length of \(length), more than it holds"
        case .badLevel(let level, let offset):
            return "the TNEF attribute at byte \(offset) has the unknown level \(level)"
        case .unknownType(let type, let offset):
            let hex = String(type, radix: 16, uppercase: true)
            return "the TNEF stream's MAPI property at byte \(offset) has the unknown type 0x\(hex)"
        case .tooMany(let item, let limit):
            return "the TNEF stream holds more than \(limit) \(item): no meeting request needs that many"
        }
    }
}
