/// The exit statuses the spec promises.
package enum ExitCode: Int32, Sendable {
    case success = 0
    case failure = 1
    case usage = 2
    case conflict = 3
    case invalidInput = 65
    case noInput = 66
    case ioError = 74
    /// Try again later (EX_TEMPFAIL): another `watch` already watches the store.
    case temporaryFailure = 75
    /// Standard output was closed before everything was written (`| head -n 1`): 128 + SIGPIPE,
    /// the status a shell reports for a filter killed by SIGPIPE, so scripts that already treat
    /// that case keep working when SIGPIPE is ignored.
    case outputClosed = 141
}
