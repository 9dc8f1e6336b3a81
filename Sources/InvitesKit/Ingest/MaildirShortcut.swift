import Foundation
import InvitesModel
import InvitesSystem

/// A note beside the inbox that lets a Maildir pass with nothing new end before the store is
/// opened: the pass of a mail hook run after every sync then costs the start of the process and
/// a few stats, as `notmuch new` does, instead of also reading the store's schema.
///
/// It never decides anything the store did not: a pass writes it only when the store had
/// every named subfolder recorded with the stamp it has now (``IngestController``), and it is
/// believed only while the store's files (the database and its write-ahead log) have the stamps
/// they had during that pass. Any write to the store, by this pass or any other command or
/// process (a message marked read, an answer, a store made anew), moves one of those stamps on,
/// and the next pass asks the store again. Store files that changed within the tick of the pass
/// are not vouched for, as a write in the same tick could leave a stamp as it was.
package struct MaildirShortcut {
    static let fileName = "maildir-shortcut"
    static let header = "invites maildir shortcut 1"

    let path: String
    /// The store's files, in the order of a ``storeStamps()`` list.
    let storeFiles: [String]
    /// The file system's clock, which stamps the store's files, in Unix seconds.
    var fileClock: @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }

    package init(home: String) throws(StoreError) {
        path = try HomeFolder.file(MaildirShortcut.fileName, in: home)
        let store = try HomeFolder.file(InboxStore.fileName, in: home)
        storeFiles = [store, store + "-wal"]
    }

    /// The stamps of the store's files now, `nil` for one that is not there. Without their
    /// status-change times: SQLite run as root hands the log back to the database's owner at
    /// every open (`fchown`), which moves that time on with nothing written. Every write moves
    /// the modification time on.
    func storeStamps() -> [FileStamp?] {
        storeFiles.map { file in
            FileStamp(path: file).map { stamp in
                var written = stamp
                written.changeSeconds = 0
                written.changeNanoseconds = 0
                return written
            }
        }
    }

    /// Whether each Maildir at these paths is known to have been read to its last message: the
    /// note names it with the stamps its subfolders have now, and the store is as it was when
    /// the note was written. A path that is no Maildir is not vouched for, so that the pass
    /// through the store reports it.
    package func vouches(for paths: [String]) -> Bool {
        guard !paths.isEmpty, let note = storedNote(), note.store == storeStamps() else { return false }
        for path in paths {
            guard let maildir = try? Maildir(path), let recorded = note.folders[maildir.folder],
                recorded == Maildir.subfolders.map({ maildir.stamp(of: $0) })
            else { return false }
        }
        return true
    }

    /// Notes that the store, whose files had `store` as their stamps before the pass, holds
    /// every message of each folder's subfolders as `folders` stamps them. Kept only when the
    /// store's files are still as they were and had settled before now; folders noted before
    /// are kept when the store is the same one that vouched for them. A note that cannot be
    /// written costs the next pass its speed only.
    func record(_ folders: [String: [FolderStamp?]], store: [FileStamp?]) {
        let now = fileClock()
        guard storeStamps() == store, store.allSatisfy({ $0?.isSettled(at: now) ?? true }),
            !folders.keys.contains(where: { $0.contains("\n") })
        else { return }
        try? AtomicFile(path: path, newFileMode: PrivateFile.fileMode).update { current in
            var note = Note(store: store, folders: folders)
            if let current, let earlier = Note(current), earlier.store == store {
                note.folders.merge(earlier.folders) { ours, _ in ours }
            }
            let text = Data(note.text.utf8)
            return text == current ? nil : text
        }
    }

    private func storedNote() -> Note? {
        guard let data = try? CalendarFile.read(path).data else { return nil }
        return Note(data)
    }

    /// The note's contents: the store's stamps, then each folder with its subfolders' stamps.
    struct Note: Equatable {
        var store: [FileStamp?]
        var folders: [String: [FolderStamp?]]

        init(store: [FileStamp?], folders: [String: [FolderStamp?]]) {
            self.store = store
            self.folders = folders
        }

        /// The note in `data`, `nil` for anything but a whole note of this version: a note
        /// half written or from another version is not believed.
        init?(_ data: Data) {
            guard let text = String(data: data, encoding: .utf8), text.hasSuffix("\nend\n") else { return nil }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2)[...]
            guard lines.popFirst() == Substring(MaildirShortcut.header) else { return nil }
            var store: [FileStamp?] = []
            var folders: [String: [FolderStamp?]] = [:]
            while let line = lines.popFirst() {
                if line.hasPrefix("store ") {
                    let fields = line.dropFirst(6)
                    if fields == "none" {
                        store.append(nil)
                    } else {
                        guard let numbers = Note.numbers(fields), let stamp = FileStamp(fields: numbers) else {
                            return nil
                        }
                        store.append(stamp)
                    }
                } else if line.hasPrefix("folder ") {
                    var stamps: [FolderStamp?] = []
                    for _ in Maildir.subfolders {
                        guard let fields = lines.popFirst() else { return nil }
                        if fields == "none" {
                            stamps.append(nil)
                            continue
                        }
                        guard let numbers = Note.numbers(fields), numbers.count == 3 else { return nil }
                        stamps.append(
                            FolderStamp(
                                inode: UInt64(bitPattern: numbers[0]), seconds: numbers[1], nanoseconds: numbers[2]))
                    }
                    folders[String(line.dropFirst(7))] = stamps
                } else {
                    return nil
                }
            }
            self.init(store: store, folders: folders)
        }

        /// The numbers of a line, `nil` when any of its fields is not one.
        private static func numbers(_ line: Substring) -> [Int64]? {
            var numbers: [Int64] = []
            for field in line.split(separator: " ", omittingEmptySubsequences: false) {
                guard let number = Int64(field) else { return nil }
                numbers.append(number)
            }
            return numbers
        }

        /// The note as written: one line per stamp, `none` for a file or folder not there,
        /// closed by `end` so that a note cut short is not read as a whole one.
        var text: String {
            var lines = [MaildirShortcut.header]
            for stamp in store {
                lines.append("store " + (stamp.map { $0.fields.map(String.init).joined(separator: " ") } ?? "none"))
            }
            for folder in folders.keys.sorted() {
                lines.append("folder " + folder)
                for stamp in folders[folder] ?? [] {
                    lines.append(
                        stamp.map { "\(Int64(bitPattern: $0.inode)) \($0.seconds) \($0.nanoseconds)" } ?? "none")
                }
            }
            return (lines + ["end", ""]).joined(separator: "\n")
        }
    }
}
