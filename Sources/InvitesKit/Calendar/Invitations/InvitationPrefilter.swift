import Foundation
import InvitesFormats
import InvitesModel

/// Decides from the bytes alone which UIDs of a calendar item can hold an invitation still
/// waiting for your answer, so that libical parses only those: a calendar a server keeps for you
/// holds thousands of meetings you accepted years ago, and parsing each cost 3 ms.
///
/// "Waiting" is what ``ListController/Row/isPending`` means for an invitation the calendar
/// follower files afresh (``InvitationFiler/follow(_:invite:now:)``): its series is pending (no
/// master, a master without your ATTENDEE, or your PARTSTAT on it not ACCEPTED, DECLINED,
/// DELEGATED or TENTATIVE, and the master not `STATUS:CANCELLED`) or an instance is (your
/// PARTSTAT on an override so), and some instance ends after now. A UID is left out only when
/// the bytes make that certain: a form not read here (an escaped or padded UID, a quoted
/// PARTSTAT, a block that cannot be bounded in time, one left open) keeps it. A UID the inbox
/// already holds is always kept, since the item is where your answer given elsewhere arrives.
struct InvitationPrefilter: Sendable {
    let me: MyAddresses
    /// Now, in Unix seconds: a UID all of whose blocks end before it is over.
    let now: Int
    /// The UIDs the inbox holds.
    let held: Set<String>
    /// Your addresses, upper-cased, for the first look at an item's bytes.
    private let needles: [[UInt8]]
    /// Your addresses as ``MyAddresses`` keeps them (lower case), as bytes.
    private let addresses: Set<[UInt8]>

    init(me: MyAddresses, now: Int, held: Set<String>) {
        self.me = me
        self.now = now
        self.held = held
        needles = me.all.map { Array($0.uppercased().utf8) }
        addresses = Set(me.all.map { Array($0.utf8) })
    }

    /// What one VEVENT (or VTODO) block says about you.
    struct BlockFacts: Equatable {
        var uid: [UInt8]?
        var isMaster = true
        /// Your ATTENDEE lines, and whether one of them has not answered.
        var mine = 0
        var unanswered = false
        /// An ORGANIZER that names an address, not yours.
        var foreignOrganizer = false
        /// Every STATUS line says CANCELLED, and there is one.
        var cancelled = false
        /// Every instance the block can have has ended before now.
        var over = false
    }

    /// Whether the bytes name one of your addresses and an ORGANIZER anywhere, folds skipped:
    /// most items are your own events or meetings without you, passed over on that alone. Your
    /// address first: it is looked for from its `@`, which few bytes are, where ORGANIZER's
    /// first letter in either case is in most words (a twelfth of a first look, for the four
    /// items in five that do not name you).
    func namesYou(_ bytes: UnsafeRawBufferPointer) -> Bool {
        needles.contains { ByteSearch.contains($0, in: bytes, ignoringCase: true) }
            && ByteSearch.contains(InvitationPrefilter.organizer, in: bytes, ignoringCase: true)
    }

    private static let organizer = Array("ORGANIZER".utf8)

    /// Whether a vdir item may hold an invitation waiting for you: any of its UIDs may.
    func mayWait(item bytes: UnsafeRawBufferPointer, zones: ZoneMemo? = nil) -> Bool {
        verdict(item: bytes, zones: zones).keep
    }

    /// What the prefilter makes of a vdir item: whether it is kept, and of one passed over the
    /// UIDs that invite you to something still to come (answered, or cancelled), which a mail
    /// may bring into the inbox later: the look reads such an item again then.
    struct Verdict: Sendable {
        var keep: Bool
        var answered: [String] = []
    }

    func verdict(item bytes: UnsafeRawBufferPointer, zones: ZoneMemo? = nil) -> Verdict {
        guard namesYou(bytes) else { return Verdict(keep: false) }
        let scan = ICSBlockScanner.scan(bytes, zones: zones)
        // What the scanner could not split up, libical may still read: kept.
        guard scan.sawCalendar, scan.unterminated.isEmpty else { return Verdict(keep: true) }
        var groups: [UIDKey: [BlockFacts]] = [:]
        // A task (VTODO) is grouped with the meetings: a server places task invitations too. An
        // item of VEVENTs alone meets the same blocks as before.
        for block in scan.blocks where block.kind.holdsUID {
            let facts = self.facts(bytes, block: block, scan: scan)
            guard let uid = facts.uid else { continue }
            groups[UIDKey(bytes: uid), default: []].append(facts)
        }
        if groups.contains(where: { mayWait(uid: $0.key.bytes, blocks: $0.value) }) { return Verdict(keep: true) }
        return Verdict(
            keep: false,
            answered: groups.filter { InvitationPrefilter.invitesToCome($0.value) }.map {
                String(decoding: $0.key.bytes, as: UTF8.self)
            })
    }

