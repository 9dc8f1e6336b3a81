import Foundation
import InvitesKit
import InvitesSystem

/// Where a command's text goes: standard output or error, or memory in tests.
///
/// Text goes out through `write(2)` (``DescriptorWriter``), never `FileHandle.write`, which
/// traps when the reader has gone away and `SIGPIPE` is ignored — a crash with a backtrace for
/// `invites list | head -n 1` inside neomutt. ``write(_:)`` does not throw, since every command
/// prints through it: the first failure is kept in ``failure``, later text is dropped, and
/// `onFailure` is told once (the process's own standard output ends the process there: nobody
/// reads what it would go on to do).
package final class TextSink: @unchecked Sendable {
    private let descriptor: Int32?
    private let name: String
    private let onFailure: (@Sendable (OutputError) -> Void)?
    private let lock = NSLock()
    private var buffer = Data()
    private var firstFailure: OutputError?
    private var wrote = false

    /// Writes to a file descriptor; `name` ("standard output") is what messages call it.
    package init(descriptor: Int32, name: String, onFailure: (@Sendable (OutputError) -> Void)? = nil) {
        self.descriptor = descriptor
        self.name = name
        self.onFailure = onFailure
    }

    /// Writes to a file handle's descriptor (never through the handle itself).
    package convenience init(handle: FileHandle) {
        self.init(descriptor: handle.fileDescriptor, name: "file descriptor \(handle.fileDescriptor)")
    }

    /// Collects everything written, for tests.
    package init() {
        self.descriptor = nil
        self.name = "memory"
        self.onFailure = nil
    }

    /// Writes the text whole, or records why it could not.
    package func write(_ text: String) {
        lock.lock()
        wrote = wrote || !text.isEmpty
        guard let descriptor else {
            buffer.append(contentsOf: text.utf8)
            lock.unlock()
            return
        }
        guard firstFailure == nil else {
            lock.unlock()
            return
        }
        var failed: OutputError?
        do {
            try DescriptorWriter.writeAll(text, to: descriptor)
        } catch {
            failed = OutputError(stream: name, error)
            firstFailure = failed
        }
        lock.unlock()
        // Outside the lock: the handler may write to another sink, or end the process.
        if let failed { onFailure?(failed) }
    }

    /// Whether anything was written (or tried): a failed `--json` command prints its error as
    /// JSON only where it had printed no document yet.
    package var hasWritten: Bool {
        lock.lock()
        defer { lock.unlock() }
        return wrote
    }

    /// The first write that failed, if any; nil for an in-memory sink.
    package var failure: OutputError? {
        lock.lock()
        defer { lock.unlock() }
        return firstFailure
    }

    /// Everything written so far (in-memory sinks only).
    package var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: buffer, as: UTF8.self)
    }
}
