import Foundation

// `sigaction` is a struct's name too: the call, by its type.
private func systemSigaction(_ signal: Int32, _ action: UnsafePointer<sigaction>) -> Int32 {
    sigaction(signal, action, nil)
}

/// Signals: what the process does with them, and raising them.
///
/// The wrappers used from signal handlers (``sigaction(_:_:)``, ``raise(_:)``,
/// ``sigprocmask(unblocking:)``) are async-signal-safe as the calls they make are: they build
/// nothing on the heap unless a call fails, and their callers drop that failure.
extension Posix {
    /// A signal handler, as `sigaction(2)` takes one.
    package typealias SignalHandler = @convention(c) (Int32) -> Void

    /// `signal(2)` with `SIG_IGN`: the signal is ignored from now on (a write to a closed pipe
    /// then fails with `EPIPE` instead of killing the process).
    package static func ignore(_ signal: Int32) {
        _ = Foundation.signal(signal, SIG_IGN)
    }

    /// `sigaction(2)`: `handler` runs on `signal` (its default action when nil), without
    /// `SA_RESTART`, so that a wait in progress returns when it comes.
    package static func sigaction(_ signal: Int32, _ handler: SignalHandler?) throws(SystemCallError) {
        var action = Foundation.sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler ?? SIG_DFL
        #else
            action.__sigaction_handler.sa_handler = handler ?? SIG_DFL
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        try once("sigaction") { systemSigaction(signal, &action) }
    }

    /// `sigprocmask(2)`: `signal` is no longer blocked (a handler runs with its own signal
    /// blocked; one that stops the process must unblock it first).
    package static func sigprocmask(unblocking signal: Int32) throws(SystemCallError) {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        try once("sigprocmask") { Foundation.sigprocmask(SIG_UNBLOCK, &set, nil) }
    }

    /// `raise(3)`: sends `signal` to the process itself.
    package static func raise(_ signal: Int32) throws(SystemCallError) {
        try once("raise") { Foundation.raise(signal) }
    }
}
