import Foundation

/// The vdirs as `watch`'s conflict queries last saw them (``FollowedVdir``), and the names
/// heard changing in each since: `watch`'s inotify watch on each vdir hears every name that
/// comes, goes, is written in place or closed after writing, and hands them over here
/// (``heard(_:in:)``); on a loss of events (the kernel's queue overflowed) or new settings, it
/// calls ``forget()``.
///
/// A conflict query checks the answer it keeps for those days against the vdir's version
/// (``WindowCache``): for 100,000 items a stat of each, 0.1-0.2 s, which every mail `watch`
/// told paid though no item had changed, and a sync that placed one item paid twice over with
/// the vdir's index read and written whole. Shared between the loop, which hears, and the lane
/// that queries, which takes a vdir and keeps it again once brought up to date; a vdir taken
/// before a ``forget()`` is not kept again.
package final class KnownVersions: @unchecked Sendable {
    /// The vdirs whose every change is heard: no other is kept.
    package let folders: Set<String>
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var entries: [String: Entry] = [:]
    /// How many times everything was forgotten. Guarded by `lock`.
    private var forgotten = 0

    /// How many names heard in one vdir are read again one by one: past this (a first sync,
    /// a folder replaced) the vdir is listed and stamped whole again.
    static let heardLimit = 4_096

    private struct Entry {
        var vdir: FollowedVdir?
        /// Names heard since the vdir was taken or kept.
        var heard: Set<String> = []
        /// More than ``KnownVersions/heardLimit`` names were heard: the vdir kept is not to
        /// be trusted.
        var overflowed = false
    }

    package init(folders: Set<String>) {
        self.folders = folders
    }

    /// Something may have changed anywhere: every vdir is listed and stamped again when next
    /// asked.
    package func forget() {
        lock.lock()
        defer { lock.unlock() }
        forgotten += 1
        entries = [:]
    }

    /// These names of the vdir `folder` came, went or were written: read again when next asked.
    package func heard(_ names: Set<String>, in folder: String) {
        guard folders.contains(folder), !names.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        var entry = entries[folder] ?? Entry()
        if !entry.overflowed {
            entry.heard.formUnion(names)
            if entry.heard.count > KnownVersions.heardLimit {
                entry.heard = []
                entry.overflowed = true
            }
        }
        entries[folder] = entry
    }

    /// What a query takes before it looks: the vdir as last kept (`nil`: to be listed whole),
    /// the names heard since, and what to give ``keep(_:of:since:)``. Names heard from now on
    /// are kept for the next query.
    func take(_ folder: String) -> (vdir: FollowedVdir?, heard: Set<String>, generation: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard folders.contains(folder) else { return (nil, [], forgotten) }
        let entry = entries[folder] ?? Entry()
        entries[folder] = Entry()
        return (entry.overflowed ? nil : entry.vdir, entry.heard, forgotten)
    }

    /// Keeps `vdir`, as a query taken at `generation` brought it up to date, unless everything
    /// was forgotten or too many names heard since.
    func keep(_ vdir: FollowedVdir, of folder: String, since generation: Int) {
        guard folders.contains(folder) else { return }
        lock.lock()
        defer { lock.unlock() }
        guard forgotten == generation else { return }
        var entry = entries[folder] ?? Entry()
        guard !entry.overflowed else { return }
        entry.vdir = vdir
        entries[folder] = entry
    }
}
