internal import CLibical

/// Whether a VTIMEZONE a stranger wrote is one libical can use safely: offsets a clock can
/// have, and rules it can expand in bounded time.
///
/// libical turns each STANDARD and DAYLIGHT rule into every transition from its DTSTART up to
/// the years asked about, inside one call that no step budget reaches: a rule of
/// `FREQ=SECONDLY` from year 1 is 60 billion transitions, a hang. Real zones change a few times
/// a year: their rules are YEARLY, with a handful of BY values (the most in the corpus is 7:
/// BYMONTHDAY=2,…,8 with one BYDAY). And RFC 5545 writes an offset as `±HHMM[SS]` with hours
/// below 24, which libical does not check (`+995959`). A VTIMEZONE outside these limits is not
/// used; its TZID is then looked up by name like one without a VTIMEZONE, or taken as floating
/// with a warning.
enum VTimezoneLimits {
    /// The most transitions one rule may make in a year: the product of its BY lists' lengths.
    static let mostPerYear = 64
    /// Offsets from UTC are below a day either way.
    static let offsets = -86_399...86_399

    /// Whether every STANDARD and DAYLIGHT part keeps its offsets within ``offsets`` and every
    /// rule of theirs is YEARLY with at most ``mostPerYear`` transitions a year.
    static func allow(_ vtimezone: ICalComponent) -> Bool {
        for kind in [ICAL_XSTANDARD_COMPONENT, ICAL_XDAYLIGHT_COMPONENT] {
            for part in vtimezone.children(kind) {
                for offset in part.properties(ICAL_TZOFFSETFROM_PROPERTY) {
                    guard offsets.contains(Int(icalproperty_get_tzoffsetfrom(offset.raw))) else { return false }
                }
                for offset in part.properties(ICAL_TZOFFSETTO_PROPERTY) {
                    guard offsets.contains(Int(icalproperty_get_tzoffsetto(offset.raw))) else { return false }
                }
                for rule in part.properties(ICAL_RRULE_PROPERTY) {
                    guard let text = rule.value, isBounded(rule: text) else { return false }
                }
            }
        }
        return true
    }

    /// `FREQ=YEARLY;BYMONTH=3;BYDAY=2SU` is; `FREQ=SECONDLY` or thirty BYHOURs by sixty BYMINUTEs is not.
    static func isBounded(rule text: String) -> Bool {
        var yearly = false
        var perYear = 1
        for part in text.uppercased().split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return false }
            if pair[0] == "FREQ" {
                yearly = pair[1] == "YEARLY"
            } else if pair[0].hasPrefix("BY") {
                // The product stops at the bound, so it never grows past 64 times a list's length.
                perYear *= max(pair[1].split(separator: ",").count, 1)
                guard perYear <= mostPerYear else { return false }
            }
        }
        return yearly
    }
}
