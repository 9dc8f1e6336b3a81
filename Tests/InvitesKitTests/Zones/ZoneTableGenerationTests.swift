import Foundation
import InvitesTestSupport
import Testing

/// The zone tables are what their generators write: each committed table is turned back into
/// its generator's input (a CLDR `windowsZones.xml`, a node-ical `windowsZones.json`), the
/// generator runs on that, and what it prints must be the committed file byte for byte. A hand
/// edit, a generator changed without a new run, or a layout the formatter rewrites fails here.
@Suite struct ZoneTableGenerationTests {
    static let zones = "Sources/InvitesFormats/ICal/Zones/"

    @Test("Regenerating CLDR's table of Windows zone names changes nothing")
    func cldrTable() throws {
        let committed = try String(
            contentsOfFile: Fixture.repositoryFile(Self.zones + "WindowsZoneTable+Data.swift"), encoding: .utf8)
        let header = try #require(
            committed.firstMatch(of: #/\(CLDR (.+), otherVersion (.+), typeVersion (.+)\)\. /#))
        let table = Self.pairs(committed)
        #expect(table.count > 100)
        let zones = table.map {
            #"<mapZone other="\#(Self.xml($0.name))" territory="001" type="\#(Self.xml($0.iana))"/>"#
        }
        let source = """
            <supplementalData><version number="\(Self.xml(String(header.output.1)))"/><windowsZones>
            <mapTimezones otherVersion="\(header.output.2)" typeVersion="\(header.output.3)">
            \(zones.joined(separator: "\n"))
            </mapTimezones></windowsZones></supplementalData>
            """
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("windowsZones.xml")
        try Data(source.utf8).write(to: input)
        #expect(try Self.run("scripts/gen-windows-zones.py", [input.path]) == committed)
    }

    @Test("Regenerating the table of Windows display names changes nothing")
    func displayNameTable() throws {
        let committed = try String(
            contentsOfFile: Fixture.repositoryFile(Self.zones + "WindowsZoneTable+DisplayNames.swift"),
            encoding: .utf8)
        let table = Self.pairs(committed)
        #expect(table.count > 50)
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The generator keeps a zone only when the zone database has it: a database of the
        // table's own zones, so that the system's tzdata changes nothing here.
        let zoneinfo = folder.appendingPathComponent("zoneinfo")
        for iana in Set(table.map(\.iana)) {
            let file = zoneinfo.appendingPathComponent(iana)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: file)
        }
        var source: [String: [String: [String]]] = [:]
        for (name, iana) in table { source[name] = ["iana": [iana]] }
        let input = folder.appendingPathComponent("windowsZones.json")
        try JSONSerialization.data(withJSONObject: source, options: [.sortedKeys]).write(to: input)
        #expect(try Self.run("scripts/gen-windows-display-names.py", [input.path, zoneinfo.path]) == committed)
    }

    /// The `name<TAB>IANA name` pairs of a generated file's literal (the tab written `\t`).
    static func pairs(_ text: String) -> [(name: String, iana: String)] {
        text.split(separator: "\n").compactMap { line in
            let parts = line.trimmingCharacters(in: .whitespaces).components(separatedBy: "\\t")
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
    }

    static func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zone-tables-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// What `python3 script arguments…` prints, run from the repository.
    static func run(_ script: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + arguments
        process.currentDirectoryURL = Fixture.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(script) failed")
        return String(decoding: printed, as: UTF8.self)
    }
}
