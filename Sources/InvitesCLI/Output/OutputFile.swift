import Foundation
import InvitesKit
import InvitesSystem

/// A file a command writes on request (`reply --out FILE`).
enum OutputFile {
    /// Creates or truncates `path` (mode 0666 less the umask, like a shell's `>`) and writes
    /// `text` to it; any failure is an ``OutputError/unwritable(path:reason:)`` naming the path
    /// and the system's reason.
    static func write(_ text: String, to path: String) throws(OutputError) {
        do throws(SystemCallError) {
            let descriptor = try Posix.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: 0o666)
            do throws(SystemCallError) {
                try DescriptorWriter.writeAll(text, to: descriptor)
            } catch {
                try? Posix.close(descriptor, path: path)
                throw error
            }
            try Posix.close(descriptor, path: path)
        } catch {
            throw .unwritable(path: path, reason: error.description)
        }
    }
}
