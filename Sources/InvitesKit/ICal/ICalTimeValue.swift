internal import CLibical

/// A DATE or DATE-TIME value together with the zone it was written in.
///
/// `zone == nil` means floating (or a plain date): such values are taken in the display zone.
struct ICalTimeValue {
    var time: icaltimetype
    var zone: OpaquePointer?

    var isDate: Bool { time.is_date != 0 }

    var date: LocalDate { LocalDate(year: Int(time.year), month: Int(time.month), day: Int(time.day)) }

    /// Reads a date or date-time property, resolving its TZID; an unknown TZID leaves the value
    /// floating and is reported through `unknownZone`.
    init?(_ property: ICalProperty, resolver: ZoneResolver, unknownZone: (String) -> Void) {
        guard var time = property.time else { return nil }
        if time.is_date != 0 {
            self.zone = nil
        } else if icaltime_is_utc(time) != 0 {
            self.zone = ZoneResolver.utc
        } else if let tzid = property.tzid {
            if let zone = resolver.zone(for: tzid) {
                self.zone = zone
            } else {
                unknownZone(tzid)
                self.zone = nil
            }
        } else {
            self.zone = nil
        }
        time.zone = self.zone
        self.time = time
    }

    init(time: icaltimetype, zone: OpaquePointer?) {
        var time = time
        time.zone = zone
        self.time = time
        self.zone = zone
    }

    /// The Unix time of the value, with floating times and dates taken in `display`.
    func instant(display: OpaquePointer) -> Int {
        var local = time
        if local.is_date != 0 {
            local.is_date = 0
            local.hour = 0
            local.minute = 0
            local.second = 0
        }
        local.zone = nil
        return Int(icaltime_as_timet_with_zone(local, zone ?? display))
    }

    /// The same value interpreted in another zone, for a floating EXDATE or RECURRENCE-ID
    /// written beside a zoned DTSTART.
    func adopting(_ zone: OpaquePointer?) -> ICalTimeValue {
        self.zone == nil && !isDate ? ICalTimeValue(time: time, zone: zone) : self
    }
}
