import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// When you work: the `workday` (`09:00-17:00`) and `workdays` (`mon-fri`) settings, read from
/// the config file, for `day` and `propose --free`.
enum WorkSettings {
    static func resolve(_ config: ConfigFile, path: String) throws(ConfigError) -> Settings.Origin<WorkingHours> {
        var hours = WorkingHours.standard
        var sources: [String] = []
        if let entry = config.values["workday"]?.last {
            guard let parsed = WorkingHours.hours(entry.value) else {
                throw ConfigError(
                    path: path, line: entry.line,
                    message: "'workday' takes two times like 09:00-17:00, not '\(Printable.sanitize(entry.value))'")
            }
            (hours.start, hours.end) = parsed
            sources.append("\(path):\(entry.line)")
        }
        if let entry = config.values["workdays"]?.last {
            guard let days = WorkingHours.days(entry.value) else {
                throw ConfigError(
                    path: path, line: entry.line,
                    message:
                        "'workdays' takes days like mon-fri or mon,wed,fri, not '\(Printable.sanitize(entry.value))'")
            }
            hours.days = days
            sources.append("\(path):\(entry.line)")
        }
        return Settings.Origin(value: hours, source: sources.isEmpty ? "default" : sources.joined(separator: ", "))
    }
}
