internal import CLibical
import Foundation

extension ZoneResolver {
    /// The abbreviation a zone uses at an instant (`PDT`, `CET`), from the zone's own TZNAMEs;
    /// `nil` when the zone gives none. Foundation on Linux only knows `GMT-7`.
    static func abbreviation(of identifier: String, at instant: Int) -> String? {
        guard let zone = builtin(identifier) else { return nil }
        if zone == utc { return "UTC" }
        guard let names = icaltimezone_get_tznames(zone).map({ String(cString: $0) }), !names.isEmpty else {
            return nil
        }
        let parts = names.split(separator: "/").map(String.init)
        guard parts.count == 2 else { return names }
        var local = icaltime_from_timet_with_zone(time_t(instant), 0, zone)
        var isDaylight: Int32 = 0
        _ = icaltimezone_get_utc_offset(zone, &local, &isDaylight)
        return isDaylight != 0 ? parts[1] : parts[0]
    }

    /// The seconds a zone is ahead of UTC at an instant; `nil` for a name libical does not know.
    static func offset(of identifier: String, at instant: Int) -> Int? {
        guard let zone = builtin(identifier) else { return nil }
        var time = icaltime_from_timet_with_zone(time_t(instant), 0, utc)
        return Int(icaltimezone_get_utc_offset_of_utc_time(zone, &time, nil))
    }
}
