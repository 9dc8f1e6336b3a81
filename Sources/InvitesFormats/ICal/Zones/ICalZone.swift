internal import CLibical

/// A time zone as a TZID means it: libical's zone, and, where a calendar embeds a VTIMEZONE for an
/// IANA name the system also knows, the stretch of time in which that embedded definition holds.
///
/// Producers embed only the transitions around the events they export: WordPress (ai1ec) writes
/// `Europe/Berlin` with its changes of 2018–2020 alone, and libical carries the last offset such a
/// definition knows on for ever (summer time in December 2028, an hour off). Google, Apple and
/// Thunderbird read every IANA name with their own zone data. So within ``span``, the stretch the
/// embedded definition covers, its own offsets hold (RFC 5545 §3.2.19: the TZID refers to it, and
/// where it agrees with the system nothing changes); before and after it the system's zone data
/// holds. ``disagreement(at:)`` tells where the two differ inside the span, for a warning.
package struct ICalZone: Equatable {
    /// The zone read outside ``span``: the system's for an IANA name, else the only one there is.
    let base: OpaquePointer
    /// The calendar's own VTIMEZONE, read within ``span``; `nil` when ``base`` holds everywhere.
    let embedded: OpaquePointer?
    /// Unix seconds from the embedded definition's first transition to its last, or on for ever
    /// when one of its rules has no end.
    let span: ClosedRange<Int>
    /// The TZID both definitions go by, for warnings; `nil` without an embedded one.
    let tzid: String?

    /// A zone with one definition for all time.
    init(_ zone: OpaquePointer) {
        base = zone
        embedded = nil
        span = 0...0
        tzid = nil
    }

    /// The system's zone, with a calendar's own definition for `tzid` holding over `span`.
    init(system: OpaquePointer, embedded: OpaquePointer, span: ClosedRange<Int>, tzid: String) {
        base = system
        self.embedded = embedded
        self.span = span
        self.tzid = tzid
    }

    /// UTC, which never needs a look-up.
    static var utc: ICalZone { ICalZone(ZoneResolver.utc) }

    var isUTC: Bool { base == ZoneResolver.utc && embedded == nil }

    /// The zone's offset east of UTC, in seconds, at a Unix time.
    func offset(at instant: Int) -> Int {
        if let embedded, span.contains(instant) { return ICalTimeValue.offset(of: embedded, at: instant) }
        return ICalTimeValue.offset(of: base, at: instant)
    }

    /// Where the embedded definition holds at `instant` and gives another offset than the
    /// system's zone data: both offsets, in seconds east of UTC.
    func disagreement(at instant: Int) -> (embedded: Int, system: Int)? {
        guard let embedded, span.contains(instant) else { return nil }
        let own = ICalTimeValue.offset(of: embedded, at: instant)
        let system = ICalTimeValue.offset(of: base, at: instant)
        return own == system ? nil : (own, system)
    }

    /// The wall-clock time (floating, no zone attached) the zone shows at a Unix time.
    ///
    /// Computed from ``offset(at:)`` rather than by libical's conversion, which knows one
    /// definition only and expands its rules up to any year asked.
    func wallTime(at instant: Int, date: Bool = false) -> icaltimetype {
        let (local, overflow) = instant.addingReportingOverflow(offset(at: instant))
        var time = icaltime_from_timet_with_zone(time_t(overflow ? instant : local), date ? 1 : 0, ZoneResolver.utc)
        time.zone = nil
        return time
    }
}
