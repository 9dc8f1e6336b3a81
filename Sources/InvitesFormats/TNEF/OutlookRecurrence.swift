import InvitesModel

/// An appointment's recurrence as Outlook stores it in PidLidAppointmentRecur ([MS-OXOCAL]
/// 2.2.1.44: a RecurrencePattern, then the appointment's own start and end offsets), as an
/// RRULE and the dates of the instances it deleted.
///
/// Gregorian rules only; an instance Outlook moved or changed is read with its new time, its
/// own subject and its own place (ExceptionInfo), its other changes (attachments, reminders,
/// the extended exceptions' Unicode text) are not. Every count is checked against the bytes
/// that are left.
struct OutlookRecurrence: Sendable, Equatable {
    /// The RRULE's value, without UNTIL, which needs the start's zone (``until``).
    var rule: String
    /// The last day an instance may begin, when the series ends on a date.
    var until: LocalDate?
    /// Deleted instances that were not moved elsewhere: EXDATEs, at the start's time of day.
    var deleted: [LocalDate]
    /// Minutes after midnight the instances begin, as the pattern says.
    var startMinutes: Int
    /// A yearly rule: the month is the start's, which the caller adds as BYMONTH.
    var yearly: Bool
    /// The instances Outlook moved or changed, each at its new time.
    var exceptions: [Exception] = []

    /// An instance Outlook moved or changed: times in the appointment's own zone, as minutes
    /// since 1601 ([MS-OXOCAL] 2.2.1.44.2 ExceptionInfo).
    struct Exception: Sendable, Equatable {
        var start: UInt32
        var end: UInt32
        var original: UInt32
        var subject: String?
        var location: String?
    }

    /// Why a recurrence cannot be read.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case damaged(TNEFError)
        case unsupported(String)