    /// A UID's bytes as a dictionary key, hashed at once: an array of bytes is hashed a byte at
    /// a time (a twentieth of a first look's own work).
    private struct UIDKey: Hashable {
        var bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// Whether a UID passed over invites you to something still to come.
    static func invitesToCome(_ blocks: [BlockFacts]) -> Bool {
        blocks.contains { $0.foreignOrganizer && $0.mine > 0 } && !blocks.allSatisfy(\.over)
    }

    /// Whether the UID whose blocks say `blocks` may hold an invitation waiting for you.
    func mayWait(uid: [UInt8], blocks: [BlockFacts]) -> Bool {
        // libical unescapes a UID and Swift compares it whole: a backslash or a blank at either
        // end may make it another UID than its bytes, which is not guessed at.
        guard let first = uid.first, let last = uid.last, !uid.contains(0x5C),
            ![0x20, 0x09].contains(first), ![0x20, 0x09].contains(last)
        else { return true }
        if !held.isEmpty, held.contains(String(decoding: uid, as: UTF8.self)) { return true }
        // The follower files a UID only where a block has an organizer not yours and you.
        guard blocks.contains(where: { $0.foreignOrganizer && $0.mine > 0 }) else { return false }
        guard !blocks.allSatisfy(\.over) else { return false }
        let masters = blocks.filter(\.isMaster)
        let series =
            masters.isEmpty || (!masters.allSatisfy(\.cancelled) && masters.contains { $0.mine == 0 || $0.unanswered })
        let instance = blocks.contains { !$0.isMaster && $0.unanswered }
        return series || instance
    }

    /// The facts of one VEVENT or VTODO block of `scan`: its own lines, not a VALARM's.
    func facts(_ bytes: UnsafeRawBufferPointer, block: ICSBlockScanner.Block, scan: ICSBlockScanner.Result)
        -> BlockFacts
    {
        var facts = BlockFacts()
        let fields = scan.fields(of: block)
        if block.kind == .task {
            // The scanner reads no bounding lines of a task: its UID is read as the follower
            // groups blocks, and it is never over here (a task without DUE never is, and one
            // with DUE is judged by the follower once parsed).
            facts.uid = ICSBlockScanner.value(of: "UID", in: bytes, block: block.range)
            facts.isMaster = ICSBlockScanner.value(of: "RECURRENCE-ID", in: bytes, block: block.range) == nil
        } else if let read = BlockFields(bytes, fields) {
            facts.uid = read.uid.map(Array.init)
            facts.isMaster = read.recurrenceID == nil
        } else {
            // Read as the follower groups blocks: the first UID, and a RECURRENCE-ID anywhere.
            facts.uid = ICSBlockScanner.value(of: "UID", in: bytes, block: block.range)
            facts.isMaster = ICSBlockScanner.value(of: "RECURRENCE-ID", in: bytes, block: block.range) == nil
        }
        if block.kind == .event {
            let reach = BlockPrefilter.bounds(bytes, block.range, fields, alone: true).reach
            facts.over = reach.map { $0.upperBound <= now } ?? false
        }
        var statuses = 0
        var cancelled = 0
        var depth = 0
        var offset = block.range.lowerBound
        var scratch: [UInt8] = []
        // Bounded by the block: each pass moves past one content line.
        while offset < block.range.upperBound {
            let line = ContentLine.read(bytes, at: offset, limit: block.range.upperBound)
            offset = line.next
            let kind = line.withHead(bytes, scratch: &scratch) { head, start, end -> LineKind? in
                guard start < end else { return nil }
                switch head[start] | 0x20 {
                case 0x62: if ICSBlockScanner.starts(head, start, end, "BEGIN:") { depth += 1 }
                case 0x65: if ICSBlockScanner.starts(head, start, end, "END:") { depth -= 1 }
                case 0x61: if depth == 1, ICSBlockScanner.property(head, start, end, "ATTENDEE") { return .attendee }
                case 0x6F: if depth == 1, ICSBlockScanner.property(head, start, end, "ORGANIZER") { return .organizer }
                case 0x73: if depth == 1, ICSBlockScanner.property(head, start, end, "STATUS") { return .status }
                default: break
                }
                return nil
            }
            guard let kind else { continue }
            let unfolded = line.unfolded(bytes)
            guard let colon = ICSBlockScanner.valueStart(unfolded[...]) else { continue }
            let value = unfolded[(colon + 1)...]
            switch kind {
            case .attendee:
                guard isMine(value) == true else { continue }
                facts.mine += 1
                if !InvitationPrefilter.answered(parameters: unfolded[..<colon], task: block.kind == .task) {
                    facts.unanswered = true
                }
            case .organizer:
                if let mine = isMine(value), !mine { facts.foreignOrganizer = true }
            case .status:
                statuses += 1
                if value.elementsEqual("CANCELLED".utf8) { cancelled += 1 }
            }
        }
        facts.cancelled = statuses > 0 && cancelled == statuses
        return facts
    }

