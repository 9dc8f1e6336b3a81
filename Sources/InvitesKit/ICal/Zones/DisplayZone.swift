import Foundation

/// The time zone the user reads times in: floating times and all-day dates are taken in it.
///
/// It comes from `--tz`, else `TZ`, else the system's zone, and is always an IANA name so that
/// libical and Foundation agree on every offset.
public struct DisplayZone: Sendable, Hashable {
    /// The IANA identifier, e.g. `Europe/Berlin` or `UTC`.
    public let identifier: String
    /// Foundation's view of the same zone, for formatting.
    public let timeZone: TimeZone

    /// A zone by IANA name; `nil` when neither Foundation nor libical knows the name.
    public init?(identifier: String) {
        let name = identifier.hasPrefix(":") ? String(identifier.dropFirst()) : identifier
        let canonical = ["UTC", "GMT", "Z", "Etc/UTC", "UCT", "Universal", "Zulu"].contains(name) ? "UTC" : name
        guard let timeZone = TimeZone(identifier: canonical) else { return nil }
        guard canonical == "UTC" || ZoneResolver.knows(canonical) else { return nil }
        self.identifier = canonical
        self.timeZone = timeZone
    }

    /// The zone a TZID names, however the producer wrote it: IANA, vendor-prefixed IANA or a
    /// Windows name (for showing an invite in the organizer's zone).
    public init?(tzid: String) {
        let name = tzid.trimmingCharacters(in: .init(charactersIn: "\" "))
        if let zone = DisplayZone(identifier: name) {
            self = zone
            return
        }
        let parts = name.split(separator: "/")
        for count in [3, 2] where parts.count > count {
            if let zone = DisplayZone(identifier: parts.suffix(count).joined(separator: "/")) {
                self = zone
                return
            }
        }
        guard let iana = WindowsZoneTable.shared.iana(forWindowsName: name), let zone = DisplayZone(identifier: iana)
        else {
            return nil
        }
        self = zone
    }

    /// UTC, the zone the tests and the JSON output use.
    public static let utc = DisplayZone(fixed: "UTC")

    private init(fixed identifier: String) {
        self.identifier = identifier
        self.timeZone = TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0) ?? .current
    }

    /// The system's zone, read from `/etc/localtime` the way the C library does.
    public static func system() -> DisplayZone {
        if let zone = DisplayZone(identifier: TimeZone.current.identifier) { return zone }
        return .utc
    }

    /// The zone's abbreviation at an instant (`PDT`), for human output.
    public func abbreviation(at date: Date) -> String {
        ZoneResolver.abbreviation(of: identifier, at: Int(date.timeIntervalSince1970))
            ?? timeZone.abbreviation(for: date) ?? identifier
    }
}
