/// The message-level content of a TNEF stream ([MS-OXTNEF] 2.1.3): its class, subject and
/// body attributes, its MAPI properties and its recipient table.
///
/// Attachments' attributes (level 2) are framed like every attribute but not read: an
/// attached message, or a TNEF stream inside an attachment, is never parsed, so nesting costs
/// nothing and cannot recurse.
package struct TNEFStream: Sendable {
    static let signature: UInt32 = 0x223E_9F78

    /// `attMessageClass`, as the stream writes it (`IPM.Microsoft Schedule.MtgReq`).
    var messageClass: String?
    var subject: String?
    var body: String?
    var properties = MAPIProperties(all: [])
    var recipients: [MAPIProperties] = []
    var attachments = 0

    private enum Attribute {
        static let messageClass: UInt32 = 0x0007_8008
        static let subject: UInt32 = 0x0001_8004
        static let body: UInt32 = 0x0002_800C
        static let messageProperties: UInt32 = 0x0006_9003
        static let recipientTable: UInt32 = 0x0006_9004
        static let codepage: UInt32 = 0x0006_9007
        static let attachmentRendering: UInt32 = 0x0006_9002
    }

    package static func read(_ bytes: [UInt8]) throws(TNEFError) -> TNEFStream {
        var reader = TNEFByteReader(bytes)
        guard bytes.count >= 6, (try? reader.u32("signature")) == signature else { throw .notTNEF }
        _ = try reader.u16("legacy key")
        var stream = TNEFStream()
        var codepage: UInt32 = 1252
        var count = 0
        while !reader.atEnd {
            count += 1
            guard count <= TNEFLimits.attributes else {
                throw .tooMany(item: "attributes", limit: TNEFLimits.attributes)
            }
            let start = reader.offset
            let level = try reader.u8("attribute level")
            guard level == 1 || level == 2 else {
                // Bytes after the last attribute that are no attribute: some mailers append
                // them (tnefparse's garbage-at-end.tnef). What came before stands.
                if count > 1 { break }
                throw .badLevel(level: level, offset: start)
            }
            let id = try reader.u32("attribute id")
            let length = try reader.u32("attribute length")
            let dataStart = reader.offset
            let data = try reader.take(length: UInt64(length), item: "attribute")
            // Properties are read in place, so that a fault's offset is the stream's own.
            var inner = TNEFByteReader(bytes, from: dataStart, end: dataStart + data.count)
            // The checksum guards against nothing a reader needs: Outlook's own streams carry
            // wrong ones (tnefparse's IPM-DistList.tnef), and tnefparse and ytnef only warn.
            // A stream that ends where its last attribute's data does has lost only that
            // checksum (tnefparse's bad_checksum.tnef): nothing is missing.
            if !reader.atEnd { _ = try reader.u16("attribute checksum") }
            if level == 2 {
                if id == Attribute.attachmentRendering { stream.attachments += 1 }
                continue
            }
            switch id {
            case Attribute.codepage:
                codepage = (try? inner.u32("codepage")) ?? codepage
            case Attribute.messageClass:
                stream.messageClass = TNEFText.eightBit(data, codepage: codepage)
            case Attribute.subject:
                stream.subject = TNEFText.eightBit(data, codepage: codepage)
            case Attribute.body:
                stream.body = TNEFText.eightBit(data, codepage: codepage)
            case Attribute.messageProperties:
                let list = try MAPIPropertyReader(codepage: codepage).list(&inner)
                stream.properties.all += list.all
                guard stream.properties.all.count <= TNEFLimits.properties else {
                    throw .tooMany(item: "MAPI properties", limit: TNEFLimits.properties)
                }
            case Attribute.recipientTable:
                let rows = try inner.u32("recipient count")
                guard rows <= TNEFLimits.recipients else {
                    throw .tooMany(item: "recipients", limit: TNEFLimits.recipients)
                }
                for _ in 0..<rows {
                    stream.recipients.append(try MAPIPropertyReader(codepage: codepage).list(&inner))
                }
            default:
                continue
            }
        }
        return stream
    }
}
