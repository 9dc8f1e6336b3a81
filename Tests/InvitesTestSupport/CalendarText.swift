import Foundation

/// Small calendars written per test case from their content lines, so that each case shows the
/// very lines it is about beside the instants it expects.
package enum CalendarText {
    /// `lines` inside a VCALENDAR (with VERSION and PRODID), CRLF line ends.
    package static func data(_ lines: [String], calendar: [String] = []) -> Data {
        let all =
            ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//invites tests//EN"] + calendar + lines + ["END:VCALENDAR"]
        return Data(all.map { $0 + "\r\n" }.joined().utf8)
    }

    /// The same written to a new file in a new temporary folder; the file's path. The caller
    /// removes the folder (the path's parent) when done.
    package static func file(_ lines: [String], calendar: [String] = [], name: String = "calendar.ics") throws -> String
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invites-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try data(lines, calendar: calendar).write(to: URL(fileURLWithPath: path))
        return path
    }
}
