import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// The settings a command runs with, each resolved from flags, then the environment, then the
/// config file, then the defaults, and remembering where it came from (for `invites config`).
struct Settings {
    struct Origin<Value> {
        var value: Value
        var source: String
    }

    var home: Origin<String>
    var calendars: Origin<[CalendarSource]>
    var zone: Origin<DisplayZone>
    var me: Origin<MyAddresses>
    var json: Bool
    var color: Origin<Bool>
    var configPath: String
    var config: ConfigFile
    /// How answers leave the machine (`name`, `send`, `sendmail`, `respond_url`).
    var sending: SendSettings
    /// Who replies to answers given in place (`scheduling`).
    var scheduling: SchedulingPolicy
    /// How long an answer to a mailed invitation waits for your server's copy (`server_wait`).
    var serverWait: Origin<TimeInterval>
    /// What `watch` watches and how it tells (`maildir`, `notify`, `notify_command`, `open`).
    var watching: WatchSettings
    /// Why a calendar named by the user cannot be used (it does not exist); thrown by
    /// ``InvitesHome/calendars()`` for the commands that read or write a calendar, so that
    /// `config`, `list` and the rest still run and can say what is wrong.
    var calendarProblem: CalendarError?
    /// Whom you answer for (`--for`, `on_behalf_of`), in its comparable form; it is also
    /// ``MyAddresses/principal`` of ``me``.
    var onBehalfOf = Origin<String?>(value: nil, source: "default (you answer for yourself)")

    static let globalOptions = OptionSpec(
        values: ["--home", "--calendar", "--tz", "--color", "--me", "--config"],
        flags: ["--json", "--help", "-h", "--version"])

