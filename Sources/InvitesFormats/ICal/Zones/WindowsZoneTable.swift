import Foundation

/// Maps the Windows time zone names Outlook and Exchange write as TZIDs to IANA names.
///
/// The Windows IDs (`W. Europe Standard Time`) come from Unicode CLDR's windowsZones data (see
/// `WindowsZoneTable+Data.swift`); the display names some Outlook versions write instead
/// (`(UTC-05:00) Eastern Time (US & Canada)`) from CLDR's and Microsoft's tables
/// (`WindowsZoneTable+OfficialNames.swift`) and node-ical's, which keeps older forms. Outlook has
/// written each display name several ways over the years: `&` or `and`, `(GMT…)` or `(UTC…)`,
/// `Co-ordinated` or `Coordinated`, with or without a full stop, and with an offset that Windows
/// later corrected (`(UTC-04:30) Caracas`). So display names are compared in one normal form
/// (``normalized(_:)``), and a name whose offset no table has is still known by its place names
/// when those belong to one zone only; a meeting sent from Outlook without a usable VTIMEZONE
/// then still lands at the right instant.
struct WindowsZoneTable: Sendable {
    /// The table built from the bundled data.
    static let shared = WindowsZoneTable(data: cldrData + "\n" + displayNameData, officialNames: officialNameData)

    private let byName: [String: String]
    private let byDisplayName: [String: String]
    /// Display names by their place names alone (no offset), for names that belong to one zone.
    private let byPlaces: [String: String]

    init(data: String, officialNames: String = "") {
        var byName: [String: String] = [:]
        for line in data.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count == 2 else { continue }
            byName[fields[0].lowercased()] = String(fields[1])
        }
        for line in officialNames.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count == 2 else { continue }
            let target = String(fields[1])
            if let iana = target.contains("/") ? target : byName[target.lowercased()] {
                byName[fields[0].lowercased()] = iana
            }
        }
        var byDisplayName: [String: String] = [:]
        var byPlaces: [String: String?] = [:]
        for (name, iana) in byName where name.hasPrefix("(") {
            let normal = WindowsZoneTable.normalized(name)
            byDisplayName[normal] = iana
            guard let places = WindowsZoneTable.places(normal) else { continue }
            // Two zones under the same place names: neither is taken by places alone.
            if let known = byPlaces[places], known != iana {
                byPlaces[places] = .some(nil)
            } else {
                byPlaces[places] = iana
            }
        }
        self.byName = byName
        self.byDisplayName = byDisplayName
        self.byPlaces = byPlaces.compactMapValues { $0 }
    }

    /// The IANA zone for a Windows ID or display name, compared case-insensitively and display
    /// names in their normal form; `nil` when it is neither.
    func iana(forWindowsName name: String) -> String? {
        if let iana = byName[name.lowercased()] { return iana }
        guard name.hasPrefix("(") else { return nil }
        let normal = WindowsZoneTable.normalized(name)
        if let iana = byDisplayName[normal] { return iana }
        return WindowsZoneTable.places(normal).flatMap { byPlaces[$0] }
    }

    var count: Int { byName.count }

    /// A display name in the one form all its spellings share: lower case, `(GMT` as `(UTC`,
    /// `(UTC+00:00)` as `(UTC)`, `&` as `and`, `co-ordinated` as `coordinated`, no full stops,
    /// single spaces.
    static func normalized(_ name: String) -> String {
        var text = name.lowercased()
        if text.hasPrefix("(gmt") { text = "(utc" + text.dropFirst(4) }
        for (from, to) in [
            ("(utc+00:00)", "(utc)"), ("(utc-00:00)", "(utc)"), ("&", " and "), ("co-ordinated", "coordinated"),
            (".", ""),
        ] {
            text = text.replacingOccurrences(of: from, with: to)
        }
        return text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// The place names of a normalized display name, after its `(UTC…)` prefix.
    private static func places(_ normal: String) -> String? {
        guard let close = normal.firstIndex(of: ")") else { return nil }
        let rest = normal[normal.index(after: close)...].trimmingCharacters(in: .whitespaces)
        return rest.isEmpty ? nil : rest
    }
}
