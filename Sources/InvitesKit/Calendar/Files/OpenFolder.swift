import Foundation

/// A folder open for listing and for opening and stamping its entries by name, closed when the
/// last reference goes.
final class OpenFolder {
    #if canImport(Darwin)
        let stream: UnsafeMutablePointer<DIR>
    #else
        let stream: OpaquePointer
    #endif
    var descriptor: Int32 { dirfd(stream) }

    init(_ path: String) throws(CalendarError) {
        guard let stream = opendir(path) else {
            throw .unreadable(path: path, reason: SystemCall.lastError.description)
        }
        self.stream = stream
    }

    deinit {
        closedir(stream)
    }
}
