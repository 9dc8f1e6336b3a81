import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// The words for answers held for your server's copy of a mailed invitation, once settled.
enum HeldWords {
    /// What happened to one invitation's held answers, a line or two.
    static func lines(_ settled: AnswerController.Settled, wait: TimeInterval) -> [String] {
        let handle = settled.handle
        let title = "\"\(Printable.title(settled.title))\""
        // A delegation names its delegate: the server (or invites) invites them too.
        let answers = settled.entries.filter { $0.action != .commented }.map { entry in
            entry.action == .delegated
                ? "delegated to \(Printable.sanitize(entry.delegatedTo ?? ""))" : entry.action.rawValue
        }
        let what = answers.isEmpty ? "your comment" : "your answer (\(answers.joined(separator: ", ")))"
        var lines = overtaken(settled)
        switch settled.result {
        case .placed(let path, let scheduling) where scheduling.mode == .server:
            lines.append(
                "\(handle): \(what) to \(title) went into the copy your calendar server put in "
                    + "\(Printable.sanitize(path)); the server replies when the calendar syncs")
        case .placed(let path, let scheduling):
            lines.append(
                "\(handle): \(what) to \(title) went into \(Printable.sanitize(path)); "
                    + AnswerWords.explanation(of: scheduling, handle: handle).dropFirst(handle.count + 2))
        case .overtaken:
            break
        case .released(let change):
            let calendar = AnswerWords.change(change).dropFirst(2)
            lines.append(
                "\(handle): no copy of \(title) from your calendar server after \(said(wait)): "
                    + (calendar.isEmpty ? "" : "\(calendar), and ") + "invites replies to the organizer itself")
        }
        if let reason = settled.notQueued {
            lines.append("\(handle): no reply was queued for the organizer: \(ErrorReport.describe(reason).0)")
        } else if settled.entries.contains(where: { $0.delivery == .queued }), settled.sending == nil {
            lines.append(AnswerWords.queued(handle))
        }
        if let sending = settled.sending {
            switch sending {
            case .failed(let error): lines.append("\(handle): the reply stays queued: \(ErrorReport.describe(error).0)")
            default: break
            }
        }
        return lines
    }

    /// What became of the held answers the organizer overtook: the meeting moved (they were
    /// to the earlier time) or cancelled; none went.
    private static func overtaken(_ settled: AnswerController.Settled) -> [String] {
        let title = "\"\(Printable.title(settled.title))\""
        var lines: [String] = []
        for (delivery, what) in [(Delivery.outdated, "moved"), (.withdrawn, "cancelled")] {
            let entries = settled.overtaken.filter { $0.delivery == delivery }
            guard !entries.isEmpty else { continue }
            let answers = entries.filter { $0.action != .commented }.map(\.action.rawValue)
            let yours = answers.isEmpty ? "your comment" : "your answer (\(answers.joined(separator: ", ")))"
            let fate = delivery == .outdated ? "was to the earlier time and was not sent; answer again" : "was not sent"
            lines.append(
                "\(settled.handle): the organizer \(what) \(title) before your calendar server's copy came: "
                    + "\(yours) \(fate)")
        }
        return lines
    }

    /// The wait as the config gave it: `2h`, `1h30m`, and the seconds of one not in whole
    /// minutes (`30s`, `1m30s`), where minutes alone would say `0m`.
    static func said(_ wait: TimeInterval) -> String {
        let whole = Int(wait.rounded())
        guard whole % 60 != 0 else { return DurationParser.format(wait) }
        return (whole >= 60 ? DurationParser.format(TimeInterval(whole - whole % 60)) : "") + "\(whole % 60)s"
    }
}
