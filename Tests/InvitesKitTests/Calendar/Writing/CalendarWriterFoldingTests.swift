import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// The calendar writer finds what it edits as libical reads it, folds and all (issue 35): the
/// vdir item holding a UID however its UID line is folded, and a zone still named by a TZID
/// parameter folded anywhere.
@Suite struct CalendarWriterFoldingTests {
    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("invites-writer-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder + "/vdir", withIntermediateDirectories: true)
    }

    /// Writing a second item for a UID a server already placed would make the sync fail or the
    /// event show twice.
    @Test("The item holding a UID is found wherever its UID line is folded")
    func theItemHoldingAUIDIsFoundWhereverItsUIDLineIsFolded() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let vdir = folder + "/vdir"
        let writer = CalendarWriter(source: try CalendarSource.named(vdir), lockFolder: folder)
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:server-placed@example.org\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try Data("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8).write(to: URL(fileURLWithPath: vdir + "/a.ics"))
        for folded in Folding.everyFold(of: "UID:server-placed@example.org", in: text) {
            try folded.data.write(to: URL(fileURLWithPath: vdir + "/5f3a.ics"))
            #expect(writer.item(holding: "server-placed@example.org") == vdir + "/5f3a.ics", "\(folded)")
        }
    }

    @Test func aZoneNamedByAFoldedTZIDStays() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let zone =
            "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:STANDARD\r\nDTSTART:19701025T030000\r\n"
            + "TZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
        let event = { (uid: String, start: String) in
            "BEGIN:VEVENT\r\nUID:\(uid)\r\n\(start)\r\nEND:VEVENT\r\n"
        }
        let line = "DTSTART;TZID=Europe/Berlin:20240610T090000"
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + zone + event("stays", line)
            + event("goes", "DTSTART;TZID=Europe/Berlin:20240611T090000") + "END:VCALENDAR\r\n"
        let path = folder + "/calendar.ics"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let writer = CalendarWriter(source: try CalendarSource.named(path), lockFolder: folder)
        for folded in Folding.everyFold(of: line, in: text) {
            try folded.data.write(to: URL(fileURLWithPath: path))
            try writer.delete(
                uid: "goes", zones: [zone], claim: CalendarClaim(organizer: nil, me: MyAddresses([]), written: true))
            let left = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(left.range(of: Data(zone.utf8)) != nil, "\(folded)")
            #expect(left.range(of: Data("UID:goes".utf8)) == nil, "\(folded)")
        }
        // Named by no one, it goes with the event that brought it.
        try Data(text.replacingOccurrences(of: line, with: "DTSTART:20240610T090000Z").utf8).write(
            to: URL(fileURLWithPath: path))
        try writer.delete(
            uid: "goes", zones: [zone], claim: CalendarClaim(organizer: nil, me: MyAddresses([]), written: true))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).range(of: Data("VTIMEZONE".utf8)) == nil)
    }
}
