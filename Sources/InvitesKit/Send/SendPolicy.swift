/// When a message an answer or a proposal queued leaves for the organizer: the `send` setting.
///
/// A value the caller hands to ``Dispatcher``, so that a command, `review` and a
/// desktop notification send by the same rule.
package enum SendPolicy: String, Sendable, Hashable, CaseIterable {
    /// At once, as if `--send` were given.
    case always
    /// Asks the user first; where nobody can be asked, it stays queued.
    case ask
    /// Only by `invites send` or `--send`: nothing leaves the machine unless the user says so.
    case never

    /// The policy for one message, once the user's word for it is heard: `--send` (true) is
    /// ``always``, `--no-send` (false) ``never``, and without one the setting stands.
    package func overridden(by send: Bool?) -> SendPolicy {
        send.map { $0 ? .always : .never } ?? self
    }
}
