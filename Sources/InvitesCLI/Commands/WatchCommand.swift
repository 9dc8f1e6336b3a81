import Foundation
import InvitesFormats
import InvitesKit
import InvitesSystem

/// `invites watch [--maildir DIR]... [--notify desktop|command|none] [--once] [--wait D]
/// [--verbose]`: takes invitations in as they arrive and tells of each; runs until SIGTERM or
/// SIGINT (exit 0); SIGHUP reads the settings again.
enum WatchCommand {
    static let spec = OptionSpec(values: ["--maildir", "--notify", "--wait"], flags: ["--once", "--verbose"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let wait: TimeInterval
        if let text = context.arguments.value("--wait") {
            guard let value = DurationParser.parse(text), value <= 3_600 else {
                throw UsageError(
                    message: "--wait takes a duration like 30s or 2m, up to 1h, not '\(Printable.sanitize(text))'",
                    command: "watch")
            }
            wait = value
        } else {
            wait = 10
        }
        _ = try setup(context)
        let verbose = context.arguments.has("--verbose")
        let loop = try WatchLoop(
            setup: {
                // SIGHUP: the config file and the environment read again, the options kept.
                try setup(context.reloaded(try Settings.resolve(context.arguments, environment: context.environment)))
            }, clock: context.environment.now,
            log: { if verbose { context.note("watch: \($0)") } }, note: { context.note("watch: \($0)") })
        try loop.run(
            WatchLoop.Options(
                once: context.arguments.has("--once"), wait: wait,
                overdue: {
                    // Still busy two seconds after SIGTERM or SIGINT: ended now, as SIGKILL would
                    // end it, without systemd's 90 seconds; what was not told is told next time.
                    try? DescriptorWriter.writeAll(
                        "invites: watch: still busy 2 seconds after the signal to end: ending now\n",
                        to: STDERR_FILENO)
                    Posix._exit(0)
                }))
        return .success
    }

    /// What the loop works with, from these settings.
    private static func setup(_ context: CommandContext) throws -> WatchLoop.Setup {
        let settings = context.settings
        let watching = settings.watching
        var notify: WatchLoop.Notify
        let modeName = context.arguments.value("--notify") ?? watching.notify.value.rawValue
        guard let mode = WatchSettings.Mode(rawValue: modeName) else {
            throw UsageError(
                message: "--notify takes desktop, command or none, not '\(Printable.sanitize(modeName))'",
                command: "watch")
        }
        switch mode {
        case .desktop: notify = .desktop
        case .none: notify = .none
        case .command:
            guard let command = watching.notifyCommand.value else {
                throw UsageError(
                    message: "--notify command runs the notify_command setting, and the config sets none",
                    command: "watch")
            }
            notify = .command(command)
        }
        var maildirs: [String] = []
        for path in watching.maildirs.value + context.arguments.all("--maildir") where !maildirs.contains(path) {
            _ = try Maildir(path)
            maildirs.append(path)
        }
        // Only a calendar that exists can be followed, and only for an address of yours.
        let calendars = settings.me.value.all.isEmpty ? [] : settings.calendars.value.filter(\.exists)
        guard !maildirs.isEmpty || !calendars.isEmpty else {
            throw UsageError(
                message: "nothing to watch: give --maildir DIR, or set 'maildir' (and 'me', for the invitations "
                    + "your server puts in your calendars) in the config",
                command: "watch")
        }
        return try context.home.watch(
            maildirs: maildirs, calendars: calendars, notify: notify, open: watching.open.value,
            look: try ShowCommand.look(context), confirmation: AnswerWords.confirmation,
            nudges: watching.nudge.value)
    }
}
