import Foundation

/// Writes whole buffers to a file descriptor with `write(2)`.
///
/// `write` may take only part of a buffer (a pipe, a signal arriving) or be interrupted before
/// it takes anything (`EINTR`); this loops until everything is written or a real error comes
/// back. Errors are thrown, never trapped on: Foundation's `FileHandle.write` traps on `EPIPE`,
/// which crashes a program whose reader went away when `SIGPIPE` is ignored (as under neomutt).
package enum DescriptorWriter {
    /// Writes every byte of `bytes` to `descriptor`.
    ///
    /// At most ``chunk`` bytes go to each call. One call of 13 MB (a vdir's index) had the
    /// kernel fill its page cache in large folios, which on the bench machine took 50-150 ms
    /// where the same bytes in calls of 64 KiB took 4 ms: the large pages come from memory its
    /// host has not backed yet. A call per 64 KiB costs nothing measurable anywhere else.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(SystemCallError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let count = systemWrite(descriptor, base + offset, min(bytes.count - offset, chunk))
            if count > 0 {
                offset += count
                continue
            }
            if count == 0 { throw SystemCallError(code: EIO) }
            switch errno {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                // A descriptor someone else made non-blocking (a terminal shared with a parent):
                // wait until it takes more, rather than spinning or giving up.
                try waitUntilWritable(descriptor)
            default:
                throw SystemCallError(code: errno)
            }
        }
    }

    /// The most one write call is given (see ``writeAll(_:to:)-(UnsafeRawBufferPointer,_)``).
    package static let chunk = 1 << 16

    /// Writes the UTF-8 bytes of `text` to `descriptor`.
    package static func writeAll(_ text: String, to descriptor: Int32) throws(SystemCallError) {
        var text = text
        let result = text.withUTF8 { bytes -> SystemCallError? in
            do throws(SystemCallError) {
                try writeAll(UnsafeRawBufferPointer(bytes), to: descriptor)
                return nil
            } catch {
                return error
            }
        }
        if let result { throw result }
    }

    /// Writes every byte of `data` to `descriptor`.
    package static func writeAll(_ data: Data, to descriptor: Int32) throws(SystemCallError) {
        // `withUnsafeBytes` rethrows untyped errors: the typed one is carried out as a value.
        let result = data.withUnsafeBytes { bytes -> SystemCallError? in
            do throws(SystemCallError) {
                try writeAll(bytes, to: descriptor)
                return nil
            } catch {
                return error
            }
        }
        if let result { throw result }
    }

    private static func waitUntilWritable(_ descriptor: Int32) throws(SystemCallError) {
        var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        while poll(&request, 1, -1) < 0 {
            guard errno == EINTR else { throw SystemCallError(code: errno) }
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, buffer, count)
        #else
            Darwin.write(descriptor, buffer, count)
        #endif
    }
}