    private enum LineKind {
        case attendee, organizer, status
    }

    /// Whether an ATTENDEE's or ORGANIZER's value names you, as the follower compares it
    /// (``ICalDocument/address(_:)``, then ``MyAddresses/contains(_:)``); `nil` for a value that
    /// names nobody. An ASCII value, as addresses are, is compared in place: through Foundation's
    /// trimming it was a third of a first look.
    func isMine(_ value: ArraySlice<UInt8>) -> Bool? {
        guard value.allSatisfy({ $0 < 0x80 }) else {
            guard let address = ICalDocument.address(String(decoding: value, as: UTF8.self)) else { return nil }
            return me.contains(address)
        }
        // ICalDocument.address: blanks trimmed, one `mailto:` dropped, nothing left is nobody.
        var text = InvitationPrefilter.trimmed(value) { $0 == 0x20 || $0 == 0x09 }
        guard !text.isEmpty else { return nil }
        text = InvitationPrefilter.droppingMailto(text)
        // MyAddresses.normalise: white space and line ends trimmed, `mailto:` dropped again.
        text = InvitationPrefilter.droppingMailto(
            InvitationPrefilter.trimmed(text) { $0 == 0x20 || (0x09...0x0D).contains($0) })
        return addresses.contains(text.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 })
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>, _ blank: (UInt8) -> Bool) -> ArraySlice<UInt8> {
        var lower = bytes.startIndex
        var upper = bytes.endIndex
        while lower < upper, blank(bytes[lower]) { lower += 1 }
        while upper > lower, blank(bytes[upper - 1]) { upper -= 1 }
        return bytes[lower..<upper]
    }

    private static func droppingMailto(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard bytes.count >= 7, BlockPrefilter.isWord(bytes.prefix(6), "MAILTO"),
            bytes[bytes.startIndex + 6] == UInt8(ascii: ":")
        else { return bytes }
        return bytes.dropFirst(7)
    }

    /// Whether an ATTENDEE line's parameters (its name up to the colon) hold a PARTSTAT that
    /// answers: every PARTSTAT there one of the four answers, unquoted, and one at least (on a
    /// task's line, IN-PROCESS and COMPLETED too, which the follower files accepted). No
    /// PARTSTAT is NEEDS-ACTION (RFC 5545 §3.2.12).
    static func answered(parameters: ArraySlice<UInt8>, task: Bool = false) -> Bool {
        var found = 0
        var quoted = false
        var partStart = parameters.startIndex
        var parts: [ArraySlice<UInt8>] = []
        for index in parameters.indices {
            let byte = parameters[index]
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == UInt8(ascii: ";"), !quoted {
                parts.append(parameters[partStart..<index])
                partStart = index + 1
            }
        }
        parts.append(parameters[partStart...])
        for part in parts.dropFirst() {
            guard let equals = part.firstIndex(of: UInt8(ascii: "=")),
                BlockPrefilter.isWord(part[..<equals], "PARTSTAT")
            else { continue }
            let value = part[(equals + 1)...]
            guard
                BlockPrefilter.isWord(value, "ACCEPTED") || BlockPrefilter.isWord(value, "DECLINED")
                    || BlockPrefilter.isWord(value, "DELEGATED") || BlockPrefilter.isWord(value, "TENTATIVE")
                    || (task
                        && (BlockPrefilter.isWord(value, "IN-PROCESS") || BlockPrefilter.isWord(value, "COMPLETED")))
            else { return false }
            found += 1
        }
        return found > 0
    }
}
