import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// `invites day [DATE]`: one day of your calendars with the invitations waiting on it, their
/// conflicts, and the free stretches within your working hours.
enum DayCommand {
    static let spec = OptionSpec(values: ["--width"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        guard context.arguments.positionals.count <= 1 else {
            throw UsageError(message: "day takes one DATE", command: "day")
        }
        let date = try self.date(context.arguments.positionals.first ?? "today", context)
        let working = try WorkSettings.resolve(context.settings.config, path: context.settings.configPath).value
        let width = try ShowCommand.width(context, command: "day")
        let controller = try context.home.day(working: working)
        context.mentionMissingCalendars()
        let report = try controller.report(for: date)
        for warning in report.warnings { context.warn(Printable.sanitize(warning.description)) }
        if context.settings.json {
            try context.printJSON(JSONOutput.Day(report, working: working))
            return .success
        }
        let time = context.time
        var lines = [time.day(report.day.start)]
        let events = report.events.count
        let invitations = report.invitations.count
        var summary =
            "\(events) event\(events == 1 ? "" : "s"), \(invitations) invitation\(invitations == 1 ? "" : "s") waiting"
        if report.conflicting > 0 { summary += " (\(report.conflicting) with conflicts)" }
        if report.working != nil {
            let free = report.free.reduce(0) { $0 + $1.duration }
            summary += "; free \(free > 0 ? DurationParser.format(free) : "no time") within \(working.hoursText)"
        } else {
            summary += "; not a working day (workdays = \(working.daysText))"
        }
        lines += DisplayWidth.wrap(summary, to: width)
        lines.append("")
        lines += DayTimelineRenderer(
            time: time, width: width, color: context.settings.color.value, charset: context.charset
        ).render(report)
        if report.working != nil {
            let stretches = report.free.map {
                time.clock($0.start) + "-" + time.clock($0.end) + " (" + DurationParser.format($0.duration) + ")"
            }
            lines.append("")
            lines += DisplayWidth.wrap(
                "free: " + (stretches.isEmpty ? "none" : stretches.joined(separator: ", ")), to: width, indent: 6,
                limit: 20)
        }
        for line in lines { context.print(line) }
        return .success
    }

    /// `2026-12-14`, `today`, `tomorrow`, `yesterday`, in the display zone.
    static func date(_ text: String, _ context: CommandContext) throws -> LocalDate {
        let today = LocalDate(context.environment.now(), in: context.settings.zone.value.timeZone)
        switch text.lowercased() {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        default:
            guard let date = LocalDate(iso: text), date.year >= 1, date.year <= 3000 else {
                throw UsageError(
                    message: "day takes a date like 2026-12-14, today, tomorrow or yesterday, not "
                        + "'\(Printable.sanitize(text))'",
                    command: "day")
            }
            return date
        }
    }
}
