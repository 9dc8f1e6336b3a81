import Foundation
import InvitesFormats
import InvitesModel

/// A change written into an item a scheduling server put in your calendar: an answer
/// (``InPlaceAnswer``) or a delegation (``InPlaceDelegation``), applied under the calendar's lock
/// to what the item holds at that moment.
protocol InPlaceEdit {
    /// The item with the change in it; throws when the item no longer holds the invitation.
    func apply(to data: Data, path: String) throws(CalendarError) -> Data
}

extension InPlaceAnswer: InPlaceEdit {}

/// A delegation written into the server's copy, as RFC 6638 §3.2.2.1 lets an attendee change
/// it and RFC 5546 §4.2.5 words it: your ATTENDEE `PARTSTAT=DELEGATED;DELEGATED-TO="mailto:ADDR"`
/// and the delegate's ATTENDEE added right after it with `PARTSTAT=NEEDS-ACTION;RSVP=TRUE;
/// DELEGATED-FROM` you, on every VEVENT of the UID (the series) or on the occurrences named (an
/// override made from the master where the server has none). The server then sends the
/// organizer the REPLY and the delegate the REQUEST (Xandikos recognises the delegate by the
/// DELEGATED-FROM that names your address as the server knows it); invites sends nothing.
///
/// Every other byte stays: your PARTSTAT, the override and the comment are written as an answer
/// is (``InPlaceAnswer``), then your line gets DELEGATED-TO (its other parameters in their
/// order) and the delegate's line is inserted, folded at 75 octets in the file's line ends.
struct InPlaceDelegation {
    var uid: String
    var me: MyAddresses
    /// The delegate's address, without `mailto:`.
    var to: String
    /// The occurrences delegated, by inbox key; `nil` is the series.
    var keys: [String]?
    var comment: String?
    var display: DisplayZone
}

extension InPlaceDelegation: InPlaceEdit {
    func apply(to data: Data, path: String) throws(CalendarError) -> Data {
        let answered = try InPlaceAnswer(
            uid: uid, me: me, partstat: "DELEGATED", keys: keys, comment: comment, display: display
        ).apply(to: data, path: path)
        return delegating(answered)
    }

    /// The item (your PARTSTAT already DELEGATED) with DELEGATED-TO on your line and the
    /// delegate's line added, in the blocks delegated.
    private func delegating(_ data: Data) -> Data {
        data.withUnsafeBytes { bytes -> Data in
            let scan = ICSBlockScanner.scan(bytes)
            let blocks = scan.blocks.filter {
                $0.kind == .event && ICSBlockScanner.text(of: "UID", in: bytes, block: $0.range) == uid
            }.map(\.range)
            let zones = scan.blocks.filter { $0.kind == .timezone }.map(\.range)
            let blockKeys = CalendarBlocks.keys(of: blocks, zones: zones, in: bytes, display: display)
            let newline = scan.usesCRLF ? "\r\n" : "\n"
            var result = Data()
            var cursor = 0
            for (index, range) in blocks.enumerated() {
                if let keys, !(blockKeys[index].map(keys.contains) ?? false) { continue }
                result.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[cursor..<range.lowerBound]))
                result.append(contentsOf: edit(UnsafeRawBufferPointer(rebasing: bytes[range]), newline))
                cursor = range.upperBound
            }
            result.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[cursor...]))
            return result
        }
    }

    /// One VEVENT block: DELEGATED-TO set on your ATTENDEE lines of its own (not its alarms'),
    /// and the delegate's line after the last of them unless the block lists the delegate.
    /// Lines that do not change keep their bytes.
    func edit(_ block: UnsafeRawBufferPointer, _ newline: String) -> [UInt8] {
        var lines = InPlaceAnswer.logicalLines(block)
        let delegate = MyAddresses([to])
        var depth = 0
        var mine: (index: Int, address: String)?
        var listed = false
        for index in lines.indices {
            let unfolded = lines[index].text
            let name = InPlaceAnswer.name(of: unfolded)
            if name == "BEGIN" { depth += 1 }
            if name == "END" { depth -= 1 }
            guard depth == 1, name == "ATTENDEE", let colon = InPlaceAnswer.valueStart(unfolded) else { continue }
            let value = String(unfolded[unfolded.index(after: colon)...])
            if delegate.contains(value) { listed = true }
            guard me.contains(value) else { continue }
            mine = (index, value)
            let changed = InPlaceAnswer.setting("DELEGATED-TO", to: InPlaceDelegation.quoted(to), in: unfolded)
            if changed != unfolded { lines[index].physical = Array(InPlaceAnswer.fold(changed, newline).utf8) }
        }
        if let mine, !listed {
            let from = InPlaceDelegation.quoted(mine.address)
            let line = "ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;DELEGATED-FROM=\(from):\(InPlaceDelegation.uri(to))"
            lines[mine.index].physical += Array(InPlaceAnswer.fold(line, newline).utf8)
        }
        return lines.flatMap(\.physical)
    }

    /// An address as a `mailto:` URI: kept as written when it has the scheme (the server
    /// compares DELEGATED-FROM with your address as it knows it, character for character).
    static func uri(_ address: String) -> String {
        let written = address.lowercased().hasPrefix("mailto:") ? address : "mailto:" + address
        return percentEncoded(written)
    }

    /// An address as a quoted parameter value (RFC 5545 §3.2: DELEGATED-TO and DELEGATED-FROM
    /// are quoted `cal-address`es).
    static func quoted(_ address: String) -> String {
        "\"" + uri(address) + "\""
    }

    /// A DQUOTE (which would end the quoted value; a quoted local part has them), a control
    /// character or a line break percent-encoded, as a URI carries them: the address stays
    /// the one named, and the line stays one line.
    static func percentEncoded(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                for byte in String(scalar).utf8 { result += String(format: "%%%02X", byte) }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
