import Foundation
import InvitesSystem

/// The folder `--home` names, where the inbox and the cache keep their SQLite files.
///
/// The inbox holds strangers' mail and your answers, and what is in it decides what is sent in
/// your name: a home another user can write to, or one they own, is refused before anything is
/// read or written there, with a message that says how to put it right. A home reached through
/// a symbolic link is judged by the folder at the end of the link. A home that is missing is
/// made, with its missing parents, 0700; one that is there is never changed (0755 and yours is
/// fine: every file `invites` makes in it is 0600 all the same).
enum HomeFolder {
    /// The path of the file `name` in `home`, once the home is known to be safe (made first
    /// when it is not there). A home that is there already, as it is on every run but the
    /// first, costs an `lstat`, a `stat` and a `realpath`.
    static func file(_ name: String, in home: String) throws(StoreError) -> String {
        try prepare(home)
        return home.hasSuffix("/") ? home + name : home + "/" + name
    }

    /// Makes the home when it is missing and refuses one that is not safe to use
    /// (``StoreError/unsafeHome(path:reason:)``); a home that is there and not a folder is
    /// ``StoreError/cannotCreate(path:reason:)``.
    static func prepare(_ home: String) throws(StoreError) {
        let entry: stat
        do {
            entry = try Posix.lstat(home)
        } catch {
            guard error.code == ENOENT else { throw .cannotCreate(path: home, reason: error.description) }
            do {
                try PrivateFile.makeFolder(home)
            } catch {
                throw .cannotCreate(path: home, reason: error.description)
            }
            // Judged like any other: made meanwhile by someone else, it may not be ours.
            return try check(home, isLink: false)
        }
        try check(home, isLink: entry.st_mode & S_IFMT == S_IFLNK)
    }

    private static func check(_ home: String, isLink: Bool) throws(StoreError) {
        let info: stat
        do {
            info = try Posix.stat(home)
        } catch {
            guard isLink else { throw .cannotCreate(path: home, reason: error.description) }
            let unsafety: Unsafety =
                error.code == ELOOP ? .linkLoop : .danglingLink(target: Posix.readlink(home) ?? "?")
            throw .unsafeHome(path: home, reason: unsafety.reason(folder: home))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw .cannotCreate(path: home, reason: "it is there and is not a folder")
        }
        let real = Posix.realpath(home) ?? home
        let named = isLink ? real : home
        let user = Posix.geteuid()
        if let unsafety = unsafety(owner: info.st_uid, mode: info.st_mode, user: user) {
            throw .unsafeHome(path: home, reason: unsafety.reason(folder: named))
        }
        let parent = (real as NSString).deletingLastPathComponent
        guard parent != real, let around = try? Posix.stat(parent) else { return }
        if let unsafety = unsafety(parent: parent, owner: around.st_uid, mode: around.st_mode, user: user) {
            throw .unsafeHome(path: home, reason: unsafety.reason(folder: named))
        }
    }

    /// Why a home is not safe to use.
    enum Unsafety: Equatable, Sendable {
        /// Users other than you may write to it (its group, or everyone).
        case othersMayWrite(mode: mode_t)
        /// It belongs to another user.
        case ownedByAnother(owner: uid_t)
        /// It sits in a folder of another user, who may rename it and put another in its place.
        case inFolderOfAnother(folder: String, owner: uid_t)
        /// It sits in a folder everyone may write to without the sticky bit, so anyone may
        /// rename it and put another in its place.
        case inOpenFolder(folder: String, mode: mode_t)
        /// It is a symbolic link to a path where nothing is.
        case danglingLink(target: String)
        /// It is a symbolic link that leads round in a loop.
        case linkLoop

        /// The message: what is wrong with `folder` (the home, or the folder its link leads
        /// to), and how to put it right.
        func reason(folder: String) -> String {
            let elsewhere = "or name another home with --home or INVITES_HOME"
            switch self {
            case .othersMayWrite(let mode):
                return "other users can write to \(folder) (mode \(octal(mode))), and so change your inbox and "
                    + "what is sent in your name; make it yours alone with 'chmod 700 \(folder)', \(elsewhere)"
            case .ownedByAnother(let owner):
                return "\(folder) belongs to another user (uid \(owner)), who can change your inbox and what is "
                    + "sent in your name; use a folder of your own: name one with --home or INVITES_HOME"
            case .inFolderOfAnother(let parent, let owner):
                return "it is in \(parent), a folder of another user (uid \(owner)), who can put another folder "
                    + "in its place; use a folder of your own: name one with --home or INVITES_HOME"
            case .inOpenFolder(let parent, let mode):
                return "it is in \(parent), which every user can write to (mode \(octal(mode)), no sticky bit), "
                    + "so anyone can put another folder in its place; 'chmod +t \(parent)', \(elsewhere)"
            case .danglingLink(let target):
                return "it is a symbolic link to \(target), which does not exist; make that folder with "
                    + "'mkdir -m 700 \(target)', \(elsewhere)"
            case .linkLoop:
                return "it is a symbolic link that leads round in a loop; point it at a folder of yours, \(elsewhere)"
            }
        }

        private func octal(_ mode: mode_t) -> String {
            let digits = String(mode & 0o7777, radix: 8)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
    }

    /// Whether a home with this owner and mode is safe for `user`: yours (root's own home is
    /// root's), and writable by you alone. Reading is your business: 0755 is fine.
    static func unsafety(owner: uid_t, mode: mode_t, user: uid_t) -> Unsafety? {
        if owner != user { return .ownedByAnother(owner: owner) }
        if mode & 0o022 != 0 { return .othersMayWrite(mode: mode) }
        return nil
    }

    /// Whether the folder a home sits in lets someone else replace the home: it must be yours
    /// or root's (`/home`, `/tmp`), and one that everyone may write to must have the sticky bit
    /// (`/tmp`), which keeps others from renaming what is yours. A folder your group may write
    /// to is taken, since distributions that give each user a group of their own make
    /// `~/.local/share` 0775.
    static func unsafety(parent: String, owner: uid_t, mode: mode_t, user: uid_t) -> Unsafety? {
        if owner != user, owner != 0 { return .inFolderOfAnother(folder: parent, owner: owner) }
        if mode & 0o002 != 0, mode & S_ISVTX == 0 { return .inOpenFolder(folder: parent, mode: mode) }
        return nil
    }
}
