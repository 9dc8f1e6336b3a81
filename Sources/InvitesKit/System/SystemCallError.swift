import Foundation

/// A system call that failed, with the `errno` it left.
///
/// Kept as the number, not only its text, so that callers can tell a reader that went away
/// (`EPIPE`) from a full disk (`ENOSPC`) and answer each the way it deserves.
public struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `errno` value.
    public var code: Int32

    /// Wraps an `errno` value.
    public init(code: Int32) {
        self.code = code
    }

    /// The system's own words for the error ("No space left on device").
    public var description: String { String(cString: strerror(code)) }
}
