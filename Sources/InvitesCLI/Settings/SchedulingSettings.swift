import Foundation
import InvitesKit

/// The `scheduling` setting: who tells the organizer of an answer given to an invitation your
/// calendar server put in your calendar (see ``SchedulingMode``).
///
/// `scheduling = auto|server|client` sets it for every calendar; `scheduling = MODE PATH` for the
/// calendar at PATH (as its `calendar` line or `--calendar` names it), which wins. The last line
/// for the same calendar wins, as with every other key.
enum SchedulingSettings {
    static func resolve(_ config: ConfigFile, path: String) throws(ConfigError) -> SchedulingPolicy {
        var fallback = SchedulingMode.auto
        var byCalendar: [String: SchedulingMode] = [:]
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
            if words.count == 2, !words[1].isEmpty {
                byCalendar[SchedulingPolicy.normalised(words[1])] = mode
            } else {
                fallback = mode
            }
        }
        return SchedulingPolicy(fallback: fallback, byCalendar: byCalendar)
    }
}
