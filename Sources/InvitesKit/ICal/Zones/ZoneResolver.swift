internal import CLibical
import Foundation

/// Turns the TZID a producer wrote into a libical time zone.
///
/// Producers name zones four ways: with a VTIMEZONE embedded in the same file (authoritative, RFC
/// 5545 §3.6.5), with a bare IANA name, with a vendor-prefixed IANA name
/// (`/mozilla.org/20050126_1/Europe/Berlin`), or with a Windows name as Outlook writes it
/// (`W. Europe Standard Time`). They are tried in that order; an unknown TZID yields `nil` and the
/// caller decides what to do with the floating time it leaves.
final class ZoneResolver {
    /// The zone floating times and all-day dates are taken in.
    let display: OpaquePointer
    private let store: ZoneStore
    private var embedded: [String: OpaquePointer] = [:]
    private var cache: [String: OpaquePointer?] = [:]

    /// A resolver for one file; `store` may be shared by the files of one query, so that the
    /// same VTIMEZONE text in a thousand vdir items is parsed (and its transitions computed) once.
    init(display: DisplayZone, store: ZoneStore = ZoneStore()) {
        LibICal.configure()
        self.display = ZoneResolver.builtin(display.identifier) ?? ZoneResolver.utc
        self.store = store
    }

    static var utc: OpaquePointer {
        guard let zone = icaltimezone_get_utc_timezone() else {
            preconditionFailure("libical has no UTC zone")
        }
        return zone
    }

    /// Registers a VTIMEZONE found in the calendar; later TZID look-ups prefer it.
    func register(_ vtimezone: ICalComponent) {
        if let (tzid, zone) = store.zone(for: vtimezone) { adopt(tzid, zone) }
    }

    /// Registers a VTIMEZONE block of a file, by its bytes.
    func register(block bytes: UnsafeRawBufferPointer) {
        if let (tzid, zone) = store.zone(forBlock: bytes) { adopt(tzid, zone) }
    }

    private func adopt(_ tzid: String, _ zone: OpaquePointer) {
        guard embedded[tzid] == nil else { return }
        embedded[tzid] = zone
        cache[tzid] = nil
    }

    /// The zone a TZID names, or `nil` when none of the four ways knows it.
    func zone(for tzid: String) -> OpaquePointer? {
        if let cached = cache[tzid] { return cached }
        let zone = embedded[tzid] ?? ZoneResolver.named(tzid)
        cache[tzid] = zone
        return zone
    }

    /// Whether libical knows a zone by this IANA name (for validating `--tz`).
    static func knows(_ identifier: String) -> Bool {
        builtin(identifier) != nil
    }

    private static func named(_ tzid: String) -> OpaquePointer? {
        if let zone = builtin(tzid) { return zone }
        let parts = tzid.split(separator: "/")
        if parts.count > 2 {
            for count in [3, 2] where parts.count > count {
                if let zone = builtin(parts.suffix(count).joined(separator: "/")) { return zone }
            }
        }
        if let iana = WindowsZoneTable.shared.iana(forWindowsName: tzid) {
            return builtin(iana)
        }
        // Older Outlook wrote "(GMT+10:00) Canberra, …" where newer writes "(UTC+10:00) …".
        if tzid.hasPrefix("(GMT"), let iana = WindowsZoneTable.shared.iana(forWindowsName: "(UTC" + tzid.dropFirst(4)) {
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

    static func builtin(_ name: String) -> OpaquePointer? {
        switch name.uppercased() {
        case "UTC", "GMT", "Z", "ETC/UTC", "ETC/GMT", "UNIVERSAL", "ZULU":
            return utc
        default:
            return icaltimezone_get_builtin_timezone(name)
        }
    }
}
