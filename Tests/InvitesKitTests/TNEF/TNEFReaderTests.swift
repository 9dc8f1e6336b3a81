import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit

/// The parts of the TNEF reader one at a time: the stream's framing and bounds, the compressed
/// RTF, RTF's text, the GlobalObjectId's UID and the message classes.
@Suite struct TNEFReaderTests {
    /// A stream of the given level-1 attributes, checksums right.
    func stream(_ attributes: [(UInt32, [UInt8])]) -> [UInt8] {
        var bytes: [UInt8] = [0x78, 0x9F, 0x3E, 0x22, 0x34, 0x12]
        for (id, data) in attributes {
            bytes.append(1)
            bytes += withUnsafeBytes(of: id.littleEndian, Array.init)
            bytes += withUnsafeBytes(of: UInt32(data.count).littleEndian, Array.init)
            bytes += data
            let sum = data.reduce(UInt16(0)) { $0 &+ UInt16($1) }
            bytes += withUnsafeBytes(of: sum.littleEndian, Array.init)
        }
        return bytes
    }

    @Test func theSignatureIsRequired() {
        #expect(throws: TNEFError.notTNEF) { try TNEFStream.read(Array("BEGIN:VCALENDAR".utf8)) }
        #expect(throws: TNEFError.notTNEF) { try TNEFStream.read([0x78, 0x9F]) }
    }

    @Test func theClassAttributeIsRead() throws {
        let read = try TNEFStream.read(stream([(0x0007_8008, Array("IPM.Microsoft Schedule.MtgReq\0".utf8))]))
        #expect(read.messageClass == "IPM.Microsoft Schedule.MtgReq")
    }

