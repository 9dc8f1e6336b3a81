import Foundation

/// A system call that failed, with the `errno` it left, the call, and the path it was about
/// where there was one.
///
/// Kept as the number, not only its text, so that callers can tell a reader that went away
/// (`EPIPE`) from a full disk (`ENOSPC`) and answer each the way it deserves. The message
/// (``description``) is the system's words alone: each layer puts the path into its own error,
/// in its own words, so the call and the path here are for callers that want to know more.
package struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `errno` value.
    package var code: Int32
    /// The call that failed (`"rename"`), when the door made it.
    package var call: String?
    /// The path the call was about, when it had one.
    package var path: String?

    /// Wraps an `errno` value, with the call and the path it came from where they are known.
    package init(code: Int32, call: String? = nil, path: String? = nil) {
        self.code = code
        self.call = call
        self.path = path
    }

    /// The system's own words for the error ("No space left on device").
    package var description: String { String(cString: strerror(code)) }
}
