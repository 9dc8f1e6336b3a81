import Foundation

/// Tells which of the watched folders changed: through inotify where the system has it, else
/// (no inotify, or its limit of watches reached) by saying so once and letting the loop look
/// at every folder on a timer.
///
/// Mail arrives in a Maildir as mbsync, offlineimap, fdm and getmail deliver it: written in
/// `tmp/` and renamed (or linked) into `new/`, later moved to `cur/` with flags; `new/` and
/// `cur/` are watched, `tmp/` is not, so a message half written is never read. A calendar file
/// is watched through its folder (writers replace it by a rename), for its own name alone.
final class FolderWatcher {
    /// One folder to watch, and the names in it that matter (`nil`: every name).
    struct Target: Equatable {
        var folder: String
        var names: Set<String>?
        /// What the loop calls this target (the Maildir or calendar it belongs to).
        var tag: String
    }

    /// The inotify descriptor, `nil` when polling.
    private(set) var descriptor: Int32?
    /// Why the watcher polls, to say once; `nil` when it does not.
    private(set) var pollingReason: String?
    private var watches: [Int32: Target] = [:]
    private let targets: [Target]

    init(targets: [Target]) {
        self.targets = targets
        #if os(Linux)
            let descriptor: Int32
            do {
                descriptor = try Posix.inotifyInit()
            } catch {
                pollingReason = "inotify is not available (\(error))"
                return
            }
            let mask = UInt32(IN_MOVED_TO | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
            for target in targets {
                do {
                    watches[try Posix.inotifyAddWatch(descriptor, target.folder, mask: mask)] = target
                } catch  where error.code == ENOENT || error.code == ENOTDIR {
                    continue
                } catch {
                    try? Posix.close(descriptor)
                    watches = [:]
                    pollingReason =
                        error.code == ENOSPC
                        ? "the limit of inotify watches is reached (fs.inotify.max_user_watches)"
                        : "cannot watch \(target.folder) (\(error))"
                    return
                }
            }
            self.descriptor = descriptor
        #else
            pollingReason = "this system has no inotify"
        #endif
    }

    deinit {
        if let descriptor { try? Posix.close(descriptor) }
    }

    /// The tags of the targets that changed since the last call; every tag when the kernel's
    /// queue overflowed and events were lost.
    func changed() -> Set<String> {
        #if os(Linux)
            guard let descriptor else { return [] }
            var tags = Set<String>()
            for event in (try? Posix.inotifyEvents(descriptor)) ?? [] {
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { return Set(targets.map(\.tag)) }
                guard let target = watches[event.watch] else { continue }
                if let names = target.names, !names.contains(event.name) { continue }
                tags.insert(target.tag)
            }
            return tags
        #else
            return []
        #endif
    }
}
