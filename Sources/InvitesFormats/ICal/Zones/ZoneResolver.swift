internal import CLibical
import Foundation

/// Turns the TZID a producer wrote into the zone it means.
///
/// Producers name zones four ways: with a VTIMEZONE embedded in the same file (RFC 5545 §3.6.5),
/// with a bare IANA name, with a vendor-prefixed IANA name (`/mozilla.org/20050126_1/Europe/Berlin`),
/// or with a Windows name as Outlook writes it (`W. Europe Standard Time`). An embedded VTIMEZONE
/// whose TZID the system also knows by name holds over the stretch its transitions cover and the
/// system's zone data holds around it (``ICalZone``); any other embedded one holds for all time.
/// An unknown TZID yields `nil` and the caller decides what to do with the floating time it leaves.
package final class ZoneResolver {
    /// The zone all-day dates are taken in, and floating times where the calendar names none.
    package let display: ICalZone
    /// The zone the calendar's `X-WR-TIMEZONE` names, in which its floating times are read.
    private(set) var floating: ICalZone?
    private let store: ZoneStore
    private var embedded: [String: ICalZone] = [:]
    private var cache: [String: ICalZone?] = [:]

    /// A resolver for one file; `store` may be shared by the files of one query, so that the
    /// same VTIMEZONE text in a thousand vdir items is parsed (and its transitions computed) once.
    package init(display: DisplayZone, store: ZoneStore = ZoneStore()) {
        LibICal.configure()
        self.display = ICalZone(ZoneResolver.builtin(display.identifier) ?? ZoneResolver.utc)
        self.store = store
    }

    /// libical's UTC zone.
    static var utc: OpaquePointer {
        guard let zone = icaltimezone_get_utc_timezone() else {
            preconditionFailure("libical has no UTC zone")
        }
        return zone
    }

    /// Registers a VTIMEZONE found in the calendar; later TZID look-ups prefer it.
    func register(_ vtimezone: ICalComponent) {
        if let found = store.zone(for: vtimezone) { adopt(found) }
    }

    /// Registers a VTIMEZONE block of a file, by its bytes.
    package func register(block bytes: UnsafeRawBufferPointer) {
        if let found = store.zone(forBlock: bytes) { adopt(found) }
    }

    private func adopt(_ found: ZoneStore.Embedded) {
        guard embedded[found.tzid] == nil else { return }
        if let system = store.zone(named: found.tzid, by: .system, ZoneResolver.system) {
            // A definition without a usable onset covers nothing: the system's data holds.
            embedded[found.tzid] =
                found.span.map { ICalZone(system: system, embedded: found.zone, span: $0, tzid: found.tzid) }
                ?? ICalZone(system)
        } else {
            embedded[found.tzid] = ICalZone(found.zone)
        }
        cache[found.tzid] = nil
    }

    /// Takes the calendar's `X-WR-TIMEZONE` (Google's and Apple's exports name the calendar's zone
    /// so): its floating times are read in that zone, as the clients that write it read them.
    /// Returns the warning to give when no way of naming zones knows the name (nothing changes).
    package func floatingZoneProblem(_ value: String) -> String? {
        let name = value.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        guard let zone = zone(for: name) else {
            return "X-WR-TIMEZONE names an unknown time zone \(Printable.quoted(name, limit: 60)):"
                + " floating times are taken in the display zone"
        }
        floating = zone
        return nil
    }

    /// The zone a TZID names, or `nil` when none of the four ways knows it.
    func zone(for tzid: String) -> ICalZone? {
        if let cached = cache[tzid] { return cached }
        let zone = embedded[tzid] ?? store.zone(named: tzid, by: .named, ZoneResolver.named).map { ICalZone($0) }
        cache[tzid] = zone
        return zone
    }

    /// Whether libical knows a zone by this IANA name (for validating `--tz`).
    static func knows(_ identifier: String) -> Bool {
        builtin(identifier) != nil
    }

    /// The system's zone for an IANA name, bare or behind a vendor's prefix, or behind a `/`
    /// alone (`/Europe/Berlin`, which libical used to open as `zoneinfo//Europe/Berlin`).
    private static func system(_ tzid: String) -> OpaquePointer? {
        guard !ZoneName.isPath(tzid) else { return nil }
        if let zone = builtin(tzid) { return zone }
        let parts = tzid.split(separator: "/")
        let prefixed = tzid.hasPrefix("/")
        for count in [3, 2] where parts.count > count || (prefixed && parts.count == count) {
            if let zone = builtin(parts.suffix(count).joined(separator: "/")) { return zone }
        }
        return nil
    }

    static func named(_ tzid: String) -> OpaquePointer? {
        if let zone = system(tzid) { return zone }
        if let iana = WindowsZoneTable.shared.iana(forWindowsName: tzid) {
            return builtin(iana)
        }
        return fixedOffset(tzid)
    }

    /// A display name the tables do not know still says its standard offset, `(UTC+10:00) …`;
    /// a whole-hour offset maps to the `Etc/GMT∓N` zone, without DST but far closer than floating.
    private static func fixedOffset(_ tzid: String) -> OpaquePointer? {
        let text = Array(tzid.utf8)
        guard text.count >= 11, text[0] == UInt8(ascii: "("),
            String(decoding: text[1..<4], as: UTF8.self) == "UTC"
                || String(decoding: text[1..<4], as: UTF8.self) == "GMT",
            text[4] == UInt8(ascii: "+") || text[4] == UInt8(ascii: "-"),
            let hours = Int(String(decoding: text[5..<7], as: UTF8.self)),
            let minutes = Int(String(decoding: text[8..<10], as: UTF8.self)), minutes == 0, hours <= 14
        else { return nil }
        if hours == 0 { return utc }
        let sign = text[4] == UInt8(ascii: "+") ? "-" : "+"
        return builtin("Etc/GMT\(sign)\(hours)")
    }

    /// libical's zone for an IANA name; the one door to `icaltimezone_get_builtin_timezone`,
    /// which opens a file of the name it is given under the zoneinfo folder when `zone.tab` does
    /// not list it: a name not spelled as the zone database spells names never reaches it
    /// (``ZoneName``), and is an unknown zone.
    static func builtin(_ name: String) -> OpaquePointer? {
        switch name.uppercased() {
        case "UTC", "GMT", "Z", "ETC/UTC", "ETC/GMT", "UNIVERSAL", "ZULU":
            return utc
        default:
            guard ZoneName.allows(name) else { return nil }
            return icaltimezone_get_builtin_timezone(name)
        }
    }
}
