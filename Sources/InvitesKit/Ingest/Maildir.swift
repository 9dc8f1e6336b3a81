import Foundation

/// A Maildir as mbsync, offlineimap and notmuch keep it: messages as files in `new/` and `cur/`.
///
/// A message keeps its unique name for life; a client marking it read moves it from `new/` to
/// `cur/` and appends flags after a colon (`:2,S`), and mbsync may put a `,U=` number in it. The
/// ``key(of:)`` leaves all of that out, so a message is known again wherever it moved.
public struct Maildir: Sendable {
    /// The folder as the user named it.
    public var path: String
    /// The folder as an absolute path with symbolic links resolved: the same Maildir named two
    /// ways (relative, through a link) is one.
    public var folder: String

    /// One message file.
    public struct Message: Sendable, Hashable {
        public var key: String
        public var path: String
    }

    /// Checks that `path` is a Maildir (it has `cur/` or `new/`).
    public init(_ path: String) throws(IngestError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .notAMaildir(path: path, reason: "it is not a folder")
        }
        let subfolders = ["cur", "new"].filter {
            FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent($0))
        }
        guard !subfolders.isEmpty else {
            throw .notAMaildir(path: path, reason: "it has no cur/ or new/ folder")
        }
        self.path = path
        folder = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Every message in `new/` and `cur/`, in name order (delivery order, for names that begin
    /// with the time, as Maildir's do); dot files and folders are not messages.
    public func messages() throws(IngestError) -> [Message] {
        var found: [Message] = []
        for subfolder in ["new", "cur"] {
            let directory = (path as NSString).appendingPathComponent(subfolder)
            guard FileManager.default.fileExists(atPath: directory) else { continue }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory)
            } catch {
                throw .unreadable(file: directory, reason: error.localizedDescription)
            }
            for name in names where !name.hasPrefix(".") {
                let file = (directory as NSString).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue
                else { continue }
                found.append(Message(key: Maildir.key(of: name), path: file))
            }
        }
        return found.sorted { $0.key < $1.key }
    }

    /// A message's unique name: the file name without its flags (after `:`, or `;` and `!` where
    /// a file system forbids colons) and without mbsync's `,U=` number.
    public static func key(of name: String) -> String {
        var unique = name.prefix { $0 != ":" && $0 != ";" && $0 != "!" }
        if let range = unique.range(of: ",U=") {
            let digits = unique[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            unique.removeSubrange(range.lowerBound..<digits.endIndex)
        }
        return String(unique)
    }

    /// Whether a message may hold an invitation: its bytes name a calendar type or an `.ics`
    /// file. Cheap, so that a large Maildir's ordinary mail is not handed to the MIME parser.
    public static func mayHoldInvitation(_ data: Data) -> Bool {
        let needles = ["text/calendar", "application/ics", ".ics", "text/x-vcalendar"].map { Array($0.utf8) }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            guard bytes.count > 4 else { return false }
            for index in 0..<bytes.count {
                let byte = bytes[index] | 0x20
                for needle in needles where byte == needle[0] && index + needle.count <= bytes.count {
                    var matched = true
                    for offset in 1..<needle.count where bytes[index + offset] | 0x20 != needle[offset] {
                        matched = false
                        break
                    }
                    if matched { return true }
                }
            }
            return false
        }
    }
}
