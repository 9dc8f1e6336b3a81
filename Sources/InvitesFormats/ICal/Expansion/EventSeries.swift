internal import CLibical
import Foundation
import InvitesModel

/// Everything one calendar holds for one UID: the master VEVENT and its RECURRENCE-ID overrides.
///
/// libical's iterators yield the instants of one RRULE; combining DTSTART, RRULE, RDATE, EXDATE
/// and overrides into the recurrence set (RFC 5545 §3.8.5) is left to the caller, and happens here.
package struct EventSeries {
    var master: ICalEvent?
    var overrides: [ICalEvent] = []
    /// Where in ``overrides`` each RECURRENCE-ID's wall time is, so that filing one override is
    /// not a search through all of them: a file whose ranges (THISANDFUTURE) keep every override
    /// of a series in play filed 3,000 of them in seconds.
    var overrideIndex: [Int: Int] = [:]

    /// A series with no event yet; ``add(_:)`` files each one.
    package init() {}

    /// What expansion needs beyond the events themselves.
    package struct Context {
        var display: ICalZone
        var me: Set<String>
        var source: String
        /// How many steps before the window one file may take, in all.
        package static let steps = 300_000
        /// Shared by every series of one file; it also records whether a limit cut an answer short.
        var budget: ExpansionBudget
        /// The most instances one series may put into one window; an endless `FREQ=SECONDLY`
        /// would otherwise fill a day's window with 86,400 of them.
        var instanceLimit = 5_000
        /// Whether COUNT rules may start near the window (``CountJump``); off only to check it.
        var jumpCounts = true
        var warn: (Int, String) -> Void

        /// The memberwise initializer, for the targets above this one.
        package init(
            display: ICalZone,
            me: Set<String>,
            source: String,
            budget: ExpansionBudget,
            instanceLimit: Int = 5_000,
            jumpCounts: Bool = true,
            warn: @escaping (Int, String) -> Void
        ) {
            self.display = display
            self.me = me
            self.source = source
            self.budget = budget
            self.instanceLimit = instanceLimit
            self.jumpCounts = jumpCounts
            self.warn = warn
        }
    }

    private struct Instance {
        var start: ICalTimeValue
        var end: ICalTimeValue?
        var duration: ICalDuration?
    }

    /// Every occurrence of the series that intersects the half-open window `[lower, upper)`,
    /// in Unix seconds.
    package func occurrences(in window: Range<Int>, context: Context) -> [Occurrence] {
        var result: [Occurrence] = []
        let overrideKeys = InstanceKeySet(
            overrides.compactMap { override -> InstanceKey? in
                guard let rid = override.recurrenceID else { return nil }
                return InstanceKey(rid, display: context.display)
            })
        // Each THISANDFUTURE override with its RECURRENCE-ID's instant, computed once, in order:
        // an instance finds the one that moves it by bisection, however many a stranger wrote.
        let futureOverrides: [(rid: Int, event: ICalEvent)] = overrides.compactMap { override in
            guard override.thisAndFuture, let rid = override.recurrenceID else { return nil }
            return (rid.instant(display: context.display), override)
        }.sorted { $0.rid < $1.rid }

        if let master {
            // A THISANDFUTURE override moves later instances; look as far as it moves them.
            var early = 0
            var late = 0
            for (rid, future) in futureOverrides {
                let shift = future.start.instant(display: context.display) - rid
                early = max(early, shift + future.maximumLength)
                late = max(late, -shift)
            }
            let reach = (window.lowerBound - early)..<(window.upperBound + late)
            var zoneWarned = master.zoneWarned
            for instance in instances(of: master, near: reach, context: context) {
                let key = InstanceKey(instance.start, display: context.display)
                if overrideKeys.contains(key) { continue }
                if !zoneWarned, let message = ICalEvent.disagreement(instance.start, display: context.display) {
                    context.warn(master.line, "an instance of \"\(master.uid)\": " + message)
                    zoneWarned = true
                }
                let recurrenceID = master.recurs ? Date(timeIntervalSince1970: Double(key.instant)) : nil
                // The last override whose RECURRENCE-ID is at or before the instance.
                var lower = 0
                var upper = futureOverrides.count
                while lower < upper {
                    let middle = lower + (upper - lower) / 2
                    if futureOverrides[middle].rid <= key.instant { lower = middle + 1 } else { upper = middle }
                }
                if lower > 0 {
                    let (rid, future) = futureOverrides[lower - 1]
                    let shift = future.start.instant(display: context.display) - rid
                    let placed = place(instance, of: master, context: context)
                    let length = ICalEvent.placeLength(future.length, from: future.start, display: context.display)
                    let shifted = Placed(spanning: placed.start + shift, length: length)
                    append(
                        shifted, event: future, fallbackTitle: master.title, recurrenceID: recurrenceID,
                        window: window, context: context, into: &result)
                    continue
                }
                let placed = place(instance, of: master, context: context)
                append(
                    placed, event: master, fallbackTitle: master.title, recurrenceID: recurrenceID,
                    window: window, context: context, into: &result)
            }
        }
        for override in overrides {
            let placed = place(Instance(start: override.start), of: override, context: context)
            let recurrenceID = override.recurrenceID.map {
                Date(timeIntervalSince1970: Double($0.instant(display: context.display)))
            }
            append(
                placed, event: override, fallbackTitle: master?.title ?? "", recurrenceID: recurrenceID,
                window: window, context: context, into: &result)
        }
        return result
    }

    private struct Placed {
        var start: Int
        var end: Int
        var dates: Occurrence.AllDayDates?

        init(start: Int, end: Int, dates: Occurrence.AllDayDates?) {
            self.start = start
            self.end = end
            self.dates = dates
        }

        /// From `start` for `length` seconds; a negative length (DTEND before DTSTART) ends at
        /// `start` and begins that much before it.
        init(spanning start: Int, length: Int) {
            self.start = min(start, start + length)
            self.end = max(start, start + length)
            self.dates = nil
        }
    }

    private func append(
        _ placed: Placed, event: ICalEvent, fallbackTitle: String, recurrenceID: Date?,
        window: Range<Int>, context: Context, into result: inout [Occurrence]
    ) {
        let intersects =
            placed.start == placed.end
            ? window.contains(placed.start)
            : placed.start < window.upperBound && placed.end > window.lowerBound
        guard intersects else { return }
        result.append(
            Occurrence(
                uid: event.uid,
                title: event.title.isEmpty ? fallbackTitle : event.title,
                start: Date(timeIntervalSince1970: Double(placed.start)),
                end: Date(timeIntervalSince1970: Double(placed.end)),
                dates: placed.dates,
                recurrenceID: recurrenceID,
                free: freeReason(event, me: context.me),
                source: context.source))
    }

    private func freeReason(_ event: ICalEvent, me: Set<String>) -> Occurrence.FreeReason? {
        if event.cancelled || (master?.cancelled ?? false) { return .cancelled }
        if event.transparent { return .transparent }
        let declined = event.attendees.contains { attendee in
            attendee.partstat == ICAL_PARTSTAT_DECLINED && me.contains(MyAddresses.normalise(attendee.address))
        }
        return declined ? .declined : nil
    }

    private func place(_ instance: Instance, of event: ICalEvent, context: Context) -> Placed {
        let start = instance.start.instant(display: context.display)
        if instance.start.isDate {
            let days: Int
            if let end = instance.end, end.isDate {
                days = max(ICalEvent.daysBetween(instance.start.date, end.date), 1)
            } else if case .nominal(let nominal, _) = event.length {
                days = nominal
            } else {
                days = 1
            }
            let placed = ICalEvent.allDay(from: instance.start, days: days, display: context.display)
            return Placed(start: placed.start, end: placed.end, dates: placed.dates)
        }
        if let end = instance.end {
            return Placed(start: start, end: max(end.instant(display: context.display), start), dates: nil)
        }
        if let duration = instance.duration {
            var endTime = instance.start.time
            icaltime_adjust(&endTime, ICalDuration.adjustment(duration.days), 0, 0, 0)
            let end = ICalTimeValue(time: endTime, zone: instance.start.zone).instant(display: context.display)
            return Placed(start: start, end: max(end + duration.seconds, start), dates: nil)
        }
        let length = ICalEvent.placeLength(event.length, from: instance.start, display: context.display)
        return Placed(spanning: start, length: length)
    }

    /// DTSTART, the RRULE instants and the RDATEs that can reach the window, less the EXDATEs.
    private func instances(of event: ICalEvent, near window: Range<Int>, context: Context) -> [Instance] {
        let reach = (window.lowerBound - event.maximumLength)..<(window.upperBound + event.leadLength)
        var seen = Set<Int>()
        var result: [Instance] = []
        var full = false
        func add(_ instance: Instance) -> Bool {
            let instant = instance.start.instant(display: context.display)
            guard reach.contains(instant), seen.insert(instant).inserted else { return true }
            guard result.count < context.instanceLimit else {
                context.budget.reachedLimit = true
                if !full {
                    context.warn(
                        event.line,
                        "\"\(event.uid)\" has more than \(context.instanceLimit) instances near the window; the rest are left out"
                    )
                }
                full = true
                return false
            }
            result.append(instance)
            return true
        }
        _ = add(Instance(start: event.start))
        for rule in event.rules {
            expand(rule, of: event, reach: reach, context: context) { add(Instance(start: $0)) }
        }
        for rdate in event.rdates {
            let instance = Instance(start: rdate.start, end: rdate.end, duration: rdate.duration)
            // An RDATE that cannot reach the window is a step like an RRULE instant before it:
            // a list of millions spends the file's budget, and the answer says it was cut.
            if !reach.contains(instance.start.instant(display: context.display)) {
                guard context.budget.spend() else {
                    context.warn(event.line, "stopped expanding \"\(event.uid)\": too many RDATEs outside the window")
                    break
                }
                continue
            }
            guard add(instance) else { break }
        }
        let exdates = InstanceKeySet(event.exdates.map { InstanceKey($0, display: context.display) })
        guard !exdates.isEmpty else { return result }
        return result.filter { !exdates.contains(InstanceKey($0.start, display: context.display)) }
    }

    private func expand(
        _ rule: icalrecurrencetype, of event: ICalEvent, reach: Range<Int>, context: Context,
        _ body: (ICalTimeValue) -> Bool
    ) {
        // libical iterates in wall time; with the zone attached it moves an instance that falls
        // in a DST gap and carries the moved time on to every later instance. So it gets the
        // floating wall time, and a UTC UNTIL is compared here, as an instant.
        var rule = rule
        var until = Int.max
        if icaltime_is_null_time(rule.until) == 0, icaltime_is_utc(rule.until) != 0, event.start.zone != nil {
            until = ICalTimeValue(time: rule.until, zone: .utc).instant(display: context.display)
            rule.until = icaltime_null_time()
        }
        var floating = event.start.time
        floating.zone = nil
        let zone = event.start.zone ?? context.display
        let parts = RuleSteps(rule: rule, start: floating, jumps: context.jumpCounts)
        if let reason = parts.never {
            context.warn(event.line, "RRULE of \"\(event.uid)\" never matches (\(reason)), only DTSTART is used")
            return
        }
        let lowerTime = zone.wallTime(at: reach.lowerBound - ExpansionBudget.slack)
        let upperTime = zone.wallTime(at: reach.upperBound + ExpansionBudget.slack)
        let lowerWall = ICalTimeValue.wallKey(lowerTime)
        let upperWall = ICalTimeValue.wallKey(upperTime)
        /// Hands one wall time on as an instance; false once the expansion is over.
        func yield(_ next: icaltimetype) -> Bool {
            let wall = ICalTimeValue.wallKey(next)
            if wall > upperWall { return false }
            if wall < lowerWall {
                guard context.budget.spend() else {
                    context.warn(event.line, "stopped expanding \"\(event.uid)\": too many instances before the window")
                    return false
                }
                return true
            }
            let value = ICalTimeValue(time: next, zone: event.start.zone)
            let instant = value.instant(display: context.display)
            if instant >= reach.upperBound || instant > until { return false }
            if instant >= reach.lowerBound, !body(value) { return false }
            return true
        }
        if let fixedSteps = parts.fixedSteps {
            // Steps of a day or less: expanded here, never stepped through by libical.
            var warned = false
            fixedSteps.forEach(
                from: ICalTimeValue.wallSeconds(lowerTime), through: ICalTimeValue.wallSeconds(upperTime),
                spend: {
                    if context.budget.spend() { return true }
                    if !warned {
                        context.warn(event.line, "stopped expanding \"\(event.uid)\": too many steps of its rule")
                        warned = true
                    }
                    return false
                }
            ) { yield(RuleSteps.time(wallSeconds: $0, isDate: event.start.isDate)) }
            return
        }
        if parts.refused {
            context.warn(event.line, "RRULE of \"\(event.uid)\" cannot be expanded, only DTSTART is used")
            return
        }
        if rule.count > 0, context.jumpCounts, parts.times == nil {
            let target = zone.wallTime(at: reach.lowerBound - ExpansionBudget.slack)
            let day = LocalDate.daysSinceEpoch(
                year: Int(target.year), month: Int(target.month), day: Int(target.day))
            if case .exhausted = CountJump.apply(&rule, start: &floating, before: day) { return }
        }
        // BYHOUR, BYMINUTE and BYSECOND of a WEEKLY rule are laid on its days here: libical
        // would try every time of each day its other parts refuse.
        let times = parts.times
        // With times laid on, COUNT counts them here.
        var remaining: Int? = times != nil && rule.count > 0 ? Int(rule.count) : nil
        let wallUntil = parts.wallUntil
        if times != nil { rule = RuleSteps.days(of: rule) }
        // UNTIL no later than the window's end: within one call libical steps, period by
        // period, only as far as that.
        if icaltime_is_null_time(rule.until) != 0 || ICalTimeValue.wallKey(rule.until) > upperWall {
            var cap = upperTime
            cap.is_date = floating.is_date
            rule.until = cap
        }
        guard let iterator = icalrecur_iterator_new(rule, floating) else {
            context.warn(event.line, "RRULE of \"\(event.uid)\" cannot be expanded, only DTSTART is used")
            return
        }
        defer { icalrecur_iterator_free(iterator) }
        let first = event.start.instant(display: context.display)
        if rule.count == 0, remaining == nil, reach.lowerBound > first {
            _ = icalrecur_iterator_set_start(
                iterator, zone.wallTime(at: reach.lowerBound - ExpansionBudget.slack, date: event.start.isDate))
        }
        let startWall = ICalTimeValue.wallSeconds(floating)
        var previous: Int?
        while true {
            let next = icalrecur_iterator_next(iterator)
            if icaltime_is_null_time(next) != 0 { break }
            // The periods libical stepped over inside that call are steps too.
            let day = LocalDate.daysSinceEpoch(year: Int(next.year), month: Int(next.month), day: Int(next.day))
            if let previous, let skipped = parts.skippedPeriods(from: previous, to: day), skipped > 0,
                !context.budget.spend(skipped)
            {
                context.warn(event.line, "stopped expanding \"\(event.uid)\": too many steps of its rule")
                break
            }
            previous = day
            guard let times else {
                guard yield(next) else { break }
                continue
            }
            var more = true
            for time in times {
                let wall = day * 86_400 + time
                if wall < startWall { continue }
                if let wallUntil, wall > wallUntil {
                    more = false
                    break
                }
                if let left = remaining {
                    guard left > 0 else {
                        more = false
                        break
                    }
                    remaining = left - 1
                }
                guard yield(RuleSteps.time(wallSeconds: wall)) else {
                    more = false
                    break
                }
            }
            if !more { break }
        }
    }
}