    /// tnefparse's bad_checksum.tnef ends where its last attribute's data does: only that
    /// checksum is missing, and the attribute is read.
    @Test("A stream without its last checksum loses nothing")
    func aStreamWithoutItsLastChecksumLosesNothing() throws {
        let whole = stream([(0x0007_8008, Array("IPM.Schedule.Meeting.Request\0".utf8))])
        #expect(try TNEFStream.read(Array(whole.dropLast(2))).messageClass == "IPM.Schedule.Meeting.Request")
        #expect(throws: TNEFError.cut(item: "attribute checksum", offset: whole.count - 2)) {
            try TNEFStream.read(Array(whole.dropLast(1)))
        }
    }

    @Test func bytesAfterTheLastAttributeAreLeft() throws {
        let whole = stream([(0x0007_8008, Array("IPM.Note\0".utf8))]) + [0x0A, 0x0D, 0x0A]
        #expect(try TNEFStream.read(whole).messageClass == "IPM.Note")
    }

    @Test func aPropertyCountBeyondTheBytesIsALie() {
        // attMsgProps claiming 9,000 properties in 8 bytes.
        let lie: [UInt8] = [0x28, 0x23, 0, 0, 0x03, 0, 0x01, 0x0E]
        #expect(throws: TNEFError.badLength(item: "property list", offset: 15, length: 9000)) {
            try TNEFStream.read(stream([(0x0006_9003, lie)]))
        }
    }

    @Test func anUnknownPropertyTypeIsNamed() {
        let list: [UInt8] = [1, 0, 0, 0, 0x99, 0x00, 0x37, 0x00, 0, 0, 0, 0]
        #expect(throws: TNEFError.unknownType(type: 0x0099, offset: 19)) {
            try TNEFStream.read(stream([(0x0006_9003, list)]))
        }
    }

    @Test("Too many recipients are refused before any is read")
    func tooManyRecipientsAreRefusedBeforeAnyIsRead() {
        let table: [UInt8] = withUnsafeBytes(of: UInt32(1_000_000).littleEndian, Array.init)
        #expect(throws: TNEFError.tooMany(item: "recipients", limit: TNEFLimits.recipients)) {
            try TNEFStream.read(stream([(0x0006_9004, table)]))
        }
    }

    @Test("Every cut of a stream is refused or read, never a trap")
    func everyCutOfAStreamIsRefusedOrReadNeverATrap() throws {
        let whole = Array(try Fixture.data("tnef/weekly.dat"))
        for length in stride(from: 0, to: whole.count, by: 7) {
            _ = try? TNEFStream.read(Array(whole.prefix(length)))
        }
        #expect(try TNEFStream.read(whole).properties.all.count > 20)
    }

    @Test func uncompressedRTFIsTakenAsItIs() throws {
        var bytes: [UInt8] = [20, 0, 0, 0, 8, 0, 0, 0, 0x4D, 0x45, 0x4C, 0x41, 0, 0, 0, 0]
        bytes += Array("{\\rtf1}".utf8)
        #expect(try CompressedRTF.decompress(bytes) == Array("{\\rtf1}".utf8))
    }

    @Test func compressedRTFUsesThePreamble() throws {
        // MS-OXRTFCP 3.1.1's first example: "{\rtf1\ansi\ansicpg1252\pard hello world}\r\n".
        let example: [UInt8] = [
            0x2D, 0x00, 0x00, 0x00, 0x2B, 0x00, 0x00, 0x00, 0x4C, 0x5A, 0x46, 0x75, 0xF1, 0xC5, 0xC7, 0xA7,
            0x03, 0x00, 0x0A, 0x00, 0x72, 0x63, 0x70, 0x67, 0x31, 0x32, 0x35, 0x42, 0x32, 0x0A, 0xF3, 0x20,
            0x68, 0x65, 0x6C, 0x09, 0x00, 0x20, 0x62, 0x77, 0x05, 0xB0, 0x6C, 0x64, 0x7D, 0x0A, 0x80, 0x0F, 0xA0,
        ]
        let text = String(decoding: try CompressedRTF.decompress(example), as: UTF8.self)
        #expect(text == "{\\rtf1\\ansi\\ansicpg1252\\pard hello world}\r\n")
    }

    @Test func anUnknownCompressionIsRefused() {
        let bytes: [UInt8] = [12, 0, 0, 0, 0, 0, 0, 0, 0x41, 0x42, 0x43, 0x44, 0, 0, 0, 0]
        #expect(throws: CompressedRTF.Failure.unknownKind(0x4443_4241)) { try CompressedRTF.decompress(bytes) }
    }

    @Test func rtfTextLeavesOutTablesAndKeepsUnicode() {
        let rtf = "{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0 Arial;}}{\\*\\generator x;}Caf\\'e9 \\u8364?5\\par next}"
        #expect(RTFText.text(Array(rtf.utf8)) == "Café €5\nnext")
    }

    @Test func rtfFromHTMLKeepsTheHTMLsText() {
        let rtf =
            "{\\rtf1\\ansi\\fromhtml1 {\\*\\htmltag19 <html>}\\htmlrtf {\\b hidden}\\htmlrtf0 Agenda{\\*\\htmltag84 <br>}\\htmlrtf\\par\\htmlrtf0}"
        #expect(RTFText.text(Array(rtf.utf8)) == "Agenda")
    }

    @Test func deepGroupsAreSkippedNotFollowed() {
        let rtf =
            "{\\rtf1 a" + String(repeating: "{", count: 100_000) + "b" + String(repeating: "}", count: 100_000) + "c}"
        #expect(RTFText.text(Array(rtf.utf8)) == "abc" || RTFText.text(Array(rtf.utf8)) == "ac")
    }

    @Test func aGlobalObjectIdFromICalendarKeepsItsUID() {
        // [MS-ASEMAIL] 4.3, example 2: a vCal-Uid.
        let data = Array("vCal-Uid".utf8) + [1, 0, 0, 0] + Array("{81412D3C-2A24-4E9D-B20E-11F7BBE92799}".utf8) + [0]
        var bytes = GlobalObjectID.arrayID + [UInt8](repeating: 0, count: 20)
        bytes += withUnsafeBytes(of: UInt32(data.count).littleEndian, Array.init) + data
        #expect(GlobalObjectID.uid(bytes) == "{81412D3C-2A24-4E9D-B20E-11F7BBE92799}")
    }

    @Test("An Outlook global object ID is hex without its instance date")
    func anOutlookGlobalObjectIdIsHexWithoutItsInstanceDate() throws {
        // [MS-ASEMAIL] 4.3, example 1.
        let bytes = Array(
            try #require(
                Data(base64Encoded: "BAAAAIIA4AB0xbcQGoLgCAfUCRDgQMnBJoXEAQAAAAAAAAAAEAAAAAvw7UtuTulOnjnjhns3jvM=")))
        #expect(
            GlobalObjectID.uid(bytes)
                == "040000008200E00074C5B7101A82E00800000000E040C9C12685C4010000000000000000100000000BF0ED4B6E4EE94E9E39E3867B378EF3"
        )
    }

    @Test func eightBitStringsAreReadInTheirCodepage() {
        // "Встреча" (a meeting) in Windows-1251, and "Pläne" in Windows-1252.
        let cyrillic: [UInt8] = [0xC2, 0xF1, 0xF2, 0xF0, 0xE5, 0xF7, 0xE0, 0]
        #expect(TNEFText.eightBit(cyrillic[...], codepage: 1251) == "Встреча")
        #expect(TNEFText.eightBit([0x50, 0x6C, 0xE4, 0x6E, 0x65][...], codepage: 1252) == "Pläne")
        #expect(TNEFText.eightBit([0x50, 0x6C, 0xC3, 0xA4, 0x6E, 0x65][...], codepage: 65001) == "Pläne")
    }

    @Test func messageClassesInBothSpellings() {
        #expect(OutlookMessageClass("IPM.Microsoft Schedule.MtgReq") == .request)
        #expect(OutlookMessageClass("IPM.Schedule.Meeting.Request") == .request)
        #expect(OutlookMessageClass("ipm.schedule.meeting.canceled") == .cancellation)
        #expect(OutlookMessageClass("IPM.Schedule.Meeting.Resp.Tent") == .answer(.tentative))
        #expect(OutlookMessageClass("IPM.Microsoft Schedule.MtgRespN") == .answer(.declined))
        #expect(OutlookMessageClass("IPM.TaskRequest.Accept") == .taskRequest)
        #expect(OutlookMessageClass("IPM.Appointment") == .other("IPM.Appointment"))
        #expect(OutlookMessageClass("IPM.Schedule.Meeting.RequestX") == .other("IPM.Schedule.Meeting.RequestX"))
    }
}
