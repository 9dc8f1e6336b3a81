import Foundation

/// Where a command's text goes: standard output or error, or memory in tests.
public final class TextSink: @unchecked Sendable {
    private let handle: FileHandle?
    private let lock = NSLock()
    private var buffer = Data()

    /// Writes straight to a file handle.
    public init(handle: FileHandle) {
        self.handle = handle
    }

    /// Collects everything written, for tests.
    public init() {
        self.handle = nil
    }

    public func write(_ text: String) {
        let data = Data(text.utf8)
        lock.lock()
        defer { lock.unlock() }
        if let handle {
            handle.write(data)
        } else {
            buffer.append(data)
        }
    }

    /// Everything written so far (in-memory sinks only).
    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: buffer, as: UTF8.self)
    }
}

/// Everything a command may take from the outside world, injected so commands run in-process
/// in tests without touching `$HOME`, the clock or the terminal.
public struct CLIEnvironment: Sendable {
    public var variables: [String: String]
    public var now: @Sendable () -> Date
    public var readStandardInput: @Sendable () -> Data
    /// Whether standard output is a terminal (for `--color auto`).
    public var outputIsTerminal: Bool
    public var out: TextSink
    public var err: TextSink

    public init(
        variables: [String: String], now: @escaping @Sendable () -> Date = { Date() },
        readStandardInput: @escaping @Sendable () -> Data = { FileHandle.standardInput.readDataToEndOfFile() },
        outputIsTerminal: Bool = false, out: TextSink, err: TextSink
    ) {
        self.variables = variables
        self.now = now
        self.readStandardInput = readStandardInput
        self.outputIsTerminal = outputIsTerminal
        self.out = out
        self.err = err
    }

    /// The real process environment and streams.
    public static func process() -> CLIEnvironment {
        CLIEnvironment(
            variables: ProcessInfo.processInfo.environment,
            outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            out: TextSink(handle: .standardOutput), err: TextSink(handle: .standardError))
    }
}
