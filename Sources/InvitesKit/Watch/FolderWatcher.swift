import Foundation
import InvitesSystem

/// Tells which of the watched folders changed: through inotify where the system has it, else
/// (no inotify, or its limit of watches reached) by saying so once and letting the loop look
/// at every folder on a timer.
///
/// Mail arrives in a Maildir as mbsync, offlineimap, fdm and getmail deliver it: written in
/// `tmp/` and renamed (or linked) into `new/`, later moved to `cur/` with flags; `new/` and
/// `cur/` are watched, `tmp/` is not, so a message half written is never read. A calendar file
/// is watched through its folder (writers replace it by a rename), for its own name alone. The
/// store is watched for writes into its files (`modifications`), which SQLite makes in place.
/// Several targets may share a folder (the default calendar lives beside the store): each is
/// told only of its own names and kinds of change.
final class FolderWatcher {
    /// One folder to watch, and the names in it that matter (`nil`: every name).
    struct Target: Equatable {
        var folder: String
        var names: Set<String>?
        /// What the loop calls this target (the Maildir or calendar it belongs to).
        var tag: String
        /// Whether a write into a file counts (`IN_MODIFY`), besides files that come, go or
        /// are closed after writing.
        var modifications = false
        /// Whether the names that changed are told (``Changes/names``): a vdir's, whose
        /// changed items alone a conflict query reads again (``KnownVersions``).
        var naming = false

        init(folder: String, names: Set<String>?, tag: String, modifications: Bool = false, naming: Bool = false) {
            self.folder = folder
            self.names = names
            self.tag = tag
            self.modifications = modifications
            self.naming = naming
        }

        #if os(Linux)
            /// The inotify events this target is told of.
            var mask: UInt32 {
                UInt32(IN_MOVED_TO | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
                    | (modifications ? UInt32(IN_MODIFY) : 0)
            }
        #endif
    }

    /// The inotify descriptor, `nil` when polling.
    private(set) var descriptor: Int32?
    /// Why the watcher polls, to say once; `nil` when it does not.
    private(set) var pollingReason: String?
    private var watches: [Int32: [Target]] = [:]
    /// The targets inotify watches: all but those whose folder was not there.
    var watched: [Target] { watches.values.flatMap { $0 } }
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
            for target in targets {
                do {
                    // A folder watched twice is one watch: the second adds its events to it.
                    let watch = try Posix.inotifyAddWatch(
                        descriptor, target.folder, mask: target.mask | UInt32(IN_MASK_ADD))
                    watches[watch, default: []].append(target)
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

    /// What changed since the last call: the tags of the targets, and of those the ones with a
    /// change that may still be under way.
    struct Changes: Equatable {
        var tags: Set<String> = []
        /// Tags with a name that may still be being written: created or written, and neither
        /// closed after writing nor renamed away since. A name renamed in is whole (a Maildir's
        /// `tmp/` to `new/`, a vdir item's temporary name to its own, written beside it and
        /// closed first), and so is one closed after writing or gone: read at once.
        var unsettled: Set<String> = []
        /// For each ``Target/naming`` target's folder, the names that came, went or were
        /// written there.
        var names: [String: Set<String>] = [:]
        /// Events were lost (the kernel's queue overflowed): anything may have changed.
        var lost = false
    }

    /// What changed since the last call; every tag, unsettled, when the kernel's queue
    /// overflowed and events were lost.
    func changed() -> Changes {
        #if os(Linux)
            guard let descriptor else { return Changes() }
            var changes = Changes()
            // The names created or written and not yet closed or renamed away, with their tags.
            var writing: [String: Set<String>] = [:]
            let opening = UInt32(IN_CREATE | IN_MODIFY)
            for event in (try? Posix.inotifyEvents(descriptor)) ?? [] {
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    return Changes(tags: Set(targets.map(\.tag)), unsettled: Set(targets.map(\.tag)), lost: true)
                }
                for target in watches[event.watch] ?? [] where event.mask & target.mask != 0 {
                    if let names = target.names, !names.contains(event.name) { continue }
                    changes.tags.insert(target.tag)
                    if target.naming { changes.names[target.folder, default: []].insert(event.name) }
                    let name = "\(event.watch)/\(event.name)"
                    if event.mask & opening != 0 {
                        writing[name, default: []].insert(target.tag)
                    } else {
                        writing[name] = nil
                    }
                }
            }
            changes.unsettled = writing.values.reduce(into: Set<String>()) { $0.formUnion($1) }
            return changes
        #else
            return Changes()
        #endif
    }
}
