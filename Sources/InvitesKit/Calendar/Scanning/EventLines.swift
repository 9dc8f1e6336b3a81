import Foundation
import InvitesFormats

/// What libical is given of a VEVENT block to make an ``ICalEvent``: the block's own BEGIN and
/// END lines and the properties an event is read from, each with its continuation lines.
/// Nested components (a VALARM, which may name attendees of its own) and every other property
/// are left out.
///
/// libical looks each property, parameter and value up by name as it parses; for a day of a
/// vdir of 100,000 items, the descriptions, alarms and time stamps it parsed and no one read
/// were half of its work.
enum EventLines {
    /// The lines of `block` to parse; the whole block when a line kept is too long for libical
    /// (so that it is refused as before) or when its BEGIN and END lines do not nest (libical's
    /// reading of those is not second-guessed).
    ///
    /// The bound on a line's length applies to what is kept: a slide deck Outlook or Apple
    /// Calendar exported inline (`ATTACH;ENCODING=BASE64`, megabytes folded over thousands of
    /// lines), a long DESCRIPTION, a VALARM's attachment are passed over whatever their size,
    /// and the event they belong to is read (it was once skipped as unreadable, and `check`
    /// said free beside it).
    static func read(_ block: UnsafeRawBufferPointer) -> [UInt8] {
        var kept: [UInt8] = []
        kept.reserveCapacity(block.count)
        var depth = 0
        var start = 0
        var scratch: [UInt8] = []
        while start < block.count {
            // A content line with its continuation lines: a fold may cut the name it is kept by.
            let line = ContentLine.read(block, at: start, limit: block.count)
            let next = line.next
            let keeping = line.withHead(block, scratch: &scratch) { head, start, end -> Bool? in
                if ICSBlockScanner.starts(head, start, end, "BEGIN:") {
                    depth += 1
                    return depth == 1
                } else if ICSBlockScanner.starts(head, start, end, "END:") {
                    depth -= 1
                    // Only the block's own last line closes it.
                    if depth < 0 || (depth == 0 && next < block.count) { return nil }
                    return depth == 0
                }
                return depth == 1 && start < end && isRead(head, start, end)
            }
            guard let keeping else { return Array(block) }
            if keeping {
                // Folded bytes count as the unfolded line would, give or take the folds' own.
                guard next - start <= ICalComponent.longestLine else { return Array(block) }
                kept.append(contentsOf: UnsafeRawBufferPointer(rebasing: block[start..<next]))
            }
            start = next
        }
        return depth == 0 ? kept : Array(block)
    }

    /// Whether the line `start..<end` is one of the properties
    /// ``ICalEvent/init(_:resolver:line:warn:)`` reads.
    private static func isRead(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        let named = { (name: StaticString) in ICSBlockScanner.property(bytes, start, end, name) }
        switch bytes[start] | 0x20 {
        case 0x61: return named("ATTENDEE")
        case 0x64: return named("DTSTART") || named("DTEND") || named("DURATION")
        case 0x65: return named("EXDATE")
        case 0x72: return named("RRULE") || named("RDATE") || named("RECURRENCE-ID")
        case 0x73: return named("SUMMARY") || named("SEQUENCE") || named("STATUS")
        case 0x74: return named("TRANSP")
        case 0x75: return named("UID")
        default: return false
        }
    }
}
