import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// What a running command has at hand: its arguments, the resolved settings, the streams, and
/// the run's one composition root.
struct CommandContext {
    var arguments: ParsedArguments
    let settings: Settings
    let environment: CLIEnvironment

    /// The composition root of this run, built once with the context: every controller a
    /// command, `review` or `watch` uses comes from it, on the store ``inbox()`` opens. It
    /// holds the run's store only through ``opened``, so the store lives as long as the context.
    let home: InvitesHome

    /// The command's one store connection, opened on first use: a `show` resolves the handle,
    /// reads the calendar index and the last answer through the same connection.
    private let opened: Opened

    init(arguments: ParsedArguments, settings: Settings, environment: CLIEnvironment) {
        self.init(arguments: arguments, settings: settings, environment: environment, keeping: nil)
    }

    private init(arguments: ParsedArguments, settings: Settings, environment: CLIEnvironment, keeping: Opened?) {
        self.arguments = arguments
        self.settings = settings
        self.environment = environment
        let opened = Opened(settings: settings, environment: environment, keeping: keeping)
        self.opened = opened
        home = InvitesHome(
            settings: opened.homeSettings, store: { try opened.inbox() }, cache: { opened.cache() },
            clock: environment.now)
    }

    /// This run with its settings read again (`watch` on SIGHUP): what is open stays open, and
    /// the home is built anew from the new settings.
    func reloaded(_ settings: Settings) -> CommandContext {
        CommandContext(arguments: arguments, settings: settings, environment: environment, keeping: opened)
    }

    var time: HumanTime { HumanTime(zone: settings.zone.value) }

    /// What the locale lets the timelines show: titles as written under UTF-8, else
    /// transliterated.
    var charset: TerminalCharset { TerminalCharset(environment: environment.variables) }

    /// The inbox as a command reads it: the store, with the invitations a scheduling server put
    /// into your calendars taken in first, once per command, so that every command sees what
    /// `list` shows.
    func inbox() throws -> InboxStore { try opened.inbox() }

    /// Whether opening the store looks for invitations in calendars.
    var followsCalendars: Bool { !opened.followedCalendars.isEmpty }

    /// The cache store beside the inbox, opened on first use; `nil` when it cannot be opened.
    func openCache() -> CacheStore? { opened.cache() }

    /// What the run has opened, and how it opens it. A class of its own, held by the context and
    /// captured by the home's store and cache functions, so that the home holds no context: no
    /// cycle keeps a run's store connection open after the run (the in-process tests run many).
    private final class Opened {
        let settings: Settings
        let environment: CLIEnvironment
        /// The run's settings in the library's terms, for the home and the held answers.
        let homeSettings: InvitesHome.Settings
        private var store: InboxStore?
        /// Whether ``inbox()`` has followed the calendars, or is following them now.
        private var followed = false
        private var opened: CacheStore?

        /// Opens anew, or `keeping` what an earlier context of the run opened.
        init(settings: Settings, environment: CLIEnvironment, keeping earlier: Opened?) {
            self.settings = settings
            self.environment = environment
            store = earlier?.store
            followed = earlier?.followed ?? false
            opened = earlier?.opened
            homeSettings = InvitesHome.Settings(
                home: settings.home.value, calendars: settings.calendars.value,
                calendarProblem: settings.calendarProblem, me: settings.me.value, display: settings.zone.value,
                name: settings.sending.name.value, scheduling: settings.scheduling,
                serverWait: settings.serverWait.value,
                routes: Dispatcher.Routes(
                    sendmail: settings.sending.sendmail.value, respondURL: settings.sending.respondURL.value),
                policy: settings.sending.policy.value)
        }

        /// The store, opened on first use, with the calendars followed once; opening it changes
        /// nothing, following does.
        func inbox() throws -> InboxStore {
            let store = try self.store ?? InboxStore(home: settings.home.value)
            self.store = store
            guard !followed else { return store }
            followed = true
            try followCalendars(store)
            return store
        }

        /// Takes in the invitations a scheduling server put into your calendars, before the
        /// inbox is read, so that every command sees them as `list` does. A calendar named but
        /// missing is left to the commands that use one to report.
        private func followCalendars(_ store: InboxStore) throws {
            let calendars = followedCalendars
            guard !calendars.isEmpty else { return }
            let scanner = CalendarInvitationScanner(
                me: settings.me.value, display: settings.zone.value, cache: cache(), now: environment.now())
            let report = try CalendarFollower(store: store, scanner: scanner, calendars: calendars).follow()
            for problem in report.problems { warn(Printable.sanitize(problem)) }
            try settleHeldAnswers(store)
        }

