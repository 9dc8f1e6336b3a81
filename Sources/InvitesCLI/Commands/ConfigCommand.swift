import Foundation
import InvitesKit

/// `invites config`: the settings in force and where each came from.
enum ConfigCommand {
    static let spec = OptionSpec()

    static func run(_ context: CommandContext) throws -> ExitCode {
        let settings = context.settings
        let before = try context.durationSetting("--before", configKey: "before", default: 7_200)
        let after = try context.durationSetting("--after", configKey: "after", default: 7_200)
        let occurrences = try context.occurrences()
        let calendars = settings.calendars.value.map { source in
            source.path + (source.layout == .vdir ? " (vdir)" : "") + (source.exists ? "" : " (does not exist yet)")
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
        let sending = try context.sending()
        rows += [
            ("name", sending.name.value ?? "", sending.name.source),
            ("send", sending.policy.value.rawValue, sending.policy.source),
            ("sendmail", sending.sendmail.value.joined(separator: " "), sending.sendmail.source),
            ("respond_url", sending.respondURL.value?.description ?? "", sending.respondURL.source),
        ]
        let working = try WorkSettings.resolve(settings.config, path: settings.configPath)
        rows += [
            ("workday", working.value.hoursText, working.source),
            ("workdays", working.value.daysText, working.source),
        ]
        if settings.json {
            var object: [String: [String: String]] = [:]
            for (key, value, source) in rows { object[key] = ["value": value, "from": source] }
            try context.printJSON(object)
            return .success
        }
        for (key, value, source) in rows {
            let shown = Printable.sanitize(value.isEmpty ? "-" : value)
            let line =
                key.padding(toLength: 12, withPad: " ", startingAt: 0)
                + (source.isEmpty
                    ? shown
                    : shown.padding(toLength: max(shown.count, 44), withPad: " ", startingAt: 0) + "  from " + source)
            context.print(line)
        }
        return .success
    }
}
