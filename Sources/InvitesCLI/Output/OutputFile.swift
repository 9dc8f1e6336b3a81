import Foundation
import InvitesKit

/// A file a command writes on request (`reply --out FILE`).
enum OutputFile {
    /// Creates or truncates `path` (mode 0666 less the umask, like a shell's `>`) and writes
    /// `text` to it; any failure is an ``OutputError/unwritable(path:reason:)`` naming the path
    /// and the system's reason.
    static func write(_ text: String, to path: String) throws(OutputError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw .unwritable(path: path, reason: SystemCallError(code: errno).description)
        }
        do {
            try DescriptorWriter.writeAll(text, to: descriptor)
        } catch {
            close(descriptor)
            throw .unwritable(path: path, reason: error.description)
        }
        guard close(descriptor) == 0 else {
            throw .unwritable(path: path, reason: SystemCallError(code: errno).description)
        }
    }
}
