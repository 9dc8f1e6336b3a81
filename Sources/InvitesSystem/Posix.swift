import Foundation

/// The one door to the system's calls: one typed wrapper for each call `invites` makes
/// (swift-nio's `Posix` in `NIOPosix/System.swift`), the only way code outside `System/`
/// reaches them. Each wrapper makes its call again when a signal interrupted it (`EINTR`),
/// where that is safe, and throws a ``SystemCallError`` naming the call and its path, which
/// each layer turns into its own error naming the path in its own words.
///
/// The platform's C library comes in through Foundation, which re-exports Glibc on Linux and
/// Darwin on macOS: the wrappers call it as `Foundation.open`, so that their own names (kept
/// the C names, to be found by them) do not call themselves.
///
/// The wrappers are grouped by concept: files and descriptors (`Posix+Files.swift`), folders
/// (`Posix+Folders.swift`), the process and its signals (`Posix+Process.swift`), and the
/// terminal (`Posix+Terminal.swift`). `SystemCallDoorTests` fails on a raw call elsewhere.
package enum Posix {
    /// Makes `call` (which answers a negative number with `errno` set on failure) again while it
    /// is interrupted, and throws what else it fails with, named.
    @inline(__always)
    @discardableResult
    static func retrying<Result: SignedInteger>(
        _ name: String, path: String? = nil, _ call: () -> Result
    ) throws(SystemCallError) -> Result {
        while true {
            let result = call()
            if result >= 0 { return result }
            let code = errno
            guard code == EINTR else { throw SystemCallError(code: code, call: name, path: path) }
        }
    }

    /// Makes `call` once: for the calls that must not be made twice (`close`, whose descriptor
    /// is gone whatever it answers) or that are not interrupted.
    @inline(__always)
    @discardableResult
    static func once<Result: SignedInteger>(
        _ name: String, path: String? = nil, _ call: () -> Result
    ) throws(SystemCallError) -> Result {
        let result = call()
        guard result >= 0 else { throw SystemCallError(code: errno, call: name, path: path) }
        return result
    }
}
