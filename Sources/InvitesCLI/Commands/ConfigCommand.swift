import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// `invites config`: the settings in force and where each came from.
///
/// It runs whatever state the calendars are in: a missing calendar is what a user runs `config`
/// to find, so it is shown as missing, with a warning, and not an error.
enum ConfigCommand {
    static let spec = OptionSpec()

    static func run(_ context: CommandContext) throws -> ExitCode {
        let settings = context.settings
        let before = try context.durationSetting("--before", configKey: "before", default: 7_200)
        let after = try context.durationSetting("--after", configKey: "after", default: 7_200)
        let occurrences = try context.occurrences()
        let named = settings.calendars.source != "default"
        let calendars = settings.calendars.value.map { source in
            source.path + (source.layout == .vdir ? " (vdir)" : "")
                + (source.exists ? "" : named ? " (missing)" : " (does not exist yet)")
        }
        var rows: [(String, String, String)] = [
            (
                "config",
                settings.configPath + (FileManager.default.fileExists(atPath: settings.configPath) ? "" : " (none)"), ""
            ),
            ("home", settings.home.value, settings.home.source),
            ("calendar", calendars.joined(separator: ", "), settings.calendars.source),
            ("tz", settings.zone.value.identifier, settings.zone.source),
            ("me", settings.me.value.own.joined(separator: ", "), settings.me.source),
            ("on_behalf_of", settings.onBehalfOf.value ?? "", settings.onBehalfOf.source),
            ("before", DurationParser.format(before.value), before.source),
            ("after", DurationParser.format(after.value), after.source),
            ("occurrences", String(occurrences.value), occurrences.source),
            ("color", settings.color.value ? "on" : "off", settings.color.source),
        ]
        let sending = context.settings.sending
        rows += [
            ("name", sending.name.value ?? "", sending.name.source),
            ("send", sending.policy.value.rawValue, sending.policy.source),
            ("sendmail", sending.sendmail.value.joined(separator: " "), sending.sendmail.source),
            ("respond_url", sending.respondURL.value?.description ?? "", sending.respondURL.source),
        ]
        // `scheduling`: the mode for every calendar, then each calendar's own line, written as
        // in the file; a line for a calendar not in use is a typo to see here.
        let scheduling = try SchedulingSettings.resolve(settings.config, path: settings.configPath)
        let inUse = Set(settings.calendars.value.map { SchedulingPolicy.normalised($0.path) })
        rows.append(("scheduling", scheduling.general.value.rawValue, scheduling.general.source))
        for calendar in scheduling.calendars {
            let note = inUse.contains(calendar.path) ? "" : " (not a calendar in use)"
            rows.append(("scheduling", calendar.mode.rawValue + " " + calendar.path + note, calendar.source))
        }
        let wait = settings.serverWait
        rows.append(
            (
                "server_wait", wait.value == 0 ? "0 (answers are never held)" : DurationParser.format(wait.value),
                wait.source
            ))
        let watching = settings.watching
        rows += [
            ("maildir", watching.maildirs.value.joined(separator: ", "), watching.maildirs.source),
            ("notify", watching.notify.value.rawValue, watching.notify.source),
            (
                "notify_command", watching.notifyCommand.value?.joined(separator: " ") ?? "",
                watching.notifyCommand.source
            ),
            ("open", watching.open.value.joined(separator: " "), watching.open.source),
            ("nudge", WatchSettings.nudgeText(watching.nudge.value), watching.nudge.source),
        ]
        let working = try WorkSettings.resolve(settings.config, path: settings.configPath)
        rows += [
            ("workday", working.value.hoursText, working.source),
            ("workdays", working.value.daysText, working.source),
        ]
        if let problem = settings.calendarProblem {
            context.warn(
                Printable.sanitize(problem.description)
                    + ": show, check and answers stop with exit 66 until it exists (or --calendar names another)")
        }
        if settings.json {
            // The settings with a type of their own; the rest are their text.
            let typed: [String: JSONValue] = [
                "calendar": .array(
                    settings.calendars.value.map { source in
                        .object([
                            "path": .string(source.path), "layout": .string(source.layout == .vdir ? "vdir" : "file"),
                            "exists": .bool(source.exists),
                        ])
                    }),
                "me": .array(settings.me.value.own.map(JSONValue.string)),
                "on_behalf_of": settings.onBehalfOf.value.map(JSONValue.string) ?? .null,
                "before": .int(Int(before.value)), "after": .int(Int(after.value)),
                "occurrences": .int(occurrences.value), "color": .bool(settings.color.value),
                "name": sending.name.value.map(JSONValue.string) ?? .null,
                "sendmail": .array(sending.sendmail.value.map(JSONValue.string)),
                "respond_url": sending.respondURL.value.map { .string($0.description) } ?? .null,
                "maildir": .array(watching.maildirs.value.map(JSONValue.string)),
                "notify_command": watching.notifyCommand.value.map { .array($0.map(JSONValue.string)) } ?? .null,
                "open": .array(watching.open.value.map(JSONValue.string)),
                "nudge": .array(watching.nudge.value.map(JSONValue.int)),
                "scheduling": .object([
                    "mode": .string(scheduling.general.value.rawValue),
                    "calendars": .array(
                        scheduling.calendars.map { calendar in
                            .object([
                                "path": .string(calendar.path), "mode": .string(calendar.mode.rawValue),
                                "from": .string(calendar.source), "inUse": .bool(inUse.contains(calendar.path)),
                            ])
                        }),
                ]),
            ]
            var object: [String: JSONOutput.ConfigBody.Setting] = [:]
            // A key's first row is its setting: the calendars' own `scheduling` lines are in
            // its value, each with where it came from.
            for (key, value, source) in rows where key != "config" && object[key] == nil {
                object[key] = .init(value: typed[key] ?? .string(value), from: source)
            }
            try context.printJSON(
                JSONOutput.ConfigBody(
                    config: .init(
                        path: settings.configPath, exists: FileManager.default.fileExists(atPath: settings.configPath)),
                    settings: object))
            return .success
        }
        for line in table(rows) { context.print(line) }
        return .success
    }

    /// The rows in three columns, each as wide as its widest cell, two spaces between: every
    /// value starts in one column and every "from" in another, however long the key
    /// (`notify_command`) or the value. The config file's own row has no "from".
    static func table(_ rows: [(key: String, value: String, source: String)]) -> [String] {
        let shown = rows.map { Printable.sanitize($0.value.isEmpty ? "-" : $0.value) }
        let keys = (rows.map { DisplayWidth.of($0.key) }.max() ?? 0) + 2
        let values = zip(rows, shown).filter { !$0.0.source.isEmpty }.map { DisplayWidth.of($0.1) }.max() ?? 0
        func padded(_ text: String, to width: Int) -> String {
            text + String(repeating: " ", count: max(width - DisplayWidth.of(text), 0))
        }
        return zip(rows, shown).map { row, value in
            padded(row.key, to: keys)
                + (row.source.isEmpty ? value : padded(value, to: values) + "  from " + row.source)
        }
    }
}
