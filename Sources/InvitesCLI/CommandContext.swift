import Foundation
import InvitesKit

/// What a running command has at hand: its arguments, the resolved settings and the streams.
struct CommandContext {
    var arguments: ParsedArguments
    var settings: Settings
    var environment: CLIEnvironment

    var time: HumanTime { HumanTime(zone: settings.zone.value) }

    func openStore() throws -> InboxStore {
        try InboxStore(home: settings.home.value)
    }

    /// The answering machinery, writing to the first calendar.
    func responder() throws -> Responder {
        let calendars = settings.calendars.value
        guard let first = calendars.first else {
            throw UsageError(message: "no calendar to write to", command: nil)
        }
        return Responder(
            store: try openStore(), calendar: first, me: settings.me.value, display: settings.zone.value,
            lockFolder: (settings.home.value as NSString).appendingPathComponent("locks"))
    }

    func print(_ line: String = "") {
        environment.out.write(line + "\n")
    }

    func warn(_ message: String) {
        environment.err.write("invites: warning: \(message)\n")
    }

    func note(_ message: String) {
        environment.err.write("invites: \(message)\n")
    }

    /// Writes one JSON document to standard output.
    func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        environment.out.write(String(decoding: data, as: UTF8.self) + "\n")
    }

    /// A duration option (`--before 90m`), else the config's value, else the default.
    func duration(_ option: String, configKey: String, default fallback: TimeInterval) throws -> TimeInterval {
        if let text = arguments.value(option) {
            guard let value = DurationParser.parse(text) else {
                throw UsageError(message: "\(option) takes a duration like 90m, 2h or 1h30m, not '\(Printable.sanitize(text))'", command: nil)
            }
            return value
        }
        return fallback
    }

    /// Says once, on standard error, that the default calendar does not exist yet.
    func mentionMissingCalendars() {
        for source in settings.calendars.value where !source.exists {
            note("calendar \(source.path) does not exist yet: an empty calendar, created by the first accept")
        }
    }
}
