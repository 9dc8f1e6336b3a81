import Foundation

/// The one door to the system's calls: an interrupted call (`EINTR`) is made again, and a failed
/// one throws a ``SystemCallError`` with its `errno`, which each layer turns into its own error
/// naming the path (swift-nio's `syscall(blocking:where:_:)`).
///
/// The platform's C library comes in through Foundation, which re-exports Glibc on Linux and
/// Darwin on macOS: no file here needs a `#if canImport` ladder of its own.
enum SystemCall {
    /// Makes a call that answers a negative number with `errno` set, again while it is `EINTR`.
    @discardableResult
    static func retrying<Result: SignedInteger>(_ call: () -> Result) throws(SystemCallError) -> Result {
        while true {
            let result = call()
            if result >= 0 { return result }
            guard errno == EINTR else { throw SystemCallError(code: errno) }
        }
    }

    /// `errno` as an error, for a call that says it failed some other way.
    static var lastError: SystemCallError { SystemCallError(code: errno) }
}
