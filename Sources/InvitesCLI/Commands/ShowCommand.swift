import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// `invites show HANDLE`: the invite, the nearby events, the conflicts and the timeline.
enum ShowCommand {
    static let spec = OptionSpec(values: ["--before", "--after", "--width", "--occurrences"], flags: ["--attendees"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let width = try width(context)
        let show = try report(context, command: "show")
        if context.settings.json {
            let report = show.shown
            try context.printJSON(
                JSONOutput.Show(
                    invite: JSONOutput.Invite(
                        try context.home.list().row(show.stored), display: context.settings.zone.value),
                    window: JSONOutput.Window(
                        start: RFC3339.utc(report.window.start), end: RFC3339.utc(report.window.end)),
                    events: report.entries.map(JSONOutput.Event.init), conflicts: report.conflicts,
                    occurrences: show.occurrences.map(JSONOutput.CheckedOccurrence.init),
                    details: JSONOutput.Details(show), collision: show.collision?.description))
            return .success
        }
        let formatter = ShowFormatter(
            time: context.time, width: width, color: context.settings.color.value,
            attendees: context.arguments.has("--attendees"), me: context.settings.me.value, charset: context.charset)
        for line in formatter.lines(show) {
            context.print(line)
        }
        return .success
    }

    /// `--width`, else the terminal's own width when standard output is one, else `COLUMNS`,
    /// else 80; never under 40 (a narrower terminal wraps what does not fit).
    static func width(_ context: CommandContext, command: String = "show") throws -> Int {
        if let text = context.arguments.value("--width") {
            guard let width = Int(text), width >= 40, width <= 1000 else {
                throw UsageError(
                    message: "--width takes a number of columns from 40 to 1000, not '\(Printable.sanitize(text))'",
                    command: command)
            }
            return width
        }
        if let columns = context.environment.terminalColumns() {
            return min(max(columns, 40), 1000)
        }
        if let columns = context.environment.variables["COLUMNS"].flatMap({ Int($0) }), columns >= 40 {
            return min(columns, 1000)
        }
        return 80
    }

    /// The report `show` and `check` render, with the calendar warnings already printed.
    static func report(_ context: CommandContext, command: String) throws -> ShowReport {
        // The options and the calendars are checked before the handle is looked for: a wrong
        // --before is a usage error (2) and a missing calendar 66, whatever the handle.
        let controller = try controller(context)
        let stored = try context.resolveInvite(command: command)
        context.mentionMissingCalendars()
        let show = try controller.report(for: stored)
        for warning in show.warnings { context.warn(Printable.sanitize(warning.description)) }
        return show
    }

    /// The controller behind `show`, `check` and `review`, with the look around an invite, the
    /// horizon of a series and the calendars the settings give.
    static func controller(_ context: CommandContext) throws -> ShowController {
        // A calendar named but missing is said before a duration mistyped, as it always was.
        _ = try context.home.calendars()
        return try context.home.show(try look(context))
    }

    /// `--before`, `--after` and `--occurrences`, else the config's, else the defaults.
    static func look(_ context: CommandContext) throws -> InvitesHome.Look {
        InvitesHome.Look(
            before: try context.duration("--before", configKey: "before", default: 7_200),
            after: try context.duration("--after", configKey: "after", default: 7_200),
            horizon: try context.occurrences().value)
    }

}