        var description: String {
            switch self {
            case .damaged(let error): return "its recurrence is damaged: \(error.description)"
            case .unsupported(let what): return "its recurrence \(what), which invites cannot read"
            }
        }
    }

    /// Days from 1 January 1601 to 1 January 1970.
    static let daysFrom1601 = 134_774

    static func read(_ bytes: [UInt8]) throws(Failure) -> OutlookRecurrence {
        do {
            return try parse(bytes)
        } catch let error as Failure {
            throw error
        } catch let error as TNEFError {
            throw .damaged(error)
        } catch {
            throw .unsupported("is unreadable")
        }
    }

    private static func parse(_ bytes: [UInt8]) throws -> OutlookRecurrence {
        var reader = TNEFByteReader(bytes)
        _ = try reader.u16("reader version")
        _ = try reader.u16("writer version")
        let frequency = try reader.u16("frequency")
        let pattern = try reader.u16("pattern type")
        let calendar = try reader.u16("calendar type")
        _ = try reader.u32("first date")
        let period = try reader.u32("period")
        _ = try reader.u32("sliding flag")
        guard calendar == 0 || calendar == 1 else { throw Failure.unsupported("is in a non-Gregorian calendar") }
        var parts: [String] = []
        switch (frequency, pattern) {
        case (0x200A, 0x0000):
            parts = ["FREQ=DAILY", "INTERVAL=\(max(1, period / 1440))"]
        case (0x200A, 0x0001), (0x200B, 0x0001):
            let days = try reader.u32("days of the week")
            parts = ["FREQ=WEEKLY", "INTERVAL=\(max(1, period))", "BYDAY=" + weekdays(days)]
        case (0x200C, 0x0002), (0x200D, 0x0002), (0x200C, 0x0004), (0x200D, 0x0004):
            // Month (0x2) on a day, MonthEnd (0x4) on the last day ([MS-OXOCAL] 2.2.1.44.1).
            let day = try reader.u32("day of the month")
            guard (1...31).contains(day) else { throw Failure.unsupported("names day \(day) of a month") }
            parts = monthly(frequency, period) + ["BYMONTHDAY=\(pattern == 0x0004 ? -1 : Int(day))"]
        case (0x200C, 0x0003), (0x200D, 0x0003):
            // MonthNth: days of the week and which of them in the month (5 is the last).
            let days = try reader.u32("days of the week")
            let nth = try reader.u32("week of the month")
            guard (1...5).contains(nth) else { throw Failure.unsupported("names week \(nth) of a month") }
            parts = monthly(frequency, period) + ["BYDAY=" + weekdays(days), "BYSETPOS=\(nth == 5 ? -1 : Int(nth))"]
        default:
            throw Failure.unsupported(
                "is of a kind (\(frequency), \(pattern)) [MS-OXOCAL] does not define for Gregorian dates")
        }
        let endType = try reader.u32("end type")
        let occurrences = try reader.u32("occurrence count")
        let firstWeekday = try reader.u32("first day of the week")
        if firstWeekday < 7 { parts.append("WKST=" + dayNames[Int(firstWeekday)]) }
        let deletedCount = try reader.u32("deleted instance count")
        guard deletedCount <= TNEFLimits.deletedInstances, Int(deletedCount) * 4 <= reader.remaining else {
            throw TNEFError.badLength(item: "deleted instances", offset: reader.offset, length: UInt64(deletedCount))
        }
        var deleted: [UInt32] = []
        for _ in 0..<deletedCount { deleted.append(try reader.u32("deleted instance")) }
        let modifiedCount = try reader.u32("modified instance count")
        guard modifiedCount <= deletedCount, Int(modifiedCount) * 4 <= reader.remaining else {
            throw TNEFError.badLength(item: "modified instances", offset: reader.offset, length: UInt64(modifiedCount))
        }
        var modified = Set<UInt32>()
        for _ in 0..<modifiedCount { modified.insert(try reader.u32("modified instance")) }
        _ = try reader.u32("start date")
        let endDate = try reader.u32("end date")
        var startMinutes = 0
        var exceptions: [Exception] = []
        if reader.remaining >= 16 {
            _ = try reader.u32("reader version 2")
            _ = try reader.u32("writer version 2")
            startMinutes = Int(try reader.u32("start time offset") % 1440)
            // The exceptions are read as far as they can be: a block this reader misreads
            // leaves the instances in their places in the rule, and the series stands.
            do {
                _ = try reader.u32("end time offset")
                let count = try reader.u16("exception count")
                guard count <= modifiedCount else {
                    throw TNEFError.badLength(item: "exceptions", offset: reader.offset, length: UInt64(count))
                }
                for _ in 0..<count { exceptions.append(try exception(&reader)) }
            } catch {
                exceptions = []
            }
        }
        // Deleted dates hold the original dates of moved instances too: those that an
        // exception moves are its instances, not EXDATEs. Without the exceptions (an older
        // writer), the modified dates stand in for them.
        let moved = exceptions.isEmpty ? modified : Set(exceptions.map { $0.original / 1440 * 1440 })
        var until: LocalDate?
        switch endType {
        case 0x2021: until = date(minutes: endDate)
        case 0x2022: parts.append("COUNT=\(max(1, min(occurrences, 999_999)))")
        default: break
        }
        return OutlookRecurrence(
            rule: parts.joined(separator: ";"), until: until,
            deleted: deleted.filter { !moved.contains($0) }.map(date(minutes:)), startMinutes: startMinutes,
            yearly: frequency == 0x200D, exceptions: exceptions)
    }

    /// One ExceptionInfo ([MS-OXOCAL] 2.2.1.44.2): the instance's new start and end and its
    /// original start (local minutes since 1601), and its own subject and location when it
    /// has them (8-bit, their lengths checked against what is left).
    private static func exception(_ reader: inout TNEFByteReader) throws -> Exception {
        let start = try reader.u32("exception start")
        let end = try reader.u32("exception end")
        let original = try reader.u32("exception original start")
        let flags = try reader.u16("exception flags")
        var result = Exception(start: start, end: max(start, end), original: original)
        func text() throws -> String {
            _ = try reader.u16("exception text length")
            let length = try reader.u16("exception text length")
            return TNEFText.eightBit(try reader.take(length: UInt64(length), item: "exception text"), codepage: 1252)
        }
        if flags & 0x0001 != 0 { result.subject = try text() }
        for flag: UInt16 in [0x0002, 0x0004, 0x0008] where flags & flag != 0 { _ = try reader.u32("exception field") }
        if flags & 0x0010 != 0 { result.location = try text() }
        for flag: UInt16 in [0x0020, 0x0040, 0x0080, 0x0100] where flags & flag != 0 {
            _ = try reader.u32("exception field")
        }
        return result
    }

    private static let dayNames = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    private static func weekdays(_ mask: UInt32) -> String {
        let names = (0..<7).filter { mask & (1 << UInt32($0)) != 0 }.map { dayNames[$0] }
        return names.isEmpty ? "MO" : names.joined(separator: ",")
    }

    /// FREQ and INTERVAL of a monthly or yearly pattern, whose Period counts months.
    private static func monthly(_ frequency: UInt16, _ period: UInt32) -> [String] {
        frequency == 0x200D
            ? ["FREQ=YEARLY", "INTERVAL=\(max(1, period / 12))"] : ["FREQ=MONTHLY", "INTERVAL=\(max(1, period))"]
    }

    /// A date stored as minutes since 1601 (always midnight).
    static func date(minutes: UInt32) -> LocalDate {
        LocalDate(daysSinceEpoch: Int(minutes / 1440) - daysFrom1601)
    }
}
