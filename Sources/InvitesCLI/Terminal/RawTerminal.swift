import Foundation
import InvitesKit
import InvitesSystem

/// A terminal put in cbreak mode for `review`: each key arrives as it is pressed, without echo,
/// and the terminal is always given back as it was found.
///
/// Bracketed paste is turned on with cbreak mode (`ESC [?2004h`, on the terminal `review`
/// draws on) and off whenever the mode is given back (`ESC [?2004l`), so that the terminal
/// marks what is pasted and ``KeyDecoder`` takes it as text: without it a pasted newline is
/// Enter and a pasted letter a key. A terminal that does not know the mode ignores both.
///
/// "Always" covers every way out: a normal end and an error (``restore()``, which `review`
/// calls on every path), standard output failing (``restoreNow()`` before the process ends),
/// and signals: SIGINT, SIGTERM, SIGHUP and SIGQUIT give the mode back, then end the process
/// as the signal would have; SIGTSTP (Ctrl-Z) gives it back before the process stops, and
/// SIGCONT takes cbreak mode again and asks for a redraw. SIGWINCH asks for a redraw at the
/// new width. Ctrl-C stays a signal (ISIG is kept), so it stops `review` as it stops any
/// program.
///
/// Signal handlers can capture nothing, so the state they use is static; it is written before
/// the handlers are installed and only read by them, and a process has one terminal.
final class RawTerminal: Keyboard {
    /// The terminal's modes as found and as used here, and its descriptor; -1 when none is held.
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var raw = termios()
    nonisolated(unsafe) private static var descriptor: Int32 = -1
    /// Where `review` draws, which takes the bracketed-paste switches.
    nonisolated(unsafe) private static var screen: Int32 = -1
    /// Set by SIGWINCH and SIGCONT: the screen needs drawing again.
    nonisolated(unsafe) private static var redraw: Int32 = 0

    private static let endingSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    private var decoder = KeyDecoder()
    private var queued: [Key] = []

    let singleKeys = true

    /// Takes the terminal on `descriptor` (standard input) into cbreak mode, with bracketed
    /// paste on the terminal `screen` (standard output) draws on; `nil` when it is not a
    /// terminal or its mode cannot be read or set.
    init?(descriptor: Int32, screen: Int32 = STDOUT_FILENO) {
        guard Posix.isatty(descriptor), let modes = try? Posix.tcgetattr(descriptor) else { return nil }
        RawTerminal.saved = modes
        RawTerminal.raw = modes
        RawTerminal.raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &RawTerminal.raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        RawTerminal.redraw = 0
        RawTerminal.descriptor = descriptor
        RawTerminal.screen = Posix.isatty(screen) ? screen : descriptor
        guard (try? Posix.tcsetattr(descriptor, RawTerminal.raw)) != nil else {
            RawTerminal.descriptor = -1
            return nil
        }
        RawTerminal.bracketedPaste(on: true)
        for signal in RawTerminal.endingSignals { RawTerminal.install(signal, RawTerminal.ending) }
        RawTerminal.install(SIGTSTP, RawTerminal.suspend)
        RawTerminal.install(SIGCONT, RawTerminal.resume)
        RawTerminal.install(SIGWINCH, RawTerminal.resize)
    }

    deinit {
        restore()
    }

    func restore() {
        guard RawTerminal.descriptor >= 0 else { return }
        for signal in RawTerminal.endingSignals + [SIGTSTP, SIGCONT, SIGWINCH] {
            RawTerminal.install(signal, nil)
        }
        RawTerminal.restoreNow()
        RawTerminal.descriptor = -1
    }

    /// Gives the terminal its mode back, bracketed paste off, if `review` holds it; for the
    /// paths that end the process without unwinding (a failed standard output) and the signal
    /// handlers.
    static func restoreNow() {
        guard descriptor >= 0 else { return }
        bracketedPaste(on: false)
        try? Posix.tcsetattr(descriptor, saved)
    }

    /// Turns bracketed paste on or off. Safe in a signal handler: static text written with
    /// `write(2)`, nothing allocated.
    private static func bracketedPaste(on: Bool) {
        let text: StaticString = on ? "\u{1B}[?2004h" : "\u{1B}[?2004l"
        try? DescriptorWriter.writeAll(
            UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), to: screen)
    }

    func next() -> KeyboardEvent {
        while true {
            if !queued.isEmpty { return .key(queued.removeFirst()) }
            if RawTerminal.redraw != 0 {
                RawTerminal.redraw = 0
                return .resized
            }
            // A wait that ends every quarter second, so a resize is seen even if its signal
            // came between the check above and the wait; an ESC is a key of its own when
            // nothing follows it within 50 ms.
            var poll = [pollfd(fd: RawTerminal.descriptor, events: Int16(POLLIN), revents: 0)]
            let ready: Int32
            do {
                ready = try Posix.poll(&poll, milliseconds: decoder.isWaiting ? 50 : 250)
            } catch {
                if error.code == EINTR { continue }
                return .end
            }
            if ready == 0 {
                if decoder.isWaiting { queued += decoder.flush() }
                continue
            }
            var bytes = [UInt8](repeating: 0, count: 64)
            let count: Int
            do {
                count = try Posix.read(RawTerminal.descriptor, into: &bytes, count: bytes.count)
            } catch {
                if error.code == EAGAIN { continue }
                return .end
            }
            guard count > 0 else { return .end }
            for byte in bytes.prefix(count) { queued += decoder.feed(byte) }
        }
    }

    private static func install(_ signal: Int32, _ handler: Posix.SignalHandler?) {
        // No SA_RESTART: a wait in progress returns, so a resize is drawn at once.
        try? Posix.sigaction(signal, handler)
    }

    /// SIGINT, SIGTERM, SIGHUP, SIGQUIT: the mode back, then the signal's own end.
    private static let ending: @convention(c) (Int32) -> Void = { signal in
        RawTerminal.restoreNow()
        try? Posix.sigaction(signal, nil)
        try? Posix.raise(signal)
    }

    /// SIGTSTP: the mode back, stop as Ctrl-Z stops any program; once continued, cbreak again.
    private static let suspend: @convention(c) (Int32) -> Void = { _ in
        RawTerminal.restoreNow()
        try? Posix.sigaction(SIGTSTP, nil)
        try? Posix.sigprocmask(unblocking: SIGTSTP)
        try? Posix.raise(SIGTSTP)
        // Continued here.
        try? Posix.sigaction(SIGTSTP, RawTerminal.suspend)
        RawTerminal.takeAgain()
    }

    /// SIGCONT (also after a stop that was not Ctrl-Z): cbreak again, and a redraw.
    private static let resume: @convention(c) (Int32) -> Void = { _ in
        RawTerminal.takeAgain()
    }

    private static let resize: @convention(c) (Int32) -> Void = { _ in
        RawTerminal.redraw = 1
    }

    private static func takeAgain() {
        guard descriptor >= 0 else { return }
        try? Posix.tcsetattr(descriptor, raw)
        bracketedPaste(on: true)
        redraw = 1
    }
}
