import Foundation
import InvitesKit

/// `invites show HANDLE`: the invite, the nearby events, the conflicts and the timeline.
enum ShowCommand {
    static let spec = OptionSpec(values: ["--before", "--after", "--width", "--occurrences"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let width = try width(context)
        let stored = try resolveInvite(context, command: "show")
        let (report, _) = try makeReport(for: stored, context)
        if context.settings.json {
            try context.printJSON(
                JSONOutput.Show(
                    invite: JSONOutput.Invite(stored),
                    window: JSONOutput.Window(start: RFC3339.utc(report.window.start), end: RFC3339.utc(report.window.end)),
                    events: report.entries.map(JSONOutput.Event.init), conflicts: report.conflicts))
            return .success
        }
        let formatter = ShowFormatter(time: context.time, width: width, color: context.settings.color)
        for line in formatter.lines(stored, report: report) {
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

    /// The conflict report, with the calendar warnings already printed.
    static func makeReport(for stored: StoredInvite, _ context: CommandContext) throws -> (NearbyReport, [CalendarWarning]) {
        let finder = ConflictFinder(
            query: CalendarQuery(
                sources: context.settings.calendars.value, display: context.settings.zone.value,
                me: context.settings.me.value),
            before: try context.duration("--before", configKey: "before", default: 7_200),
            after: try context.duration("--after", configKey: "after", default: 7_200))
        context.mentionMissingCalendars()
        let (report, warnings) = try finder.report(for: stored.invite)
        for warning in warnings { context.warn(Printable.sanitize(warning.description)) }
        return (report, warnings)
    }
}

/// `invites check HANDLE`: one line; exit 0 when free, 3 when it conflicts.
enum CheckCommand {
    static let spec = OptionSpec(values: ["--before", "--after"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let stored = try ShowCommand.resolveInvite(context, command: "check")
        let (report, _) = try ShowCommand.makeReport(for: stored, context)
        let title = Printable.sanitize(stored.invite.title)
        if context.settings.json {
            try context.printJSON(CheckJSON(handle: stored.handle, conflicts: report.conflicts, free: report.conflicts == 0))
        } else if report.conflicts == 0 {
            context.print("\(stored.handle): free: \(title)")
        } else {
            let names = report.entries.filter(\.conflict).map { Printable.sanitize($0.occurrence.title) }
            context.print("\(stored.handle): \(report.conflicts) conflict\(report.conflicts == 1 ? "" : "s"): \(title) collides with \(names.joined(separator: ", "))")
        }
        return report.conflicts == 0 ? .success : .conflict
    }

    private struct CheckJSON: Encodable {
        var handle: String
        var conflicts: Int
        var free: Bool
    }
}
