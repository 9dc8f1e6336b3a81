internal import CLibical
import InvitesModel

/// A DATE or DATE-TIME value together with the zone it was written in.
///
/// `zone == nil` means floating (or a plain date): such values are taken in the display zone. A
/// floating time in a calendar that names its zone (`X-WR-TIMEZONE`) is read in that zone.
struct ICalTimeValue {
    var time: icaltimetype
    var zone: ICalZone?
    /// Whether the value is read as floating: a date-time with neither `Z` nor a TZID that names
    /// a known zone.
    var isFloating: Bool

    var isDate: Bool { time.is_date != 0 }

    var date: LocalDate { LocalDate(year: Int(time.year), month: Int(time.month), day: Int(time.day)) }

    /// Reads a date or date-time property, resolving its TZID; an unknown TZID leaves the value
    /// floating and is reported through `unknownZone`.
    init?(_ property: ICalProperty, resolver: ZoneResolver, unknownZone: (String) -> Void) {
        guard var time = property.time else { return nil }
        isFloating = false
        if time.is_date != 0 {
            self.zone = nil
        } else if icaltime_is_utc(time) != 0 {
            self.zone = .utc
        } else if let tzid = property.tzid {
            if let zone = resolver.zone(for: tzid) {
                self.zone = zone
            } else {
                unknownZone(tzid)
                self.zone = resolver.floating
                isFloating = true
            }
        } else {
            self.zone = resolver.floating
            isFloating = true
        }
        time.zone = self.zone?.base
        self.time = time
    }

    init(time: icaltimetype, zone: ICalZone?) {
        var time = time
        time.zone = zone?.base
        self.time = time
        self.zone = zone
        isFloating = zone == nil && time.is_date == 0
    }

    /// The Unix time of the value, with floating times and dates taken in `display`.
    ///
    /// A wall time that occurs twice (the hour repeated when clocks go back) is the first of the
    /// two, and one that does not occur (the hour skipped when they go forward) is read with the
    /// offset before the gap, as RFC 5545 §3.3.5 says; libical 3.0 resolves both the other way.
    func instant(display: ICalZone) -> Int {
        let wall = ICalTimeValue.wallSeconds(time)
        let zone = self.zone ?? display
        if zone.isUTC { return wall }
        let before = zone.offset(at: wall - 86_400)
        let after = zone.offset(at: wall + 86_400)
        let early = wall - before
        if before == after, zone.offset(at: early) == before { return early }
        let late = wall - after
        let earlyHolds = zone.offset(at: early) == before
        let lateHolds = zone.offset(at: late) == after
        switch (earlyHolds, lateHolds) {
        case (true, true): return min(early, late)
        case (true, false): return early
        case (false, true): return late
        case (false, false): return early
        }
    }

    /// The zone's offset east of UTC, in seconds, at a Unix time; unambiguous.
    static func offset(of zone: OpaquePointer, at instant: Int) -> Int {
        var utcTime = icaltime_from_timet_with_zone(time_t(offsetMoment(instant)), 0, ZoneResolver.utc)
        var isDaylight: Int32 = 0
        return Int(icaltimezone_get_utc_offset_of_utc_time(zone, &utcTime, &isDaylight))
    }

    /// The moment whose offset stands for `instant`'s: the same one, within 1800–2200.
    ///
    /// libical expands a zone's rules up to the year asked, through ICU, again for years far
    /// from the ones it holds: a yearly all-day series from the year 1 (a fuzz finding) took
    /// minutes. Before 1800 zones kept local mean time, which no rule describes, so 1800 stands
    /// for them; after 2200 the moment 400 years earlier does, as often as needed, since the
    /// Gregorian calendar and a zone's yearly rules repeat every 146,097 days.
    static func offsetMoment(_ instant: Int) -> Int {
        let earliest = -5_364_662_400  // 1800-01-01T00:00:00Z
        let latest = 7_258_118_400  // 2200-01-01T00:00:00Z
        let cycle = 12_622_780_800  // 400 Gregorian years
        guard instant <= latest else { return instant - ((instant - latest) / cycle + 1) * cycle }
        return max(instant, earliest)
    }

    /// The wall-clock fields read as if they were UTC, in seconds since 1970; a date is its midnight.
    static func wallSeconds(_ time: icaltimetype) -> Int {
        let days = LocalDate.daysSinceEpoch(year: Int(time.year), month: Int(time.month), day: Int(time.day))
        guard time.is_date == 0 else { return days * 86_400 }
        return days * 86_400 + Int(time.hour) * 3_600 + Int(time.minute) * 60 + Int(time.second)
    }

    /// The same value interpreted in another zone, for a floating EXDATE or RECURRENCE-ID
    /// written beside a zoned DTSTART (the DTSTART's zone is meant, before any `X-WR-TIMEZONE`).
    func adopting(_ zone: ICalZone?) -> ICalTimeValue {
        guard isFloating, !isDate, let zone else { return self }
        var adopted = ICalTimeValue(time: time, zone: zone)
        adopted.isFloating = true
        return adopted
    }

    /// The wall-clock fields as one comparable number, for cheap ordering without a zone.
    static func wallKey(_ time: icaltimetype) -> Int {
        let day = (Int(time.year) * 13 + Int(time.month)) * 32 + Int(time.day)
        return ((day * 24 + Int(time.hour)) * 60 + Int(time.minute)) * 60 + Int(time.second)
    }
}
