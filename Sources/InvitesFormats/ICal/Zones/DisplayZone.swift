import Foundation
import InvitesSystem

/// The time zone the user reads times in: floating times and all-day dates are taken in it.
///
/// It comes from `--tz`, else `TZ`, else the system's zone, and is always an IANA name so that
/// libical and Foundation agree on every offset.
package struct DisplayZone: Sendable, Hashable {
    /// The IANA identifier, e.g. `Europe/Berlin` or `UTC`.
    package let identifier: String

    /// A zone by IANA name; `nil` when libical does not know the name.
    package init?(identifier: String) {
        let name = identifier.hasPrefix(":") ? String(identifier.dropFirst()) : identifier
        let canonical = ["UTC", "GMT", "Z", "Etc/UTC", "UCT", "Universal", "Zulu"].contains(name) ? "UTC" : name
        guard canonical == "UTC" || ZoneResolver.knows(canonical) else { return nil }
        self.identifier = canonical
    }

    /// Foundation's view of the same zone, for formatting. Made when first asked, not with the
    /// zone: every command settles its zone, and making Foundation's (ICU's) zone was 3 % of
    /// a `status` or a Maildir pass that never formats a time; Foundation keeps the zones it
    /// made, so asking again costs a lookup. A name Foundation's data is too old
    /// for (tzdata newer than ICU's) is read at the offset libical gives it now.
    package var timeZone: TimeZone {
        if let zone = TimeZone(identifier: identifier) { return zone }
        let offset = ZoneResolver.offset(of: identifier, at: Int(Date().timeIntervalSince1970)) ?? 0
        return TimeZone(secondsFromGMT: offset) ?? TimeZone(secondsFromGMT: 0) ?? .current
    }

    /// The zone a TZID names, however the producer wrote it: IANA, vendor-prefixed IANA or a
    /// Windows name (for showing an invite in the organizer's zone).
    package init?(tzid: String) {
        let name = tzid.trimmingCharacters(in: .init(charactersIn: "\" "))
        guard !ZoneName.isPath(name) else { return nil }
        if let zone = DisplayZone(identifier: name) {
            self = zone
            return
        }
        let parts = name.split(separator: "/")
        let prefixed = name.hasPrefix("/")
        for count in [3, 2] where parts.count > count || (prefixed && parts.count == count) {
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
    package static let utc = DisplayZone(fixed: "UTC")

    private init(fixed identifier: String) {
        self.identifier = identifier
    }

    /// The system's zone, read from `/etc/localtime` the way the C library does: the name its
    /// link gives under `zoneinfo/`, without making Foundation's zone. Foundation decides what
    /// that cannot: a `TZ` the caller did not take, a copied file instead of a link.
    package static func system() -> DisplayZone {
        if getenv("TZ") == nil, let zone = DisplayZone(link: "/etc/localtime") { return zone }
        if let zone = DisplayZone(identifier: TimeZone.current.identifier) { return zone }
        return .utc
    }

    /// The zone a symbolic link to a file of the zone database names, by the path under
    /// `zoneinfo/`; `nil` for anything else.
    init?(link path: String) {
        guard let target = Posix.readlink(path), let range = target.range(of: "zoneinfo/") else { return nil }
        self.init(identifier: String(target[range.upperBound...]))
    }

    /// The zone's abbreviation at an instant (`PDT`), for human output.
    package func abbreviation(at date: Date) -> String {
        ZoneResolver.abbreviation(of: identifier, at: Int(date.timeIntervalSince1970))
            ?? timeZone.abbreviation(for: date) ?? identifier
    }
}
