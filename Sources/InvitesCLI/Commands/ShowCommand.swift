import Foundation
import InvitesKit

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
                        try context.listController().row(show.stored), zone: context.settings.zone.value.timeZone),
                    window: JSONOutput.Window(
                        start: RFC3339.utc(report.window.start), end: RFC3339.utc(report.window.end)),
                    events: report.entries.map(JSONOutput.Event.init), conflicts: report.conflicts,
                    occurrences: show.occurrences.map(JSONOutput.CheckedOccurrence.init),
                    details: JSONOutput.Details(show)))
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

    /// The invitation the single positional argument names, for every command that takes a
    /// handle: a handle, the sender's id, a UID prefix, or `-` for the one inside the message on
    /// standard input (ingested first).
    static func resolveInvite(_ context: CommandContext, command: String) throws -> StoredInvite {
        let reference = try reference(context, command: command)
        if reference == "-" { return try IngestCommand.thisMessage(context, command: command) }
        return try resolve(reference, context)
    }

    /// The invite a reference names; one that names none is an error that offers the closest
    /// handle or sender id, so a typo costs one more command, not a trip through `list --all`.
    static func resolve(_ reference: String, _ context: CommandContext) throws -> StoredInvite {
        let store = try context.openStore()
        do {
            return try store.resolve(reference)
        } catch LookupError.notFound {
            let known = try store.references()
            let names = known.map(\.handle) + known.compactMap(\.senderID)
            let closest = Suggestion.closest(to: reference, in: names).flatMap { name in
                known.first { $0.handle == name || $0.senderID == name }.map { (name, $0.title) }
            }
            throw UnknownHandleError(reference: reference, closest: closest)
        }
    }

    /// The report `show` and `check` render, with the calendar warnings already printed.
    static func report(_ context: CommandContext, command: String) throws -> ShowReport {
        var reference = try reference(context, command: command)
        if reference == "-" { reference = try IngestCommand.thisMessage(context, command: command).handle }
        let controller = try controller(context)
        context.mentionMissingCalendars()
        let show = try controller.report(for: try resolve(reference, context))
        for warning in show.warnings { context.warn(Printable.sanitize(warning.description)) }
        return show
    }

    /// The controller behind `show`, `check` and `review`, with the look around an invite, the
    /// horizon of a series and the calendars the settings give.
    static func controller(_ context: CommandContext) throws -> ShowController {
        let settings = ShowController.Settings(
            calendars: try context.calendars(), display: context.settings.zone.value,
            me: context.settings.me.value,
            before: try context.duration("--before", configKey: "before", default: 7_200),
            after: try context.duration("--after", configKey: "after", default: 7_200),
            horizon: try context.occurrences().value)
        return ShowController(
            store: try context.openStore(), cache: context.openCache(), settings: settings,
            clock: context.environment.now)
    }

    private static func reference(_ context: CommandContext, command: String) throws -> String {
        guard let reference = context.arguments.positionals.first else {
            throw UsageError(message: "\(command) needs a HANDLE (see 'invites list')", command: command)
        }
        guard context.arguments.positionals.count == 1 else {
            throw UsageError(message: "\(command) takes one HANDLE", command: command)
        }
        return reference
    }
}
