import Foundation
import InvitesModel
import InvitesSystem

/// What `watch` has told of, kept beside the store (`watch-notified`): each invitation's
/// handle with the version of it that was told, so that no invitation is told twice, across
/// restarts too, and one filed but not yet told when the process was killed is told when it
/// starts again (``untold(in:)``).
///
/// A line is appended after each notification; the file is rewritten, one line per handle,
/// when `watch` starts and when it ends. Its first line says from when it counts: invitations
/// last changed before then are not told of on a start.
///
/// The nudges (``Nudge``) are kept here too, a line `nudge: HANDLE START SECONDS` for each
/// threshold told of the occurrence starting at START (a colon is in no handle): a nudge is
/// told once across restarts and `kill -9`, as a notification is. Those of occurrences
/// started are dropped when the file is rewritten.
final class NotifiedJournal {
    let path: String
    /// From when the journal counts.
    private(set) var since: Date
    private var told: [String: String]
    /// The thresholds told of each occurrence, by handle and start (Unix seconds).
    private var nudged: [Nudged: Set<Int>]
    private let handle: FileHandle

    /// One occurrence of an invitation, as the nudges are kept.
    struct Nudged: Hashable, Comparable {
        var handle: String
        var start: Int

        static func < (lhs: Nudged, rhs: Nudged) -> Bool { (lhs.handle, lhs.start) < (rhs.handle, rhs.start) }
    }

    /// What starts a nudge's line.
    static let nudgeTag = "nudge:"

    /// Opens the journal, or starts one counting from `now`.
    init(path: String, now: Date) throws(WatchError) {
        self.path = path
        var since = now
        var told: [String: String] = [:]
        var nudged: [Nudged: Set<Int>] = [:]
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: " ", maxSplits: 1).map(String.init)
                guard fields.count == 2 else { continue }
                if fields[0] == "since", let seconds = Int(fields[1]) {
                    since = Date(timeIntervalSince1970: TimeInterval(seconds))
                } else if fields[0] == NotifiedJournal.nudgeTag {
                    let parts = fields[1].split(separator: " ").map(String.init)
                    guard parts.count == 3, let start = Int(parts[1]), let seconds = Int(parts[2]) else { continue }
                    nudged[Nudged(handle: parts[0], start: start), default: []].insert(seconds)
                } else {
                    told[fields[0]] = fields[1]
                }
            }
        }
        self.since = since
        self.told = told
        self.nudged = nudged.filter { TimeInterval($0.key.start) > now.timeIntervalSince1970 }
        do {
            try NotifiedJournal.rewrite(path: path, since: since, told: told, nudged: self.nudged)
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
        } catch CalendarError.unwritable(_, let reason) {
            throw .unwritable(path: path, reason: reason)
        } catch {
            throw .unwritable(path: path, reason: error.localizedDescription)
        }
    }

    /// A version of the invitation that changes when the organizer changes it (a new
    /// SEQUENCE or DTSTAMP, of the series or of one occurrence, or a cancellation) and not
    /// when you answer it.
    static func version(of stored: StoredInvite) -> String {
        var parts = ["\(stored.invite.sequence).\(stamp(stored.invite.dtstamp))"]
        if stored.invite.method == .cancel || stored.status == .cancelled { parts.append("x") }
        for instance in stored.instances.sorted(by: { $0.recurrenceID < $1.recurrenceID }) {
            guard let organizer = instance.organizer else { continue }
            parts.append(
                "\(instance.recurrenceID).\(organizer.sequence).\(stamp(organizer.dtstamp))\(organizer.cancelled ? "x" : "")"
            )
        }
        return parts.joined(separator: ",")
    }

    private static func stamp(_ date: Date?) -> String {
        date.map { String(Int($0.timeIntervalSince1970)) } ?? "-"
    }

    /// Whether this version of the invitation was told of.
    func wasTold(_ stored: StoredInvite) -> Bool {
        told[stored.handle] == NotifiedJournal.version(of: stored)
    }

    /// Whether any version of the invitation was told of.
    func knows(_ handle: String) -> Bool { told[handle] != nil }

    /// Remembers that this version was told of.
    func record(_ stored: StoredInvite) {
        let version = NotifiedJournal.version(of: stored)
        told[stored.handle] = version
        try? handle.write(contentsOf: Data("\(stored.handle) \(version)\n".utf8))
    }

    /// The thresholds told of the occurrence of `handle` starting at `start`.
    func nudges(_ handle: String, start: Date) -> Set<Int> {
        nudged[Nudged(handle: handle, start: Int(start.timeIntervalSince1970.rounded(.down)))] ?? []
    }

    /// Remembers that the thresholds `seconds` were told of that occurrence.
    func recordNudge(_ handle: String, start: Date, seconds: [Int]) {
        let key = Nudged(handle: handle, start: Int(start.timeIntervalSince1970.rounded(.down)))
        nudged[key, default: []].formUnion(seconds)
        let lines = seconds.map { "\(NotifiedJournal.nudgeTag) \(key.handle) \(key.start) \($0)\n" }
        try? self.handle.write(contentsOf: Data(lines.joined().utf8))
    }

    /// The invitations of `store` changed since the journal counts and not told of in this
    /// version: filed by a `watch` killed before it told, or by another command meanwhile.
    /// Those answered already are left out: the user has seen them.
    func untold(in store: InboxStore) throws -> [StoredInvite] {
        try store.list(statuses: nil).filter { stored in
            stored.updatedAt >= since && !wasTold(stored)
                && (stored.needsAnswer || (stored.status == .cancelled && knows(stored.handle)))
        }
    }

    /// Rewrites the file with one line per handle, counting from `now`: a `watch` that ended
    /// in order told of everything it took in.
    func close(now: Date) {
        try? handle.close()
        let coming = nudged.filter { TimeInterval($0.key.start) > now.timeIntervalSince1970 }
        try? NotifiedJournal.rewrite(path: path, since: now, told: told, nudged: coming)
    }

    /// Replaces the file whole (0600 when it is made: it names what you were invited to).
    private static func rewrite(path: String, since: Date, told: [String: String], nudged: [Nudged: Set<Int>])
        throws
    {
        var text = "since \(Int(since.timeIntervalSince1970))\n"
        for (handle, version) in told.sorted(by: { $0.key < $1.key }) { text += "\(handle) \(version)\n" }
        for (key, thresholds) in nudged.sorted(by: { $0.key < $1.key }) {
            for seconds in thresholds.sorted() { text += "\(nudgeTag) \(key.handle) \(key.start) \(seconds)\n" }
        }
        try AtomicFile(path: path, newFileMode: PrivateFile.fileMode).update { _ in Data(text.utf8) }
    }
}
