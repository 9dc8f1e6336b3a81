/// What identifies one state of a folder's list of names: its inode and its modification time to
/// the nanosecond. Creating, removing or renaming an entry moves the modification time on; a
/// folder removed and made again is another inode.
///
/// A Maildir's messages never change in place (delivery and new flags are renames), so an
/// unchanged stamp of `new/` and `cur/` proves that nothing arrived, as notmuch trusts it.
package struct FolderStamp: Equatable, Sendable {
    package var inode: UInt64
    package var seconds: Int64
    package var nanoseconds: Int64

    package init(inode: UInt64, seconds: Int64, nanoseconds: Int64) {
        self.inode = inode
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// Whether the stamp can prove the folder unchanged after a listing made at `now` (Unix
    /// seconds). A folder's time ticks coarsely (a kernel tick, a second or two on some file
    /// systems), so a message delivered in the same tick as the listing could leave the stamp as
    /// it was; such a folder is listed again next time, as notmuch does. A stamp in the future
    /// (a clock set back) proves nothing either.
    package func isSettled(at now: Int64) -> Bool {
        seconds < now
    }
}
