internal import CLibical

/// A DURATION, or the length of an RDATE period, as a stranger wrote it, read once and checked.
///
/// libical keeps each field in an unsigned 32-bit number and wraps whatever digits it was given
/// (`P999999999999999999W`); adding the fields in 32 bits, or handing the days to
/// `icaltime_adjust` as an `Int32`, then traps. So every duration is turned into Swift's `Int`
/// here, where the fields cannot overflow, and one longer than ``longestDays`` is refused: no
/// meeting lasts a century, and the bound keeps every later sum and `Int32` far from its limits.
struct ICalDuration: Equatable {
    /// Nominal days (the weeks and days of RFC 5545 §3.3.6, added on the wall clock); negative
    /// for a negative duration.
    var days: Int
    /// Exact seconds (the hours, minutes and seconds); negative for a negative duration.
    var seconds: Int

    /// The longest duration taken, 100 years of 366 days; a longer one is dropped with a warning.
    static let longestDays = 100 * 366

    /// How a dropped duration is described in a warning.
    static let bound = "100 years"

    /// `nil` when the duration is longer than ``longestDays``, either way.
    init?(_ raw: icaldurationtype) {
        // Each field is below 2^32, so these sums stay below 2^45: no overflow in a 64-bit Int.
        let days = Int(raw.days) + 7 * Int(raw.weeks)
        let seconds = Int(raw.hours) * 3_600 + Int(raw.minutes) * 60 + Int(raw.seconds)
        guard days <= ICalDuration.longestDays, seconds / 86_400 <= ICalDuration.longestDays - days else { return nil }
        let sign = raw.is_neg != 0 ? -1 : 1
        self.days = sign * days
        self.seconds = sign * seconds
    }

    /// A duration already known to be within the bound (tests, and sums of checked ones).
    init(days: Int, seconds: Int) {
        self.days = days
        self.seconds = seconds
    }

    /// Days for `icaltime_adjust`, which takes an `Int32`: saturating, though every count of days
    /// handed to it here is within a few million (``longestDays``, or the span of years 0–3000 that
    /// libical holds).
    static func adjustment(_ days: Int) -> Int32 {
        Int32(clamping: days)
    }
}
