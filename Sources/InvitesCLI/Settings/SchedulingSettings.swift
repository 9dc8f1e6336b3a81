import Foundation
import InvitesKit

/// The `scheduling` setting: who tells the organizer of an answer given to an invitation your
/// calendar server put in your calendar (see ``SchedulingMode``).
///
/// `scheduling = auto|server|client` sets it for every calendar; `scheduling = MODE PATH` for the
/// calendar at PATH (as its `calendar` line or `--calendar` names it), which wins. The last line
/// for the same calendar wins, as with every other key.
struct SchedulingSettings {
    var fallback: Settings.Origin<SchedulingMode> = Settings.Origin(value: .auto, source: "default")
    var byCalendar: [String: Settings.Origin<SchedulingMode>] = [:]

    static func resolve(_ config: ConfigFile, path: String) throws(ConfigError) -> SchedulingSettings {
        var settings = SchedulingSettings()
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
            let origin = Settings.Origin(value: mode, source: "\(path):\(entry.line)")
            if words.count == 2, !words[1].isEmpty {
                settings.byCalendar[SchedulingPolicy.normalised(words[1])] = origin
            } else {
                settings.fallback = origin
            }
        }
        return settings
    }

    /// The setting for one calendar, with where it came from.
    func mode(for calendar: String) -> Settings.Origin<SchedulingMode> {
        byCalendar[SchedulingPolicy.normalised(calendar)] ?? fallback
    }

    /// The settings as the library takes them.
    var policy: SchedulingPolicy {
        SchedulingPolicy(fallback: fallback.value, byCalendar: byCalendar.mapValues(\.value))
    }
}
