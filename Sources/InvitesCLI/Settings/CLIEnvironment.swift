import Foundation
import InvitesKit
import InvitesSystem

/// Everything a command may take from the outside world, injected so commands run in-process
/// in tests without touching `$HOME`, the clock or the terminal.
package struct CLIEnvironment: Sendable {
    package var variables: [String: String]
    package var now: @Sendable () -> Date
    package var readStandardInput: @Sendable () -> Data
    /// Whether standard output is a terminal (for `--color auto`).
    package var outputIsTerminal: Bool
    /// Whether standard input is a terminal: `ingest` then says it reads it, or asks for `-`,
    /// rather than waiting silently for text nobody is about to type.
    package var inputIsTerminal: Bool
    package var out: TextSink
    package var err: TextSink
    /// Asks the user a yes-or-no question on their terminal (`send = ask`); `nil` when there is
    /// none to ask on. By default there is none, so a test never waits for a person.
    package var confirm: @Sendable (String) -> Bool?
    /// The columns of the terminal standard output is, asked each time (it may have been
    /// resized); `nil` when it is not a terminal.
    package var terminalColumns: @Sendable () -> Int?
    /// The rows of the terminal standard output is, asked each time; `nil` when it is not a
    /// terminal (then `review` takes `LINES`, else draws without a limit).
    package var terminalRows: @Sendable () -> Int?
    /// What `review` reads keys from; `nil` reads lines from ``readStandardInput``.
    package var keyboard: (@Sendable () -> Keyboard)?

    package init(
        variables: [String: String], now: @escaping @Sendable () -> Date = { Date() },
        readStandardInput: @escaping @Sendable () -> Data = { CLIEnvironment.standardInputOrExit() },
        outputIsTerminal: Bool = false, inputIsTerminal: Bool = false, out: TextSink, err: TextSink,
        confirm: @escaping @Sendable (String) -> Bool? = { _ in nil },
        terminalColumns: @escaping @Sendable () -> Int? = { nil },
        terminalRows: @escaping @Sendable () -> Int? = { nil }, keyboard: (@Sendable () -> Keyboard)? = nil
    ) {
        self.variables = variables
        self.now = now
        self.readStandardInput = readStandardInput
        self.outputIsTerminal = outputIsTerminal
        self.inputIsTerminal = inputIsTerminal
        self.out = out
        self.err = err
        self.confirm = confirm
        self.terminalColumns = terminalColumns
        self.terminalRows = terminalRows
        self.keyboard = keyboard
    }

    /// All of standard input; when it cannot be read (redirected from a folder, a terminal gone),
    /// the process ends with 74 and one message. Standard input is read before anything is
    /// changed, so nothing is lost; the non-throwing signature is what commands call.
    package static func standardInputOrExit() -> Data {
        do throws(SystemCallError) {
            return try DescriptorReader.readAll(STDIN_FILENO)
        } catch {
            let err = TextSink(descriptor: STDERR_FILENO, name: "standard error")
            Posix._exit(
                ErrorReport.report(IngestError.unreadable(file: "<stdin>", reason: error.description), on: err).rawValue
            )
        }
    }

    /// The real process environment and streams.
    ///
    /// Once standard output fails the process ends at once, with 141 when the reader went away
    /// and 74 (and one message) otherwise: what `invites list | head -n 1` would do with SIGPIPE
    /// at its default, without a signal and without a backtrace. Every write that changes
    /// something is whole before its line is printed, so nothing is cut in half. A failing
    /// standard error only loses its messages: there is nowhere left to report that.
    package static func process() -> CLIEnvironment {
        let err = TextSink(descriptor: STDERR_FILENO, name: "standard error")
        let out = TextSink(descriptor: STDOUT_FILENO, name: "standard output") { failure in
            RawTerminal.restoreNow()
            Posix._exit(ErrorReport.report(failure, on: err).rawValue)
        }
        let variables = Posix.environment()
        return CLIEnvironment(
            variables: variables,
            outputIsTerminal: Posix.isatty(STDOUT_FILENO), inputIsTerminal: Posix.isatty(STDIN_FILENO),
            out: out, err: err, confirm: TerminalPrompt.confirm,
            terminalColumns: { TerminalSize.columns(of: STDOUT_FILENO) },
            terminalRows: { TerminalSize.rows(of: STDOUT_FILENO) },
            keyboard: {
                // Single keys only where `review` can draw and read on a terminal that takes them.
                let dumb = variables["TERM"] == "dumb"
                if !dumb, Posix.isatty(STDOUT_FILENO), let terminal = RawTerminal(descriptor: STDIN_FILENO) {
                    return terminal
                }
                return LineKeyboard(descriptor: STDIN_FILENO)
            })
    }
}
