import Foundation

/// The versions of vdirs as last stamped, told again without a stat of each item while
/// something that sees every change of them says none came: `watch`, whose inotify watch on
/// each vdir hears every name that comes, goes, is written in place or closed after writing,
/// and which calls ``forget()`` as soon as it hears one.
///
/// A conflict query asks a vdir for its version to check the answer it keeps for those days
/// (``WindowCache``): for 100,000 items that is a stat of each, 0.1-0.2 s, which every mail
/// `watch` told paid though no item had changed. Shared between the loop, which forgets, and
/// the lane that queries, which remembers; a version stamped while a change was heard is not
/// remembered (``remember(_:of:since:)``).
package final class KnownVersions: @unchecked Sendable {
    /// The vdirs whose every change is heard: no other's version is told without stamps.
    package let folders: Set<String>
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var versions: [String: CalendarVersion] = [:]
    /// How many times everything was forgotten. Guarded by `lock`.
    private var forgotten = 0

    package init(folders: Set<String>) {
        self.folders = folders
    }

    /// Something changed in a vdir, or may have: every version is stamped again when next asked.
    package func forget() {
        lock.lock()
        defer { lock.unlock() }
        forgotten += 1
        versions = [:]
    }

    /// What to give ``remember(_:of:since:)``, taken before stamping.
    var generation: Int {
        lock.lock()
        defer { lock.unlock() }
        return forgotten
    }

    /// The version of the vdir `folder` as last stamped, when nothing was heard since.
    func version(of folder: String) -> CalendarVersion? {
        guard folders.contains(folder) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return versions[folder]
    }

    /// Keeps `version`, stamped after ``generation`` gave `generation`, unless a change was heard
    /// since: the stamps may then be of the state before it.
    func remember(_ version: CalendarVersion, of folder: String, since generation: Int) {
        guard folders.contains(folder) else { return }
        lock.lock()
        defer { lock.unlock() }
        if forgotten == generation { versions[folder] = version }
    }
}
