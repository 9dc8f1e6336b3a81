/// A command line that cannot be run as written; printed with the usage line and exit 2.
struct UsageError: Error, Equatable {
    var message: String
    /// The command whose help to point at, if one was recognised.
    var command: String?
}
