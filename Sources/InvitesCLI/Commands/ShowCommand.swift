import Foundation
import InvitesKit

/// `invites show HANDLE`: the invite, the nearby events, the conflicts and the timeline.
enum ShowCommand {
    static let spec = OptionSpec(values: ["--before", "--after", "--width", "--occurrences"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let width = try width(context)
        let stored = try resolveInvite(context, command: "show")
        let series = try makeSeries(for: stored, context)
        guard let report = series.shown else { return .failure }
        if context.settings.json {
            let display = context.settings.zone.value
            let occurrences = series.reports.count > 1
                ? zip(series.reports, series.occurrences).map { report, occurrence in
                    let key = StoredInvite.key(of: occurrence, display: display)
                    return JSONOutput.CheckedOccurrence(
                        start: RFC3339.utc(report.invite.start), end: RFC3339.utc(report.invite.end),
                        conflicts: report.conflicts, recurrenceId: key,
                        state: ShowFormatter.state(of: occurrence, key: key, in: stored).rawValue,
                        moved: stored.instance(key)?.isMoved ?? false)
                }
                : nil
            try context.printJSON(
                JSONOutput.Show(
                    invite: JSONOutput.Invite(stored),
                    window: JSONOutput.Window(start: RFC3339.utc(report.window.start), end: RFC3339.utc(report.window.end)),
                    events: report.entries.map(JSONOutput.Event.init), conflicts: report.conflicts,
                    occurrences: occurrences))
            return .success
        }
        let formatter = ShowFormatter(time: context.time, width: width, color: context.settings.color.value)
        let answered = try context.openStore().history(actions: AnswerAction.answers, limit: 1, handle: stored.handle)
            .first { $0.recurrenceID == stored.invite.recurrenceID }
        for line in formatter.lines(stored, series: series, answered: answered) {
            context.print(line)
        }
        return .success
    }

    /// `--width`, else `COLUMNS`, else 80.
    static func width(_ context: CommandContext) throws -> Int {
        if let text = context.arguments.value("--width") {
            guard let width = Int(text), width >= 40, width <= 1000 else {
                throw UsageError(message: "--width takes a number of columns from 40 to 1000, not '\(Printable.sanitize(text))'", command: "show")
            }
            return width
        }
        if let columns = context.environment.variables["COLUMNS"].flatMap({ Int($0) }), columns >= 40 {
            return min(columns, 1000)
        }
        return 80
    }

    /// The invite named by the single positional argument.
    static func resolveInvite(_ context: CommandContext, command: String) throws -> StoredInvite {
        _ = try context.duration("--before", configKey: "before", default: 0)
        _ = try context.duration("--after", configKey: "after", default: 0)
        guard let reference = context.arguments.positionals.first else {
            throw UsageError(message: "\(command) needs a HANDLE (see 'invites list')", command: command)
        }
        guard context.arguments.positionals.count == 1 else {
            throw UsageError(message: "\(command) takes one HANDLE", command: command)
        }
        return try context.openStore().resolve(reference)
    }

    /// The report over the invite's occurrences (one, for a one-off invite), with the calendar
    /// warnings already printed.
    static func makeSeries(for stored: StoredInvite, _ context: CommandContext) throws -> ConflictFinder.SeriesReport {
        let horizon = try context.occurrences().value
        let finder = try finder(context)
        context.mentionMissingCalendars()
        let series = try finder.series(for: stored, horizon: horizon, now: context.environment.now())
        for warning in series.warnings { context.warn(Printable.sanitize(warning.description)) }
        return series
    }

    private static func finder(_ context: CommandContext) throws -> ConflictFinder {
        ConflictFinder(
            query: CalendarQuery(
                sources: context.settings.calendars.value, display: context.settings.zone.value,
                me: context.settings.me.value, index: try context.openStore(), clock: context.environment.now),
            before: try context.duration("--before", configKey: "before", default: 7_200),
            after: try context.duration("--after", configKey: "after", default: 7_200))
    }
}

/// `invites check HANDLE`: one line; exit 0 when free, 3 when it conflicts.
enum CheckCommand {
    static let spec = OptionSpec(values: ["--before", "--after", "--occurrences"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let stored = try ShowCommand.resolveInvite(context, command: "check")
        let series = try ShowCommand.makeSeries(for: stored, context)
        let conflicts = series.reports.reduce(0) { $0 + $1.conflicts }
        let title = Printable.sanitize(stored.invite.title)
        if context.settings.json {
            try context.printJSON(CheckJSON(handle: stored.handle, conflicts: conflicts, free: conflicts == 0))
        } else if conflicts == 0 {
            context.print("\(stored.handle): free: \(title)")
        } else {
            var names: [String] = []
            for entry in series.reports.flatMap(\.entries) where entry.conflict {
                let name = Printable.sanitize(entry.occurrence.title)
                if !names.contains(name) { names.append(name) }
            }
            let of = series.reports.count > 1 ? " (\(series.conflicting) of the next \(series.reports.count))" : ""
            context.print("\(stored.handle): \(conflicts) conflict\(conflicts == 1 ? "" : "s")\(of): \(title) collides with \(names.joined(separator: ", "))")
        }
        return conflicts == 0 ? .success : .conflict
    }

    private struct CheckJSON: Encodable {
        var handle: String
        var conflicts: Int
        var free: Bool
    }
}
