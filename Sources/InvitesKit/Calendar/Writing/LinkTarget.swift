import Foundation
import InvitesSystem

/// The file a write to a path really changes: the path itself, or, when it is a symbolic link
/// (dotfiles keep `~/.calendar.ics -> ~/sync/cal.ics`; a vdir item may be a link too), the file
/// at the end of its links.
///
/// A rename over the link would put a plain copy in its place: the file the link named (the
/// one the sync reads) would never get the change, and the two would drift apart without a
/// word. So writers replace the target, in its own folder, and keep the link. A link that
/// leads nowhere, or round in a loop, is refused: what the user meant it to name cannot be
/// known, and nothing is written in its place.
enum LinkTarget {
    /// How many links one path may pass through, as the kernel allows (`MAXSYMLINKS`).
    static let maximumLinks = 40

    /// The path whose file a write to `path` replaces: `path` when it is no link (or is not
    /// there yet: a new file is made at it), else the end of its chain of links, each relative
    /// link taken from the folder it is in. Throws ``CalendarError/unwritable(path:reason:)``
    /// for a link that leads nowhere or round in a loop.
    static func resolve(_ path: String) throws(CalendarError) -> String {
        var current = path
        for step in 0...maximumLinks {
            let info: stat
            do {
                info = try Posix.lstat(current)
            } catch {
                // The path itself not there is a new file; a link's target not there is not.
                guard step > 0 else { return path }
                throw refusal(path, current, error.code == ELOOP ? nil : error)
            }
            guard info.st_mode & S_IFMT == S_IFLNK else { return current }
            guard let next = Posix.readlink(current), !next.isEmpty else {
                throw .unwritable(path: path, reason: "it is a symbolic link that cannot be read")
            }
            let folder = (current as NSString).deletingLastPathComponent
            current = next.hasPrefix("/") ? next : (folder as NSString).appendingPathComponent(next)
        }
        throw refusal(path, current, nil)
    }

    /// Why a link cannot be written through; a `nil` error is a loop.
    private static func refusal(_ path: String, _ target: String, _ error: SystemCallError?) -> CalendarError {
        guard let error else {
            return .unwritable(
                path: path,
                reason: "it is a symbolic link that leads round in a loop; nothing was written (point it at "
                    + "your calendar, or name the calendar itself)")
        }
        let what = error.code == ENOENT ? "which does not exist" : "which cannot be reached (\(error))"
        return .unwritable(
            path: path,
            reason: "it is a symbolic link to \(target), \(what); nothing was written, and the link is kept "
                + "(make the file it names, or point it at your calendar)")
    }
}
