import InvitesFormats
import InvitesKit

/// The one place where errors become messages and exit statuses.
enum ErrorReport {
    /// Prints the error on standard error and returns the exit status the spec gives it.
    @discardableResult
    static func report(_ error: Error, to environment: CLIEnvironment) -> ExitCode {
        report(error, on: environment.err)
    }

    /// The same, onto one stream; a closed standard output is reported by its status alone.
    @discardableResult
    static func report(_ error: Error, on err: TextSink) -> ExitCode {
        let (message, code) = describe(error)
        if case OutputError.closed = error { return code }
        err.write("invites: error: \(message)\n")
        if let usage = error as? UsageError {
            let command = usage.command.map { " \($0)" } ?? ""
            err.write("Usage: invites [OPTIONS]\(command.isEmpty ? " COMMAND" : command) ...\n")
            err.write("See 'invites\(command) --help'.\n")
        }
        return code
    }

    static func describe(_ error: Error) -> (String, ExitCode) {
        switch error {
        case let error as UsageError:
            return (error.message, .usage)
        case let error as CalendarError:
            switch error {
            case .notFound:
                return (
                    Printable.sanitize(error.description) + "; check --calendar, INVITES_CALENDAR or the config",
                    .noInput
                )
            case .notACalendar, .tooLarge: return (Printable.sanitize(error.description), .invalidInput)
            case .unreadable, .unwritable, .invitationGone: return (Printable.sanitize(error.description), .ioError)
            case .notTheInvitations: return (Printable.sanitize(error.description), .failure)
            }
        case let error as IngestError:
            if case .unreadable = error { return (Printable.sanitize(error.description), .ioError) }
            return (Printable.sanitize(error.description), .invalidInput)
        case let error as FileError:
            return (error.description, .noInput)
        case let error as OutputError:
            if case .closed = error { return (error.description, .outputClosed) }
            return (Printable.sanitize(error.description), .ioError)
        case let error as StoreError:
            // An unsafe home is refused, not a failed read or write: nothing was tried.
            if case .unsafeHome = error { return (Printable.sanitize(error.description), .failure) }
            return (Printable.sanitize(error.description), .ioError)
        case let error as UnknownHandleError:
            return (error.description, .failure)
        case let error as LookupError:
            guard case .notFound = error else { return (error.description, .failure) }
            return (error.description + "; 'invites list --all' shows the handles", .failure)
        case let error as ReplyError:
            guard error == .noAddress else { return (error.description, .failure) }
            return (error.description + ": give --me ADDR, set INVITES_ME, or put 'me = ADDR' in the config", .failure)
        case let error as ConfigError:
            return (Printable.sanitize(error.description), .usage)
        case let error as ConfigFileError:
            if case .missing = error { return (error.description, .noInput) }
            return (error.description, .ioError)
        case let error as WatchError:
            if case .alreadyRunning = error { return (Printable.sanitize(error.description), .temporaryFailure) }
            return (Printable.sanitize(error.description), .ioError)
        default:
            return (Printable.sanitize(String(describing: error)), .failure)
        }
    }
}
