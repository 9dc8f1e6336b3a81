/// Maps the Windows time zone names Outlook and Exchange write as TZIDs to IANA names.
///
/// The Windows IDs (`W. Europe Standard Time`) come from Unicode CLDR's windowsZones data (see
/// `WindowsZoneTable+Data.swift`), the display names some Outlook versions write instead
/// (`(UTC-05:00) Eastern Time (US & Canada)`) from node-ical's table, so that a meeting sent from
/// Outlook without a usable VTIMEZONE still lands at the right instant.
struct WindowsZoneTable: Sendable {
    /// The table built from the bundled data.
    static let shared = WindowsZoneTable(data: cldrData + "\n" + displayNameData)

    private let byName: [String: String]

    init(data: String) {
        var byName: [String: String] = [:]
        for line in data.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count == 2 else { continue }
            byName[fields[0].lowercased()] = String(fields[1])
        }
        self.byName = byName
    }

    /// The IANA zone for a Windows name, compared case-insensitively; `nil` when it is not one.
    func iana(forWindowsName name: String) -> String? {
        byName[name.lowercased()]
    }

    var count: Int { byName.count }
}
