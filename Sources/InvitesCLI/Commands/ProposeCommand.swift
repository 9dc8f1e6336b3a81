import Foundation
import InvitesKit

/// `invites propose HANDLE [--at WHEN | --free] [--occurrence WHEN] [--comment TEXT] [--send |
/// --no-send]`: proposes a new time to the organizer (an iTIP COUNTER), through the outbox.
enum ProposeCommand {
    static let spec = OptionSpec(
        values: ["--at", "--occurrence", "--comment"], flags: ["--free", "--send", "--no-send"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let at = context.arguments.value("--at")
        let free = context.arguments.has("--free")
        guard (at != nil) != free else {
            throw UsageError(
                message: at == nil
                    ? "propose needs --at WHEN (a new start) or --free (the first free time)"
                    : "--at and --free each choose the time; give one",
                command: "propose")
        }
        if context.arguments.has("--send"), context.arguments.has("--no-send") {
            throw UsageError(message: "--send and --no-send say opposite things; give one", command: "propose")
        }
        let stored = try ShowCommand.resolveInvite(context, command: "propose")
        let whens = context.arguments.all("--occurrence")
        guard whens.count <= 1 else {
            throw UsageError(message: "propose takes one --occurrence at a time", command: "propose")
        }
        let key = try AnswerCommand.pick(whens, of: stored, context, command: "propose").first
        let made = try propose(stored, at: at, occurrence: key, comment: context.arguments.value("--comment"), context)
        if context.settings.json {
            try context.printJSON(["proposal": JSONOutput.ProposalMade(made)])
        } else {
            context.print(line(made, context))
        }
        return try SendCommand.afterQueued(handle: stored.handle, what: "proposal", context)
    }

    /// What proposing did: the proposal, the time it replaces, and its history entry.
    struct Made {
        var stored: StoredInvite
        var proposal: Proposal
        var was: DateInterval
        var entry: HistoryEntry
    }

    /// `k3m9: proposed Wed 12 Jun 2024 14:00-15:00 CEST for "Title" (now Mon 10 Jun …)`.
    static func line(_ made: Made, _ context: CommandContext) -> String {
        let time = context.time
        let proposal = made.proposal
        let allDay = proposal.dates != nil
        let was = allDay ? Proposal.dates(of: made.was, in: context.settings.zone.value) : nil
        return
            "\(made.stored.handle): proposed \(time.span(start: proposal.start, end: proposal.end, dates: proposal.dates))"
            + " for \"\(Printable.sanitize(made.stored.invite.title))\""
            + (proposal.recurrenceID.map { " (the occurrence \($0))" } ?? "")
            + ", instead of \(time.span(start: made.was.start, end: made.was.end, dates: was))"
    }

    /// Proposes a new start (`at`, as ``ProposedTime`` reads it; `nil` for the first free time)
    /// for the invitation or one occurrence, keeping its length, and queues the COUNTER.
    static func propose(
        _ stored: StoredInvite, at: String?, occurrence key: String?, comment: String?, _ context: CommandContext
    ) throws -> Made {
        try Proposal.check(stored, details: EventProperties.read(stored.invite.raw, uid: stored.invite.uid))
        let display = context.settings.zone.value
        let was = current(stored, key: key, display: display)
        let allDay = stored.invite.dates != nil
        let proposal: Proposal
        if let at {
            guard let start = ProposedTime.start(at, current: was.start, zone: display) else {
                throw UsageError(
                    message: "--at takes a start like 2026-12-14 15:00, 15:00 (that day) or 2026-12-15 (that time), "
                        + "not '\(Printable.sanitize(at))'",
                    command: "propose")
            }
            proposal = made(start: start, length: was.duration, allDay: allDay, key: key, comment: comment, display)
            // A time already gone is a slip of the finger (a date a year off, a day already
            // past), never a time anyone can meet at; all-day, today is still to come.
            let now = context.environment.now()
            if allDay ? proposal.end <= now : proposal.start < now {
                throw UsageError(
                    message: "--at \(Printable.sanitize(at)) is in the past (it is "
                        + "\(context.time.day(now)) \(context.time.clock(now)) \(context.settings.zone.value.abbreviation(at: now)) now); "
                        + "give a time to come",
                    command: "propose")
            }
        } else {
            proposal = try firstFree(stored, was: was, key: key, comment: comment, context)
        }
        guard proposal.start != was.start else { throw ProposalError.sameTime(handle: stored.handle) }
        let now = context.environment.now()
        let draft = try proposal.draft(
            for: stored, was: was, me: context.settings.me.value, name: context.settings.sending.name.value, now: now,
            display: display)
        let entry = try context.openStore().record(proposal, for: stored, draft: draft, now: now)
        return Made(stored: stored, proposal: proposal, was: was, entry: entry)
    }

    /// The time the invitation (or the occurrence `key`) has now: the organizer's instance when
    /// they sent one, else the series' time moved to the occurrence; midnight to midnight for
    /// all-day ones.
    static func current(_ stored: StoredInvite, key: String?, display: DisplayZone) -> DateInterval {
        let invite = stored.invite
        let whole = ConflictFinder(
            query: CalendarQuery(sources: [], display: display, me: MyAddresses([]), index: nil)
        ).interval(of: invite)
        guard let key else { return whole }
        if let organizer = stored.instance(key)?.organizer {
            guard let dates = organizer.dates else { return DateInterval(start: organizer.start, end: organizer.end) }
            return DateInterval(
                start: dates.first.midnight(in: display.timeZone),
                end: dates.endExclusive.midnight(in: display.timeZone))
        }
        if let date = LocalDate(iso: key) {
            return DateInterval(start: date.midnight(in: display.timeZone), duration: whole.duration)
        }
        return DateInterval(start: RecurrenceKey.instant(of: key) ?? whole.start, duration: whole.duration)
    }

    private static func made(
        start: Date, length: TimeInterval, allDay: Bool, key: String?, comment: String?, _ display: DisplayZone
    ) -> Proposal {
        guard allDay else {
            return Proposal(recurrenceID: key, start: start, end: start.addingTimeInterval(length), comment: comment)
        }
        let first = LocalDate(start, in: display.timeZone)
        let days = max(Int((length / 86_400).rounded()), 1)
        let dates = Occurrence.AllDayDates(first: first, endExclusive: first.adding(days: days))
        return Proposal(
            recurrenceID: key, start: first.midnight(in: display.timeZone),
            end: dates.endExclusive.midnight(in: display.timeZone), dates: dates, comment: comment)
    }

    /// `--free`: the first stretch as long as the invitation that is free in your calendars,
    /// within working hours, from the invitation's day on (and never before now).
    private static func firstFree(
        _ stored: StoredInvite, was: DateInterval, key: String?, comment: String?, _ context: CommandContext
    ) throws -> Proposal {
        let display = context.settings.zone.value
        let working = try WorkSettings.resolve(context.settings.config, path: context.settings.configPath).value
        let finder = FreeSlotFinder(
            query: CalendarQuery(
                sources: context.settings.calendars.value, display: display, me: context.settings.me.value,
                index: context.openCache(), clock: context.environment.now),
            working: working)
        let now = context.environment.now()
        let uid = stored.invite.uid
        if SeriesOutlineReader().outline(of: stored).recurs {
            return try sameDay(stored, was: was, key: key, comment: comment, finder: finder, context)
        }
        let from = max(LocalDate(was.start, in: display.timeZone).midnight(in: display.timeZone), now)
        if stored.invite.dates != nil {
            let days = max(Int((was.duration / 86_400).rounded()), 1)
            guard
                let dates = try finder.firstDays(
                    days, from: LocalDate(from, in: display.timeZone), uid: uid,
                    avoiding: LocalDate(was.start, in: display.timeZone))
            else {
                throw ProposalError.noFreeTime(
                    handle: stored.handle, from: context.time.day(from), days: FreeSlotFinder.horizon)
            }
            return Proposal(
                recurrenceID: key, start: dates.first.midnight(in: display.timeZone),
                end: dates.endExclusive.midnight(in: display.timeZone), dates: dates, comment: comment)
        }
        guard let slot = try finder.first(length: was.duration, from: from, uid: uid, avoiding: was.start) else {
            throw ProposalError.noFreeTime(
                handle: stored.handle, from: context.time.day(from), days: FreeSlotFinder.horizon)
        }
        return Proposal(recurrenceID: key, start: slot.start, end: slot.end, comment: comment)
    }

    /// `--free` for a series: another time on the occurrence's own day (the one `--occurrence`
    /// names, else the next), so that a weekly Monday meeting is not offered a Friday; none
    /// there is said, rather than another weekday offered.
    private static func sameDay(
        _ stored: StoredInvite, was: DateInterval, key: String?, comment: String?, finder: FreeSlotFinder,
        _ context: CommandContext
    ) throws -> Proposal {
        let display = context.settings.zone.value
        let now = context.environment.now()
        var current = was
        if key == nil,
            let next = ConflictFinder(query: finder.query).occurrences(of: stored.invite, horizon: 2, now: now).first
        {
            current = DateInterval(start: next.start, end: max(next.end, next.start))
        }
        let day = LocalDate(current.start, in: display.timeZone)
        let refused = ProposalError.noFreeTimeThatDay(handle: stored.handle, day: context.time.day(current.start))
        if stored.invite.dates != nil {
            let days = max(Int((current.duration / 86_400).rounded()), 1)
            guard let dates = try finder.firstDays(days, from: day, uid: stored.invite.uid, avoiding: day, starts: 1)
            else { throw refused }
            return Proposal(
                recurrenceID: key, start: dates.first.midnight(in: display.timeZone),
                end: dates.endExclusive.midnight(in: display.timeZone), dates: dates, comment: comment)
        }
        let from = max(day.midnight(in: display.timeZone), now)
        guard
            let slot = try finder.first(
                length: current.duration, from: from, uid: stored.invite.uid, avoiding: current.start, days: 1)
        else { throw refused }
        return Proposal(recurrenceID: key, start: slot.start, end: slot.end, comment: comment)
    }
}
