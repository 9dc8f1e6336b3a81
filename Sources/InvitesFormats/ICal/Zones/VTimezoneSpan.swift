internal import CLibical

/// The stretch of time a VTIMEZONE's transitions cover: from its first onset to its last, or on
/// for ever when one of its rules has no UNTIL or COUNT.
///
/// Beyond its last transition a definition says nothing new: RFC 5545 lets its last offset go on,
/// but an exporter that wrote only the changes around its events did not mean that (see
/// ``ICalZone``). A definition of one fixed offset covers the instant it starts at and no more.
enum VTimezoneSpan {
    /// The most instances of one COUNT rule followed; a longer rule is taken as one without end.
    static let countLimit = 1_000

    /// Unix seconds of the first and last onsets; `nil` for a VTIMEZONE without a usable one.
    static func of(_ vtimezone: ICalComponent) -> ClosedRange<Int>? {
        var first = Int.max
        var last = Int.min
        func note(_ onset: Int) {
            first = min(first, onset)
            last = max(last, onset)
        }
        for kind in [ICAL_XSTANDARD_COMPONENT, ICAL_XDAYLIGHT_COMPONENT] {
            for part in vtimezone.children(kind) {
                guard let start = part.firstProperty(ICAL_DTSTART_PROPERTY)?.time,
                    let from = part.firstProperty(ICAL_TZOFFSETFROM_PROPERTY)
                else { continue }
                // Onsets are wall times in the offset in force before them (RFC 5545 §3.6.5).
                let offset = Int(icalproperty_get_tzoffsetfrom(from.raw))
                func onset(_ time: icaltimetype) -> Int {
                    let wall = ICalTimeValue.wallSeconds(time)
                    return icaltime_is_utc(time) != 0 ? wall : wall - offset
                }
                note(onset(start))
                for property in part.properties(ICAL_RDATE_PROPERTY) {
                    let value = icalproperty_get_rdate(property.raw)
                    let time = icaltime_is_null_time(value.time) == 0 ? value.time : value.period.start
                    if icaltime_is_null_time(time) == 0 { note(onset(time)) }
                }
                for property in part.properties(ICAL_RRULE_PROPERTY) {
                    var rule = icalproperty_get_rrule(property.raw)
                    // The copy's RSCALE points into the component; VTimezoneLimits let only YEARLY through.
                    rule.rscale = nil
                    if icaltime_is_null_time(rule.until) == 0 {
                        note(onset(rule.until))
                    } else if rule.count > 0, let end = lastInstance(of: rule, from: start) {
                        note(onset(end))
                    } else {
                        last = Int.max
                    }
                }
            }
        }
        return first <= last ? first...last : nil
    }

    /// The last instance of a COUNT rule, or `nil` when it has more than ``countLimit``.
    private static func lastInstance(of rule: icalrecurrencetype, from start: icaltimetype) -> icaltimetype? {
        guard rule.count <= countLimit, let iterator = icalrecur_iterator_new(rule, start) else { return nil }
        defer { icalrecur_iterator_free(iterator) }
        var last = start
        for _ in 0..<countLimit {
            let next = icalrecur_iterator_next(iterator)
            if icaltime_is_null_time(next) != 0 { return last }
            last = next
        }
        return nil
    }
}
