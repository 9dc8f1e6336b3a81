import Foundation
import InvitesModel
import InvitesSystem

/// A large calendar index kept in a file of its own beside the cache store, with a reference
/// to it kept in the store.
///
/// The index of a 100,000-item vdir is 13 MB. In SQLite it was written twice, into the WAL and
/// again by the checkpoint its size set off, and each copy flushed to the disk: 60 ms of a
/// cold run's 100 on the core that writes it, which is then the last to finish. A file is
/// written once, to a temporary name and renamed into place, and not flushed: like the rest of
/// the cache it may be lost in a crash. So that a file a crash left torn or another run
/// replaced is never taken for the index, the reference holds its length and a checksum, and a
/// file that does not match them is not read.
struct IndexFile {
    /// Indexes at least this large are kept in a file.
    static let threshold = 1 << 20
    /// The folder, in the home folder, that holds them.
    static let folderName = "cache-indexes"

    let path: String

    /// The file for the index stored under `key` in the cache of `home`: named by a hash of the
    /// key, never by the key, which holds a calendar's path.
    init(key: String, home: String) {
        let name = String(StableHash.fnv1a(Array(key.utf8)), radix: 16)
        let folder = home.hasSuffix("/") ? home + IndexFile.folderName : home + "/" + IndexFile.folderName
        path = folder + "/" + String(repeating: "0", count: 16 - name.count) + name + ".index"
    }

    /// What the store keeps in place of the index: a mark no index starts with (each starts
    /// with its format number, a small word), the length and the checksum.
    struct Reference: Equatable {
        static let mark = Array("INVITES:INDEX-FILE".utf8)
        var length: Int
        var checksum: UInt64

        var encoded: Data {
            var bytes = Reference.mark
            withUnsafeBytes(of: UInt64(length).littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: checksum.littleEndian) { bytes.append(contentsOf: $0) }
            return Data(bytes)
        }

        /// The reference `data` holds; `nil` for an index kept in the store itself.
        init?(_ data: Data) {
            guard data.count == Reference.mark.count + 16, data.starts(with: Reference.mark) else { return nil }
            let words = data.dropFirst(Reference.mark.count)
            var length: UInt64 = 0
            var checksum: UInt64 = 0
            withUnsafeMutableBytes(of: &length) { $0.copyBytes(from: words.prefix(8)) }
            withUnsafeMutableBytes(of: &checksum) { $0.copyBytes(from: words.suffix(8)) }
            guard UInt64(littleEndian: length) <= UInt64(Int.max) else { return nil }
            self.length = Int(UInt64(littleEndian: length))
            self.checksum = UInt64(littleEndian: checksum)
        }

        init(of data: Data) {
            length = data.count
            checksum = data.withUnsafeBytes(IndexFile.checksum)
        }
    }

    /// Writes `data` into place: to a temporary file in the same folder, then renamed over the
    /// old one, so that a reader finds the old file or the new one, whole. The folder is made
    /// 0700 and the file 0600, whatever the umask, like everything in the home.
    func write(_ data: Data) throws(SystemCallError) -> Reference {
        let folder = (path as NSString).deletingLastPathComponent
        if (try? Posix.stat(folder)) == nil {
            try PrivateFile.makeFolder(folder)
        }
        let temporary = path + ".\(Posix.getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = try Posix.open(
            temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: PrivateFile.fileMode)
        do throws(SystemCallError) {
            // Closed whether or not the write went through, before either is reported.
            let failure: SystemCallError?
            do throws(SystemCallError) {
                try Posix.fchmod(descriptor, PrivateFile.fileMode, path: temporary)
                try DescriptorWriter.writeAll(data, to: descriptor)
                failure = nil
            } catch {
                failure = error
            }
            try Posix.close(descriptor, path: temporary)
            if let failure { throw failure }
            try Posix.rename(temporary, to: path)
        } catch {
            try? Posix.unlink(temporary)
            throw error
        }
        return Reference(of: data)
    }

    /// The index the reference names, when the file still holds it.
    func read(_ reference: Reference) -> Data? {
        guard let data = FileManager.default.contents(atPath: path), Reference(of: data) == reference else {
            return nil
        }
        return data
    }

    /// Removes the file, if there is one: the index went back into the store.
    func remove() {
        try? Posix.unlink(path)
    }

    /// A checksum of `bytes`, as Fletcher's over 64-bit words: two running sums, the second of
    /// the first, so that a page lost, zeroed or moved changes it. Not a defence against anyone,
    /// only against a torn or replaced file; a 13 MB index takes it in about a millisecond.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var first: UInt64 = 0
        var second: UInt64 = 0
        let words = bytes.count / 8
        for index in 0..<words {
            first &+= UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            second &+= first
        }
        for index in (words * 8)..<bytes.count {
            first &+= UInt64(bytes[index])
            second &+= first
        }
        return first ^ (second << 1 | second >> 63) ^ UInt64(bytes.count)
    }
}
