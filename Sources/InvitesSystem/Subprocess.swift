import Foundation

/// Runs a program the user configured (the `sendmail` command), feeds it bytes on its standard
/// input and keeps what it says, the way mutt and git send-email run theirs: no shell between,
/// so nothing in a message can become a command.
///
/// The child starts with SIGPIPE back at its default (a mail client may have ignored it), in a
/// process group of its own, so that a command that hangs past the deadline is killed whole.
package struct Subprocess {
    /// How a run ended.
    package struct Outcome: Sendable, Equatable {
        /// The exit status, or 128 + the signal that ended it (as a shell reports it).
        package var status: Int32
        /// The end of what it wrote on standard output and standard error together.
        package var output: String
        /// Whether it was killed for running past the deadline.
        package var timedOut: Bool
    }

    /// Why a program could not be run at all.
    package enum Failure: Error, Equatable, Sendable {
        /// posix_spawn failed: usually the program is not there (ENOENT) or not executable.
        case cannotStart(program: String, error: SystemCallError)
        case pipe(SystemCallError)
    }

    /// How much of the program's output is kept: the end of it, where the reason usually is.
    static let keptOutput = 4_096

    /// Runs `arguments` (the first is looked up in PATH when it has no slash) with `input` on its
    /// standard input and `variables` added to its environment; waits at most `timeout` seconds
    /// for it to finish.
    package static func run(
        _ arguments: [String], input: Data, timeout: TimeInterval, variables: [String: String] = [:]
    ) throws(Failure) -> Outcome {
        precondition(!arguments.isEmpty, "a command has a program")
        let (inputRead, inputWrite) = try pipe()
        let (outputRead, outputWrite) = try pipe()
        let pid: pid_t
        do {
            pid = try spawn(arguments, variables: variables, input: inputRead, output: outputWrite)
        } catch {
            for end in [inputRead, outputWrite, inputWrite, outputRead] { close(end) }
            throw error
        }
        close(inputRead)
        close(outputWrite)
        running.add(pid)
        let (output, timedOut) = exchange(input, to: inputWrite, from: outputRead, process: pid, timeout: timeout)
        var status: Int32 = 0
        _ = try? Posix.retrying("waitpid") { waitpid(pid, &status, 0) }
        running.remove(pid)
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Outcome(status: code, output: String(decoding: output, as: UTF8.self), timedOut: timedOut)
    }

    /// Stops every program a ``run(_:input:timeout:variables:)`` waits for, and each one started
    /// from now on, with SIGTERM to its process group: the process was asked to end (`watch`
    /// on SIGTERM) and cannot wait the two minutes a sendmail may take. A run stopped so ends
    /// as a failed one (status 143), which leaves a mail queued for the next `send`.
    package static func stopRunning() {
        running.stop()
    }

    /// The programs runs wait for, by process group.
    private static let running = RunningPrograms()

    /// The process groups of the programs being run, kept so that ``stopRunning()`` finds them
    /// on any thread; once stopping, a group added is stopped at once.
    private final class RunningPrograms: @unchecked Sendable {
        private let lock = NSLock()
        /// Guarded by `lock`.
        private var groups: Set<pid_t> = []
        private var stopping = false

        func add(_ group: pid_t) {
            lock.lock()
            defer { lock.unlock() }
            groups.insert(group)
            if stopping { kill(-group, SIGTERM) }
        }

        func remove(_ group: pid_t) {
            lock.lock()
            defer { lock.unlock() }
            groups.remove(group)
        }

        func stop() {
            lock.lock()
            defer { lock.unlock() }
            stopping = true
            for group in groups { kill(-group, SIGTERM) }
        }
    }

    /// Starts `arguments` and leaves it running (a terminal opened for the user), its standard
    /// input on /dev/null and in a process group of its own, so that a Ctrl-C meant for the
    /// starter does not reach it; the caller collects it when it ends
    /// (``Posix/reaped(_:)``).
    package static func start(_ arguments: [String]) throws(Failure) -> pid_t {
        precondition(!arguments.isEmpty, "a command has a program")
        return try spawn(arguments, variables: [:], input: nil, output: nil)
    }

    /// `posix_spawnp` of `arguments` with `variables` added to the environment, in a process
    /// group of its own with SIGPIPE at its default and no signal blocked; standard input from
    /// `input` (/dev/null when nil), standard output and error to `output` (the caller's when
    /// nil).
    private static func spawn(_ arguments: [String], variables: [String: String], input: Int32?, output: Int32?)
        throws(Failure) -> pid_t
    {
        // Darwin's types are opaque pointers, glibc's are structs.
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output, 1)
            posix_spawn_file_actions_adddup2(&actions, output, 2)
        }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        var pid = pid_t()
        let argv = arguments.map { strdup($0) } + [nil]
        let environment =
            ProcessInfo.processInfo.environment.merging(variables) { $1 }.map { strdup("\($0.key)=\($0.value)") }
            + [nil]
        defer { for pointer in argv + environment { free(pointer) } }
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environment)
        guard spawned == 0 else { throw .cannotStart(program: arguments[0], error: SystemCallError(code: spawned)) }
        return pid
    }

    /// Writes the input and reads the output at the same time (either may fill a pipe and wait
    /// for the other), until the program closes its output or the deadline passes.
    private static func exchange(
        _ input: Data, to inputFD: Int32, from outputFD: Int32, process: pid_t, timeout: TimeInterval
    ) -> (Data, Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var output = Data()
        var written = 0
        var inputOpen = true
        _ = fcntl(inputFD, F_SETFL, fcntl(inputFD, F_GETFL) | O_NONBLOCK)
        if input.isEmpty {
            close(inputFD)
            inputOpen = false
        }
        defer {
            if inputOpen { close(inputFD) }
            close(outputFD)
        }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else {
                kill(-process, SIGKILL)
                return (output, true)
            }
            var fds = [pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)]
            if inputOpen { fds.append(pollfd(fd: inputFD, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(left, 1) * 1000) + 1)
            if ready < 0, errno != EINTR { return (output, false) }
            if inputOpen, fds.count > 1, fds[1].revents != 0 {
                let count = withoutSIGPIPE {
                    input.withUnsafeBytes { bytes in
                        guard let base = bytes.baseAddress else { return 0 }
                        return write(inputFD, base + written, bytes.count - written)
                    }
                }
                if count > 0 { written += count }
                // A program that stops reading (it failed, or needs no more) ends the input.
                if written == input.count || (count < 0 && errno != EAGAIN && errno != EINTR) {
                    close(inputFD)
                    inputOpen = false
                }
            }
            if fds[0].revents != 0 {
                let count = read(outputFD, &buffer, buffer.count)
                if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { return (output, false) }
                if count > 0 {
                    output.append(contentsOf: buffer[0..<count])
                    if output.count > keptOutput { output = output.suffix(keptOutput) }
                }
            }
        }
    }

    /// Runs `body` with SIGPIPE held back in this thread, and takes away a SIGPIPE it raised:
    /// a write to a program that has exited then fails with EPIPE, whatever the process does
    /// with the signal (a library cannot count on its host having ignored it). On macOS the
    /// pipe itself is set not to raise it (F_SETNOSIGPIPE).
    private static func withoutSIGPIPE<T>(_ body: () -> T) -> T {
        #if canImport(Darwin)
            return body()
        #else
            var block = sigset_t()
            sigemptyset(&block)
            sigaddset(&block, SIGPIPE)
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &block, &previous)
            let result = body()
            let failure = errno
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1, sigismember(&previous, SIGPIPE) == 0 {
                var none = timespec(tv_sec: 0, tv_nsec: 0)
                sigtimedwait(&block, nil, &none)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            errno = failure
            return result
        #endif
    }

    private static func pipe() throws(Failure) -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        guard Foundation.pipe(&ends) == 0 else { throw .pipe(SystemCallError(code: errno, call: "pipe")) }
        // Only the child's copies (dup2 onto 0, 1 and 2) cross the exec; the command must not
        // hold its own input's write end, or it would never see that input end.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        #if canImport(Darwin)
            _ = fcntl(ends[1], F_SETNOSIGPIPE, 1)
        #endif
        return (ends[0], ends[1])
    }
}