    /// Resolves every setting and checks every line of the config file; a bad value anywhere is
    /// an error here, whichever command runs. A named calendar that does not exist is kept in
    /// ``calendarProblem``.
    static func resolve(_ arguments: ParsedArguments, environment: CLIEnvironment) throws -> Settings {
        let variables = environment.variables
        let userHome = variables["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let configHome = variables["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(userHome)/.config"
        let namedConfig: (path: String, by: String)? =
            arguments.value("--config").map { ($0, "--config") }
            ?? variables["INVITES_CONFIG"].flatMap { $0.isEmpty ? nil : ($0, "INVITES_CONFIG") }
        let configPath = namedConfig?.path ?? "\(configHome)/invites/config"
        let config = try ConfigFile.load(configPath, home: userHome, namedBy: namedConfig?.by)
        try ConfigValues.validate(config, path: configPath)
        let sending = try SendSettings.resolve(config, path: configPath)
        let scheduling = try SchedulingSettings.resolve(config, path: configPath).policy
        let watching = try WatchSettings.resolve(config, path: configPath, variables: variables)

        let home: Origin<String>
        if let flag = arguments.value("--home") {
            home = Origin(value: flag, source: "--home")
        } else if let value = variables["INVITES_HOME"], !value.isEmpty {
            home = Origin(value: value, source: "INVITES_HOME")
        } else if let value = variables["XDG_DATA_HOME"], !value.isEmpty {
            home = Origin(value: "\(value)/invites", source: "XDG_DATA_HOME")
        } else {
            home = Origin(value: "\(userHome)/.local/share/invites", source: "default")
        }

        let calendars: Origin<[CalendarSource]>
        var calendarProblem: CalendarError?
        // A named calendar that is missing stands in the list as one that does not exist, so
        // that `config` can show it; the commands that use a calendar refuse it.
        func named(_ path: String) -> CalendarSource {
            do {
                return try CalendarSource.named(path)
            } catch {
                if calendarProblem == nil { calendarProblem = error }
                return CalendarSource.defaultCalendar(path)
            }
        }
        let flagged = arguments.all("--calendar")
        if !flagged.isEmpty {
            calendars = Origin(value: flagged.map(named), source: "--calendar")
        } else if let value = variables["INVITES_CALENDAR"], !value.isEmpty {
            calendars = Origin(value: [named(value)], source: "INVITES_CALENDAR")
        } else if let entries = config.values["calendar"], !entries.isEmpty {
            calendars = Origin(value: entries.map { named($0.value) }, source: "\(configPath):\(entries[0].line)")
        } else {
            calendars = Origin(value: [CalendarSource.homeCalendar("\(home.value)/calendar.ics")], source: "default")
        }

        let zone: Origin<DisplayZone>
        if let flag = arguments.value("--tz") {
            zone = Origin(value: try displayZone(flag, from: "--tz"), source: "--tz")
        } else if let value = variables["TZ"], !value.isEmpty, let parsed = DisplayZone(identifier: value) {
            zone = Origin(value: parsed, source: "TZ")
        } else if let entry = config.values["tz"]?.last {
            zone = Origin(value: try ConfigValues.zone(entry, path: configPath), source: "\(configPath):\(entry.line)")
        } else {
            zone = Origin(value: .system(), source: "system")
        }

        var me: Origin<MyAddresses>
        var onBehalfOf = Origin<String?>(value: nil, source: "default (you answer for yourself)")
        if !arguments.all("--me").isEmpty {
            me = Origin(value: MyAddresses(arguments.all("--me")), source: "--me")
        } else if let value = variables["INVITES_ME"], !value.isEmpty {
            me = Origin(value: MyAddresses(value.split(separator: ",").map(String.init)), source: "INVITES_ME")
        } else if let entries = config.values["me"], !entries.isEmpty {
            var addresses: [String] = []
            for entry in entries { addresses += try ConfigValues.addresses(entry, path: configPath) }
            me = Origin(value: MyAddresses(addresses), source: "\(configPath):\(entries[0].line)")
        } else {
            me = Origin(value: MyAddresses([]), source: "default")
        }
        // Whom you answer for: `--for` on the command, else the `on_behalf_of` setting.
        if let address = arguments.value("--for") {
            guard MailAddress.isValid(MyAddresses.normalise(address)) else {
                throw UsageError(
                    message: "--for takes the e-mail address you answer for, like boss@example.org, not "
                        + "'\(Printable.sanitize(address))'",
                    command: nil)
            }
            me.value = me.value.answering(for: address)
            onBehalfOf = Origin(value: MyAddresses.normalise(address), source: "--for")
        } else if let entry = config.values["on_behalf_of"]?.last {
            let address = try ConfigValues.principal(entry, path: configPath)
            me.value = me.value.answering(for: address)
            onBehalfOf = Origin(value: MyAddresses.normalise(address), source: "\(configPath):\(entry.line)")
        }

        let colorSource: String
        let colorChoice: String
        if let flag = arguments.value("--color") {
            (colorChoice, colorSource) = (flag, "--color")
        } else if let entry = config.values["color"]?.last {
            (colorChoice, colorSource) = (
                try ConfigValues.color(entry, path: configPath), "\(configPath):\(entry.line)"
            )
        } else {
            (colorChoice, colorSource) = ("auto", "default")
        }
        let color: Bool
        switch colorChoice {
        case "always": color = true
        case "never": color = false
        case "auto":
            color = environment.outputIsTerminal && (variables["NO_COLOR"] ?? "").isEmpty && variables["TERM"] != "dumb"
        default:
            throw UsageError(
                message: "\(colorSource): color takes auto, always or never, not '\(Printable.sanitize(colorChoice))'",
                command: nil)
        }
        var settings = Settings(
            home: home, calendars: calendars, zone: zone, me: me, json: arguments.has("--json"),
            color: Origin(
                value: color,
                source: colorSource
                    + (colorChoice == "auto"
                        ? " (auto: \(color ? "a terminal" : "not a terminal, NO_COLOR or TERM=dumb"))" : "")),
            configPath: configPath, config: config, sending: sending, scheduling: scheduling,
            serverWait: try ConfigValues.serverWait(config, path: configPath), watching: watching,
            calendarProblem: calendarProblem)
        settings.onBehalfOf = onBehalfOf
        return settings
    }

    private static func displayZone(_ name: String, from source: String) throws -> DisplayZone {
        guard let zone = DisplayZone(identifier: name) else {
            throw UsageError(
                message:
                    "\(source): unknown time zone '\(Printable.sanitize(name))'; use an IANA name like Europe/Berlin",
                command: nil)
        }
        return zone
    }
}
