import Foundation
import InvitesModel

/// A ``DigestSet`` of some digests (zeros left out), made the first time it is asked, by
/// whichever thread asks first: a look after a sync finds nearly every item along the sequence
/// the last look kept and never needs it, where making it cost 4 MB of memory touched for the
/// first time and 100,000 inserts before any item was stamped.
final class LazyDigestSet: @unchecked Sendable {
    private let lock = NSLock()
    private let digests: [ContentDigest]
    /// Made under ``lock``, and read only under it.
    private var made: DigestSet?

    init(_ digests: [ContentDigest]) {
        self.digests = digests
    }

    func contains(_ digest: ContentDigest) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let set = made ?? DigestSet(digests.filter { $0 != ContentDigest(high: 0, low: 0) })
        made = set
        return set.contains(digest)
    }
}
