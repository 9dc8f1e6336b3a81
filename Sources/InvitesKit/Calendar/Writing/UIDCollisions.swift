import Foundation
import InvitesFormats
import InvitesModel

/// Which invitations would collide with something of yours in the calendar they would be
/// written to, looked up cheaply enough for every `ingest` and `show`.
///
/// `accept` checks the very bytes it is about to replace (``CalendarWriter``); this only warns
/// beforehand. A single calendar file is read and scanned once for all the invitations asked
/// about; in a vdir only the item named after the UID is read (khal and invites name items so),
/// since finding an item of any name means reading every item, which `accept` alone may pay.
package final class UIDCollisions {
    package let source: CalendarSource
    private var blocks: (data: Data, byUID: [String: [Range<Int>]])??

    package init(source: CalendarSource) {
        self.source = source
    }

    /// Why `claim` may not write its invitation's UID into the calendar, or `nil` when nothing
    /// of another's holds it there (or the calendar cannot be read: `accept` will say why).
    package func refusal(uid: String, claim: CalendarClaim) -> CalendarError? {
        guard let (path, holders) = holders(of: uid), let refusal = claim.refusal(of: holders) else { return nil }
        return .notTheInvitations(path: path, refusal: refusal, invitation: Invite.Person.shown(claim.organizer))
    }

    /// The file and the components that hold `uid`, as far as this look goes.
    func holders(of uid: String) -> (String, [CalendarClaim.Holder])? {
        switch source.layout {
        case .vdir:
            let path = CalendarWriter(source: source, lockFolder: "").itemPath(uid)
            guard let data = try? CalendarFile.read(path).data else { return nil }
            let holders = data.withUnsafeBytes { bytes in
                CalendarBlocks.owners(
                    of: CalendarWriter.eventBlocks(uid: uid, in: bytes, scan: ICSBlockScanner.scan(bytes)), in: bytes)
            }
            return holders.isEmpty ? nil : (path, holders)
        case .file:
            guard let (data, byUID) = fileBlocks(), let ranges = byUID[uid] else { return nil }
            return (source.path, data.withUnsafeBytes { CalendarBlocks.owners(of: ranges, in: $0) })
        }
    }

    /// The calendar file's bytes and its VEVENT blocks by UID, read once.
    private func fileBlocks() -> (Data, [String: [Range<Int>]])? {
        if let blocks { return blocks }
        var found: (Data, [String: [Range<Int>]])?
        if source.exists, let data = try? CalendarFile.read(source.path).data {
            let byUID = data.withUnsafeBytes { bytes in
                var byUID: [String: [Range<Int>]] = [:]
                for block in ICSBlockScanner.scan(bytes).blocks where block.kind.holdsUID {
                    if let uid = ICSBlockScanner.text(of: "UID", in: bytes, block: block.range) {
                        byUID[uid, default: []].append(block.range)
                    }
                }
                return byUID
            }
            found = (data, byUID)
        }
        blocks = .some(found)
        return found
    }
}
