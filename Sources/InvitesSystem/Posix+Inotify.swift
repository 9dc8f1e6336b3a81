#if os(Linux)
    import Foundation

    /// inotify(7): the kernel tells of changes in watched folders through one descriptor, so
    /// that `watch` sleeps in `poll` until mail arrives instead of listing folders on a timer.
    extension Posix {
        /// `inotify_init1(2)`, non-blocking and closed on exec.
        package static func inotifyInit() throws(SystemCallError) -> Int32 {
            try once("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
        }

        /// `inotify_add_watch(2)`: a watch of `path` for the events in `mask`; `ENOSPC` when the
        /// user's limit of watches (`fs.inotify.max_user_watches`) is reached.
        package static func inotifyAddWatch(_ descriptor: Int32, _ path: String, mask: UInt32) throws(SystemCallError)
            -> Int32
        {
            try once("inotify_add_watch", path: path) { inotify_add_watch(descriptor, path, mask) }
        }

        /// One event read from an inotify descriptor.
        package struct InotifyEvent: Sendable, Equatable {
            package var watch: Int32
            package var mask: UInt32
            /// The name of the file in the watched folder the event is about; empty for the
            /// folder itself.
            package var name: String
        }

        /// Reads what events are waiting (none when none are: the descriptor does not block).
        /// The queue's overflow (`IN_Q_OVERFLOW`) comes as an event with watch -1.
        package static func inotifyEvents(_ descriptor: Int32) throws(SystemCallError) -> [InotifyEvent] {
            var events: [InotifyEvent] = []
            let size = 64 * 1024
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
            defer { buffer.deallocate() }
            while true {
                let count: Int
                do {
                    count = try read(descriptor, into: buffer, count: size)
                } catch  where error.code == EAGAIN {
                    return events
                }
                guard count > 0 else { return events }
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let event = buffer.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let length = Int(event.len)
                    guard offset + header + length <= count else { break }
                    let bytes = UnsafeRawBufferPointer(start: buffer + offset + header, count: length)
                    let name = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                    events.append(InotifyEvent(watch: event.wd, mask: event.mask, name: name))
                    offset += header + length
                }
            }
        }
    }
#endif