        /// Puts answers held for your server's copy of an invitation where they belong now: into
        /// the copy a look just found, or, past `server_wait`, into the calendar with a reply of
        /// invites' own. Said on standard error, so that every command's output stays its own.
        /// The answering comes from a home on the store just opened (the run's home would lead
        /// back here, to a store still being opened).
        private func settleHeldAnswers(_ store: InboxStore) throws {
            guard try store.hasHeldAnswers() else { return }
            let home = InvitesHome(
                settings: homeSettings, store: { store }, cache: { self.cache() },
                clock: environment.now)
            let settled = try home.answer(following: true).settleHeld(now: environment.now()) { handle, error in
                self.warn(
                    "\(handle): the answer held for your server's copy stays held: \(ErrorReport.describe(error).0)")
            }
            for one in settled {
                for line in HeldWords.lines(one, wait: settings.serverWait.value) { note(line) }
            }
        }

        /// The calendars opening the store looks into: those that are there, when you have an
        /// address; none without one.
        var followedCalendars: [CalendarSource] {
            settings.me.value.all.isEmpty ? [] : settings.calendars.value.filter(\.exists)
        }

        /// The cache store beside the inbox, opened on first use; `nil` when it cannot be opened,
        /// which only costs the run a read of every calendar. A cache file made again because it
        /// was not to be trusted is said in one line.
        func cache() -> CacheStore? {
            if let cache = opened { return cache }
            let cache = try? CacheStore(home: settings.home.value, clock: environment.now)
            opened = cache
            if let cache, let reason = cache.remade {
                warn(
                    Printable.sanitize(
                        "the cache \(cache.path) was not as invites makes it (\(reason)): deleted and made again"))
            }
            return cache
        }

        func warn(_ message: String) {
            environment.err.write("invites: warning: \(message)\n")
        }

        func note(_ message: String) {
            environment.err.write("invites: \(message)\n")
        }
    }

    func print(_ line: String = "") {
        environment.out.write(line + "\n")
    }

    func warn(_ message: String) {
        opened.warn(message)
    }

    func note(_ message: String) {
        opened.note(message)
    }

    /// Writes one `--json` document to standard output: the body's keys beside `"schema"`.
    func printJSON(_ body: some Encodable) throws {
        environment.out.write(try JSONOutput.line(body))
    }

    /// A duration option (`--before 90m`), else the config's value, else the default.
    func duration(_ option: String, configKey: String, default fallback: TimeInterval) throws -> TimeInterval {
        try durationSetting(option, configKey: configKey, default: fallback).value
    }

    /// The same, with where it came from (for `invites config`). The look around an invite is
    /// at most ``ConflictFinder/longestMargin`` each way: more is a mistake (`99999999h`), and
    /// would make every `show` read years of calendar.
    func durationSetting(_ option: String, configKey: String, default fallback: TimeInterval) throws
        -> Settings.Origin<TimeInterval>
    {
        let longest = ConflictFinder.longestMargin
        let longestText = "\(Int(longest) / 86_400)d"
        if let text = arguments.value(option) {
            guard let value = DurationParser.parse(text) else {
                throw UsageError(
                    message: "\(option) takes a duration like 90m, 2h or 1h30m, not '\(Printable.sanitize(text))'",
                    command: nil)
            }
            guard value <= longest else {
                throw UsageError(
                    message: "\(option) takes a duration up to \(longestText), not '\(Printable.sanitize(text))'",
                    command: nil)
            }
            return Settings.Origin(value: value, source: option)
        }
        if let entry = settings.config.values[configKey]?.last {
            let value = try ConfigValues.duration(entry, key: configKey, path: settings.configPath)
            return Settings.Origin(value: value, source: "\(settings.configPath):\(entry.line)")
        }
        return Settings.Origin(value: fallback, source: "default")
    }

    /// A comma-separated list of named values (`--status accepted,tentative`); `nil` when the
    /// option is not given.
    func choices<Choice: RawRepresentable & CaseIterable & Hashable>(_ option: String, command: String) throws -> Set<
        Choice
    >?
    where Choice.RawValue == String {
        guard let text = arguments.value(option) else { return nil }
        return try Set(
            text.split(separator: ",").map { name in
                guard let choice = Choice(rawValue: String(name)) else {
                    let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError(
                        message: "\(option) takes \(names), not '\(Printable.sanitize(String(name)))'", command: command
                    )
                }
                return choice
            })
    }

    /// `--occurrences`, else the config's, else 10.
    func occurrences() throws -> Settings.Origin<Int> {
        if let text = arguments.value("--occurrences") {
            guard let number = Int(text), (1...1000).contains(number) else {
                throw UsageError(
                    message: "--occurrences takes a count from 1 to 1000, not '\(Printable.sanitize(text))'",
                    command: nil)
            }
            return Settings.Origin(value: number, source: "--occurrences")
        }
        if let entry = settings.config.values["occurrences"]?.last {
            let number = try ConfigValues.count(entry, key: "occurrences", path: settings.configPath)
            return Settings.Origin(value: number, source: "\(settings.configPath):\(entry.line)")
        }
        return Settings.Origin(value: 10, source: "default")
    }

    /// Says once, on standard error, that the default calendar does not exist yet.
    func mentionMissingCalendars() {
        for source in settings.calendars.value where !source.exists {
            note("calendar \(source.path) does not exist yet: an empty calendar, created by the first accept")
        }
    }
}
