import Foundation
import InvitesFormats
import InvitesKit

/// The words of a hand-over, said once for `send`, the answering commands, `propose` and
/// `review`: one line per message, and the mail a killed `send` left claimed.
enum DispatchWords {
    /// One thing said, and where: standard output, or a note or a warning on standard error.
    enum Said: Equatable {
        case line(String)
        case note(String)
        case warning(String)
    }

    /// What `run` came to, in order, and whether any message is left unsent. Under `--json` a
    /// message sent is a note, so that standard output keeps its one document.
    static func said(_ run: Dispatcher.Run, time: HumanTime, json: Bool) -> (said: [Said], failed: Bool) {
        var said = recovered(run.recovered).map(Said.warning)
        var failed = false
        for report in run.reports {
            let message = report.message
            let what = "'\(Printable.sanitize(message.subject))'"
            let to = message.transport == .mail ? Printable.sanitize(message.recipient) : "the sender's server"
            switch report.handover {
            case .sent?:
                let line = "\(message.handle): sent \(what) to \(to)"
                said.append(json ? .note(line) : .line(line))
            case .retry(let error, let retryAt)?:
                failed = true
                let next = retryAt.map { "; tried again after \(time.clock($0))" } ?? ""
                said.append(
                    .note(
                        "\(message.handle): \(what) not sent: \(Printable.sanitize(error)). It stays queued\(next) "
                            + "('invites send' tries again)"))
            case .refused(let error)?:
                failed = true
                said.append(
                    .note(
                        "\(message.handle): \(what) refused: \(Printable.sanitize(error)). Marked failed "
                            + "('invites send --again \(message.handle)' tries once more)"))
            case .uncertain(let error)?:
                failed = true
                said.append(
                    .note(
                        "\(message.handle): \(what) may or may not have gone: \(Printable.sanitize(error)). Check "
                            + "your sent mail, then 'invites send --again \(message.handle)' if it did not"))
            case nil:
                said.append(.note("\(message.handle): \(what) is being sent by another invites"))
            }
        }
        return (said, failed)
    }

    /// Which mail a killed `send` left claimed, which may or may not have gone, a line each.
    static func recovered(_ messages: [OutboxMessage]) -> [String] {
        messages.map { message in
            "\(message.handle): a send was cut off while handing '\(Printable.sanitize(message.subject))' to "
                + "\(Printable.sanitize(message.recipient)); it may have gone. Check your sent mail, then "
                + "'invites send --again \(message.handle)' if it did not"
        }
    }

    /// What `run` came to as lines for a screen (`review`): what `send` prints, then what it
    /// says on standard error, with the same `invites:` words before it.
    static func screen(_ run: Dispatcher.Run, time: HumanTime) -> [String] {
        let said = said(run, time: time, json: false).said
        var out: [String] = []
        var err: [String] = []
        for one in said {
            switch one {
            case .line(let text): out.append(text)
            case .note(let text): err.append("invites: " + text)
            case .warning(let text): err.append("invites: warning: " + text)
            }
        }
        return out + err
    }
}
