import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// The `scheduling` setting: who tells the organizer of an answer given to an invitation your
/// calendar server put in your calendar (see ``SchedulingMode``).
///
/// `scheduling = auto|server|client` sets it for every calendar; `scheduling = MODE PATH` for the
/// calendar at PATH (as its `calendar` line or `--calendar` names it), which wins. The last line
/// for the same calendar wins, as with every other key.
struct SchedulingSettings {
    /// One `scheduling = MODE PATH` line in force: the last for its calendar.
    struct Calendar {
        /// As the line names it (`~` expanded, no trailing slash).
        var path: String
        var mode: SchedulingMode
        /// `FILE:LINE`.
        var source: String
    }

    /// The mode for every calendar without a line of its own, and where it came from.
    var general: Settings.Origin<SchedulingMode>
    /// The calendars with a line of their own, in the order of their lines.
    var calendars: [Calendar]

    /// What answers consult: the general mode and each calendar's.
    var policy: SchedulingPolicy {
        SchedulingPolicy(
            fallback: general.value,
            byCalendar: Dictionary(calendars.map { ($0.path, $0.mode) }, uniquingKeysWith: { $1 }))
    }

    /// The setting from the config file at `path`; a value that is no mode stops the command
    /// (exit 2), as every bad value does.
    static func resolve(_ config: ConfigFile, path: String) throws(ConfigError) -> SchedulingSettings {
        var general = Settings.Origin(value: SchedulingMode.auto, source: "default")
        var calendars: [Calendar] = []
        for entry in config.values["scheduling"] ?? [] {
            let words = entry.value.split(separator: " ", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let first = words.first, let mode = SchedulingMode(rawValue: first) else {
                throw ConfigError(
                    path: path, line: entry.line,
                    message:
                        "'scheduling' takes auto, server or client, optionally followed by a calendar's path, not '"
                        + Printable.sanitize(entry.value) + "'")
            }
            let source = "\(path):\(entry.line)"
            if words.count == 2, !words[1].isEmpty {
                let calendar = SchedulingPolicy.normalised(words[1])
                calendars.removeAll { $0.path == calendar }
                calendars.append(Calendar(path: calendar, mode: mode, source: source))
            } else {
                general = Settings.Origin(value: mode, source: source)
            }
        }
        return SchedulingSettings(general: general, calendars: calendars)
    }
}
