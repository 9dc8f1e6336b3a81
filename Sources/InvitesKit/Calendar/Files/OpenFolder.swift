import Foundation
import InvitesSystem

/// A folder open for listing and for opening and stamping its entries by name, closed when the
/// last reference goes.
final class OpenFolder {
    private let stream: Posix.FolderStream
    var descriptor: Int32 { Posix.dirfd(stream) }

    init(_ path: String) throws(CalendarError) {
        do {
            stream = try Posix.opendir(path)
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
    }

    /// The next entry, or nil after the last.
    func next() -> UnsafeMutablePointer<dirent>? {
        Posix.readdir(stream)
    }

    deinit {
        Posix.closedir(stream)
    }
}
