import Foundation
import InvitesModel
import InvitesSystem

/// A Maildir as mbsync, offlineimap and notmuch keep it: messages as files in `new/` and `cur/`.
///
/// A message keeps its unique name for life; a client marking it read moves it from `new/` to
/// `cur/` and appends flags after a colon (`:2,S`), and mbsync may put a `,U=` number in it. The
/// ``key(of:)`` leaves all of that out, so a message is known again wherever it moved.
package struct Maildir: Sendable {
    /// The folder as the user named it.
    package var path: String
    /// The folder as an absolute path with symbolic links resolved: the same Maildir named two
    /// ways (relative, through a link) is one.
    package var folder: String

    /// One message file.
    package struct Message: Sendable, Hashable {
        package var key: String
        package var path: String
    }

    /// Checks that `path` is a Maildir (it has `cur/` or `new/`).
    package init(_ path: String) throws(IngestError) {
        guard let info = try? Posix.stat(path), info.st_mode & S_IFMT == S_IFDIR, let folder = Posix.realpath(path)
        else {
            throw .notAMaildir(path: path, reason: "it is not a folder")
        }
        guard Maildir.subfolders.contains(where: { (try? Posix.stat(folder + "/" + $0)) != nil }) else {
            throw .notAMaildir(path: path, reason: "it has no cur/ or new/ folder")
        }
        self.path = path
        self.folder = folder
    }

    /// The folders that hold messages, as Maildir names them.
    package static let subfolders = ["new", "cur"]

    /// Every message in `new/` and `cur/`, in name order (delivery order, for names that begin
    /// with the time, as Maildir's do); dot files and folders are not messages.
    package func messages() throws(IngestError) -> [Message] {
        try messages(in: Maildir.subfolders)
    }

    /// Every message in the given subfolders (of ``subfolders``) whose key is not in `seen`, in
    /// name order. Listed with `readdir`'s entry types, so that 100,000 messages cost no stat
    /// each, and only the messages not seen are given paths and sorted: after new mail, a pass
    /// over a folder of 100,000 names builds a handful of messages, not 100,000.
    package func messages(in subfolders: [String], except seen: SeenMessages = .none) throws(IngestError) -> [Message] {
        var found: [Message] = []
        var scratch: [UInt8] = []
        scratch.reserveCapacity(256)
        for subfolder in subfolders {
            let directory = path + "/" + subfolder
            let stream: Posix.FolderStream
            do {
                stream = try Posix.opendir(directory)
            } catch  where error.code == ENOENT {
                continue
            } catch {
                throw .unreadable(file: directory, reason: error.description)
            }
            defer { Posix.closedir(stream) }
            let folder = Posix.dirfd(stream)
            while let entry = Posix.readdir(stream) {
                let kind = entry.pointee.d_type
                let file: String? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    guard let name = raw.baseAddress?.assumingMemoryBound(to: CChar.self),
                        name[0] != CChar(UInt8(ascii: "."))
                    else { return nil }
                    // A file system that does not say (DT_UNKNOWN), or a link: ask.
                    let asked = kind == UInt8(DT_UNKNOWN) || kind == UInt8(DT_LNK)
                    guard kind == UInt8(DT_REG) || (asked && Maildir.isFile(name, in: folder)) else { return nil }
                    // Most names of a pass after new mail are of messages read before: no string.
                    guard !seen.contains(name: name, scratch: &scratch) else { return nil }
                    return String(cString: name)
                }
                guard let file else { continue }
                found.append(Message(key: Maildir.key(of: file), path: directory + "/" + file))
            }
        }
        return found.sorted { $0.key < $1.key }
    }

    /// Whether the entry `name` of the open folder `folder` is a regular file, links followed.
    private static func isFile(_ name: UnsafePointer<CChar>, in folder: Int32) -> Bool {
        guard let info = try? Posix.fstatat(folder, name) else { return false }
        return info.st_mode & S_IFMT == S_IFREG
    }

    /// The stamp of a subfolder now, `nil` when it does not exist.
    package func stamp(of subfolder: String) -> FolderStamp? {
        guard let info = try? Posix.stat(path + "/" + subfolder), info.st_mode & S_IFMT == S_IFDIR else { return nil }
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        return FolderStamp(inode: UInt64(info.st_ino), seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec))
    }

    /// A message's unique name: the file name without its flags (after `:`, or `;` and `!` where
    /// a file system forbids colons) and without mbsync's `,U=` number. Worked out on the bytes:
    /// a pass over a new Maildir takes the key of every one of its 100,000 names.
    package static func key(of name: String) -> String {
        var bytes: [UInt8] = []
        var name = name
        name.withUTF8 { appendKey(of: UnsafeRawBufferPointer($0), to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the key of the name `name` (its bytes) to `key`: ``key(of:)`` without a string,
    /// for ``SeenMessages``, which takes the key of every name listed.
    static func appendKey(of name: UnsafeRawBufferPointer, to key: inout [UInt8]) {
        let flags = name.firstIndex { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "!") }
        let unique = UnsafeRawBufferPointer(rebasing: name[..<(flags ?? name.count)])
        let marker: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "U"), UInt8(ascii: "=")]
        var at: Int?
        if unique.count >= marker.count {
            at = (0...(unique.count - marker.count)).first { start in
                unique[start] == marker[0] && unique[start + 1] == marker[1] && unique[start + 2] == marker[2]
            }
        }
        guard let at else {
            key.append(contentsOf: unique)
            return
        }
        var end = at + marker.count
        while end < unique.count, unique[end] >= UInt8(ascii: "0"), unique[end] <= UInt8(ascii: "9") { end += 1 }
        key.append(contentsOf: unique[..<at])
        key.append(contentsOf: unique[end...])
    }

    /// A message's bytes, `nil` when it is gone (a client moved it since it was listed). Read as
    /// calendar files are, through one descriptor and without Foundation's URL machinery, since
    /// a first pass reads every message.
    package static func contents(of path: String) throws(IngestError) -> Data? {
        do {
            return try CalendarFile.read(path).data
        } catch .notFound {
            return nil
        } catch {
            throw .unreadable(file: path, reason: error.description)
        }
    }

    /// Whether a message may hold an invitation: a MIME header of it names a calendar type or an
    /// `.ics` file (``MailPrefilter``). Cheap, so that a large Maildir's ordinary mail is not
    /// handed to the MIME parser.
    package static func mayHoldInvitation(_ data: Data) -> Bool {
        data.withUnsafeBytes { MailPrefilter.mayHoldCalendarPart($0) }
    }
}
