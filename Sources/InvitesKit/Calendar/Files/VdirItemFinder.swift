import Foundation

/// Finds the item of a vdir that holds a UID, whatever its file name: a server or a sync names
/// items as it likes (Google's `5f3a9c2e-….ics`), and writing a second item for the same UID
/// makes khal show the event twice and the server refuse the upload, or keep both.
struct VdirItemFinder {
    let folder: String

    /// The item holding a VEVENT of `uid`: the one named after the UID when it holds it (what
    /// invites itself writes), else the first in name order that does; `nil` when none does.
    func item(holding uid: String, preferred: String) -> String? {
        if holds(uid, at: preferred) { return preferred }
        guard let listing = try? VdirListing(folder) else { return nil }
        let needle = Array(uid.utf8)
        for position in 0..<listing.count {
            let path = (folder as NSString).appendingPathComponent(listing.name(position))
            guard path != preferred, let file = try? CalendarFile.read(path),
                file.data.withUnsafeBytes({ ByteSearch.contains(needle, in: $0) }), holds(uid, in: file.data)
            else { continue }
            return path
        }
        return nil
    }

    private func holds(_ uid: String, at path: String) -> Bool {
        guard let file = try? CalendarFile.read(path) else { return false }
        return holds(uid, in: file.data)
    }

    private func holds(_ uid: String, in data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            ICSBlockScanner.scan(bytes).blocks.contains {
                $0.kind.holdsUID && ICSBlockScanner.text(of: "UID", in: bytes, block: $0.range) == uid
            }
        }
    }
}
