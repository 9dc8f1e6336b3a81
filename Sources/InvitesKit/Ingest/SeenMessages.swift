import Foundation
import InvitesModel

/// The messages of a Maildir already read, each by a digest of its key (``Maildir/key(of:)``).
///
/// A pass after new mail tells the 100,000 names it lists from the 100,000 keys the store keeps.
/// A string made of each name and of its key, and a `Set<String>` made of the kept keys, were
/// most of that pass (0.29 s of it, 1.09x `notmuch new`): now each kept key is hashed as SQLite
/// hands over its bytes, each listed name's key is hashed on the bytes `readdir` gives, and only
/// the messages not read become strings. The digest is ``ContentHasher``'s 128 bits, as the
/// calendars' versions are: two keys would have to share both lanes for a message to be taken
/// for one already read, and the names are the mail system's, not a stranger's.
package struct SeenMessages {
    private let digests: DigestSet
    /// Whether no message is kept: every name listed is new, and none is hashed.
    let isEmpty: Bool

    /// None read yet.
    package static let none = SeenMessages(digests: [])

    init(digests: [ContentDigest]) {
        self.digests = DigestSet(digests)
        isEmpty = digests.isEmpty
    }

    /// Whether the message named `name` (a file name as `readdir` gives it, NUL-terminated) was
    /// read. `scratch` is room for its key, kept by the caller across names.
    func contains(name: UnsafePointer<CChar>, scratch: inout [UInt8]) -> Bool {
        guard !isEmpty else { return false }
        let length = strlen(name)
        let bytes = UnsafeRawBufferPointer(start: name, count: length)
        // A name beyond ASCII is made a string as before, so that its key is the one the store
        // kept for it (invalid UTF-8 repaired the same way).
        guard !bytes.contains(where: { $0 >= 0x80 }) else {
            var key = Maildir.key(of: String(cString: name))
            return key.withUTF8 { digests.contains(MaildirSeenRecord.digest(ofKey: UnsafeRawBufferPointer($0))) }
        }
        scratch.removeAll(keepingCapacity: true)
        Maildir.appendKey(of: bytes, to: &scratch)
        return scratch.withUnsafeBytes { digests.contains(MaildirSeenRecord.digest(ofKey: $0)) }
    }
}
