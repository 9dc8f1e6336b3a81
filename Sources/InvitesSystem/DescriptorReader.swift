import Foundation

/// Reads a file descriptor to its end with `read(2)`.
///
/// Foundation's `FileHandle.readDataToEndOfFile` traps on a read error: standard input
/// redirected from a folder (`EISDIR`) or a terminal that went away (`EIO`) would crash the
/// process. This retries `EINTR`, waits out `EAGAIN`, and throws anything else.
package enum DescriptorReader {
    /// Everything `descriptor` yields until end of file.
    package static func readAll(_ descriptor: Int32) throws(SystemCallError) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
                continue
            }
            if count == 0 { return data }
            switch errno {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                while poll(&request, 1, -1) < 0 {
                    guard errno == EINTR else { throw SystemCallError(code: errno) }
                }
            default:
                throw SystemCallError(code: errno)
            }
        }
    }
}
