import Foundation
import InvitesKit

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
            ("me", settings.me.value.all.sorted().joined(separator: ", "), settings.me.source),
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
        let watching = settings.watching
        rows += [
            ("maildir", watching.maildirs.value.joined(separator: ", "), watching.maildirs.source),
            ("notify", watching.notify.value.rawValue, watching.notify.source),
            (
                "notify_command", watching.notifyCommand.value?.joined(separator: " ") ?? "",
                watching.notifyCommand.source
            ),
            ("open", watching.open.value.joined(separator: " "), watching.open.source),
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
                "me": .array(settings.me.value.all.sorted().map(JSONValue.string)),
                "before": .int(Int(before.value)), "after": .int(Int(after.value)),
                "occurrences": .int(occurrences.value), "color": .bool(settings.color.value),
                "name": sending.name.value.map(JSONValue.string) ?? .null,
                "sendmail": .array(sending.sendmail.value.map(JSONValue.string)),
                "respond_url": sending.respondURL.value.map { .string($0.description) } ?? .null,
                "maildir": .array(watching.maildirs.value.map(JSONValue.string)),
                "notify_command": watching.notifyCommand.value.map { .array($0.map(JSONValue.string)) } ?? .null,
                "open": .array(watching.open.value.map(JSONValue.string)),
            ]
            var object: [String: JSONOutput.ConfigBody.Setting] = [:]
            for (key, value, source) in rows where key != "config" {
                object[key] = .init(value: typed[key] ?? .string(value), from: source)
            }
            try context.printJSON(
                JSONOutput.ConfigBody(
                    config: .init(
                        path: settings.configPath, exists: FileManager.default.fileExists(atPath: settings.configPath)),
                    settings: object))
            return .success
        }
        for (key, value, source) in rows {
            let shown = Printable.sanitize(value.isEmpty ? "-" : value)
            let line =
                key.padding(toLength: max(12, key.count + 2), withPad: " ", startingAt: 0)
                + (source.isEmpty
                    ? shown
                    : shown.padding(toLength: max(shown.count, 44), withPad: " ", startingAt: 0) + "  from " + source)
            context.print(line)
        }
        return .success
    }
}
