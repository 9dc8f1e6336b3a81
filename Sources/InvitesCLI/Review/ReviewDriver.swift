import Foundation
import InvitesKit

/// Runs `review`: draws each pending invitation as `show` draws it, reads keys through a
/// ``ReviewSession`` and carries out what it decides, through the same responder, outbox and
/// sending as `accept`, `decline`, `tentative` and `comment`.
///
/// On a terminal (``Keyboard/singleKeys``) each screen is drawn afresh from the top; without one
/// the screens follow each other as lines. What an action did is said at the top of the next
/// screen, since drawing that screen would wipe it.
final class ReviewDriver {
    /// How the review ended, for the lines printed once the terminal is given back.
    struct Tally {
        var answered = 0
        var commented = 0
        var skipped = 0
        var left = 0
        /// What the last action did, when the review ended before a screen could say it.
        var unsaid: [String] = []
    }

    private let context: CommandContext
    private let keyboard: Keyboard
    private let controller: ShowController
    private var invites: [StoredInvite]
    private var index = 0
    private var session = ReviewSession()
    private var report: ShowReport?
    private var messages: [String] = []
    private var tally = Tally()
    /// The invitation whose reply waits for the `send = ask` question, and whether answering
    /// it finished with the invitation.
    private var asking: (handle: String, advance: Bool)?
    /// Without a terminal: whether the invitation on the screen must be printed whole again
    /// (it is new, or an action changed it), and how many of the messages were printed.
    private var printWhole = true
    private var printedMessages = 0
    /// Whether a screen has shown the messages since they were said.
    private var messagesShown = true

    init(context: CommandContext, keyboard: Keyboard, controller: ShowController, invites: [StoredInvite]) {
        self.context = context
        self.keyboard = keyboard
        self.controller = controller
        self.invites = invites
    }

    /// Reviews until every invitation is answered or skipped, the user quits, or the input ends.
    func run() throws -> Tally {
        try load()
        draw()
        while index < invites.count {
            let event = keyboard.next()
            guard let command = session.handle(event) else { continue }
            if try perform(command) { break }
        }
        tally.left = max(invites.count - index, 0) + tally.skipped
        tally.unsaid = messagesShown ? [] : messages
        return tally
    }

    // MARK: Actions

    /// Carries out one command; `true` when the review is over.
    private func perform(_ command: ReviewSession.Command) throws -> Bool {
        switch command {
        case .quit:
            return true
        case .skip:
            tally.skipped += 1
            say(["\(current.handle): skipped, still pending"])
            return try advance()
        case .redraw:
            draw()
        case .editLine:
            drawEditedLine()
        case .unknown(let key):
            say(["'\(Printable.sanitize(key))' does nothing here; ? shows the keys"])
            draw()
        case .pickOccurrence(let text):
            pick(text)
            draw()
        case .answer(let action, let comment, let occurrence):
            return try answer(action, comment: comment, occurrence: occurrence)
        case .comment(let text, let occurrence):
            return try answer(.commented, comment: text, occurrence: occurrence)
        case .propose(let text, let comment, let occurrence):
            try propose(text, comment: comment, occurrence: occurrence)
        case .send(let yes):
            guard let asking else { return false }
            self.asking = nil
            if yes {
                say(messages + (try deliver(asking.handle)))
            } else {
                say(messages + ["\(asking.handle): the reply is queued; 'invites send' sends it"])
            }
            if asking.advance { return try advance() }
            try load()
            draw()
        }
        return false
    }

    private var current: StoredInvite { invites[index] }

    /// Records an answer or a comment as the answering commands do, then sends its reply as the
    /// settings say; a failure is said on the screen and the invitation stays.
    private func answer(_ action: AnswerAction, comment: String?, occurrence: String?) throws -> Bool {
        let stored = try context.openStore().resolve(current.handle)
        let outcome: Responder.Outcome
        do {
            outcome = try context.responder().answer(
                stored, action: action, occurrences: occurrence.map { [$0] } ?? [], comment: comment,
                addToCalendar: true, now: context.environment.now())
        } catch {
            say(["error: " + ErrorReport.describe(error).0])
            draw()
            return false
        }
        var line = "\(stored.handle): \(action.rawValue) \"\(Printable.sanitize(stored.invite.title))\""
        if let label = session.occurrenceLabel, occurrence != nil { line += " (the occurrence \(label))" }
        switch outcome.calendar {
        case .added(let path): line += "; added to \(Printable.sanitize(path))"
        case .rewritten(let path): line += "; updated in \(Printable.sanitize(path))"
        case .removed(let path): line += "; removed from \(Printable.sanitize(path))"
        case .unchanged: break
        }
        var said = [line]
        if let scheduling = outcome.scheduling {
            said.append(AnswerCommand.explanation(of: scheduling, handle: stored.handle))
        }
        if action == .commented { tally.commented += 1 } else if occurrence == nil { tally.answered += 1 }
        // A whole answer is done with the invitation; a comment or one occurrence's answer
        // leaves it on the screen, with what it now says.
        let finished = action != .commented && occurrence == nil
        session.reset()
        var ask = false
        if let reason = outcome.notQueued {
            said.append("no reply was queued for the organizer: " + Printable.sanitize(reason.description))
        } else if outcome.queued != nil {
            switch policy() {
            case .always: said += try deliver(stored.handle)
            case .never: said.append("\(stored.handle): the reply is queued; 'invites send' sends it")
            case .ask: ask = true
            }
        }
        say(said)
        if ask {
            asking = (stored.handle, finished)
            session.askToSend()
        } else if finished {
            return try advance()
        }
        try load()
        draw()
        return false
    }

    /// `p`: proposes a new time as `propose` does (`--at` the text, `--free` for none), queues
    /// the COUNTER and sends it as the settings say; the invitation stays on the screen, to be
    /// answered too.
    private func propose(_ text: String, comment: String?, occurrence: String?) throws {
        let stored = try context.openStore().resolve(current.handle)
        let made: ProposeCommand.Made
        do {
            made = try ProposeCommand.propose(
                stored, at: text.isEmpty ? nil : text, occurrence: occurrence, comment: comment, context)
        } catch {
            say([ErrorReport.describe(error).0])
            draw()
            return
        }
        session.reset()
        var said = [ProposeCommand.line(made, context)]
        switch policy() {
        case .always: said += try deliver(stored.handle)
        case .never: said.append("\(stored.handle): the proposal is queued; 'invites send' sends it")
        case .ask:
            asking = (stored.handle, false)
            session.askToSend("proposal")
        }
        say(said)
        try load()
        draw()
    }

    /// `--send`, `--no-send`, else the `send` setting.
    private func policy() -> SendSettings.Policy {
        if context.arguments.has("--send") { return .always }
        if context.arguments.has("--no-send") { return .never }
        return context.settings.sending.policy.value
    }

    /// Sends an invitation's queued reply and returns what sending said, for the screen.
    private func deliver(_ handle: String) throws -> [String] {
        var quiet = context
        quiet.environment.out = TextSink()
        quiet.environment.err = TextSink()
        _ = try SendCommand.deliver(handles: [handle], again: false, quiet, afterAnswer: true)
        let said = quiet.environment.out.text + quiet.environment.err.text
        return said.split(separator: "\n").map(String.init)
    }

    /// `o`: the occurrence named by its number in the list or its start.
    private func pick(_ text: String) {
        guard let report, !report.occurrences.isEmpty else {
            say(["\(current.handle) is not a series: an answer is for the whole invitation"])
            return
        }
        if let number = Int(text), number >= 1, number <= report.occurrences.count {
            let checked = report.occurrences[number - 1]
            session.picked(
                checked.key,
                label: context.time.span(start: checked.nearby.invite.start, end: checked.nearby.invite.end))
            say([])
            return
        }
        do {
            let keys = try AnswerCommand.pick([text], of: report.stored, context, command: "review")
            if let key = keys.first {
                session.picked(key, label: Printable.sanitize(text))
                say([])
            }
        } catch {
            say([ErrorReport.describe(error).0])
        }
    }

    /// Puts what an action did at the top of the screen, in place of what the last one did.
    private func say(_ lines: [String]) {
        messages = lines
        printedMessages = 0
        messagesShown = lines.isEmpty
    }

    /// The next invitation, or the end of the review.
    private func advance() throws -> Bool {
        index += 1
        session.reset()
        guard index < invites.count else { return true }
        try load()
        draw()
        return false
    }

    /// The report for the invitation on the screen, read again after every change to it.
    private func load() throws {
        invites[index] = try context.openStore().resolve(current.handle)
        let show = try controller.report(for: current)
        for warning in show.warnings where !messages.contains(warning.description) {
            messages.append("warning: " + Printable.sanitize(warning.description))
        }
        report = show
        printWhole = true
    }

    // MARK: Drawing

    private var width: Int { (try? ShowCommand.width(context, command: "review")) ?? 80 }

    /// Every line of the screen, from the top.
    func screen() -> [String] {
        let width = self.width
        var lines = DisplayWidth.wrap(
            "invites review: \(index + 1) of \(invites.count) waiting for an answer, most recently changed first",
            to: width)
        lines += messages.flatMap { DisplayWidth.wrap($0, to: width, limit: 4) }
        lines.append("")
        if let report {
            let formatter = ShowFormatter(
                time: context.time, width: width, color: context.settings.color.value,
                attendees: context.arguments.has("--attendees"), me: context.settings.me.value)
            lines += formatter.lines(report)
        }
        lines.append("")
        lines += session.prompt(width: width)
        return lines
    }

    private func draw() {
        messagesShown = true
        guard keyboard.singleKeys else {
            // Lines follow each other: the invitation once, then what is new and the prompt.
            if printWhole {
                context.environment.out.write(screen().joined(separator: "\n") + "\n")
            } else {
                let new = messages.dropFirst(min(printedMessages, messages.count))
                let lines = new.flatMap { DisplayWidth.wrap($0, to: width, limit: 4) } + session.prompt(width: width)
                context.environment.out.write(lines.joined(separator: "\n") + "\n")
            }
            printWhole = false
            printedMessages = messages.count
            return
        }
        let lines = screen()
        // From the top, on a cleared screen; the cursor stays at the end of the prompt.
        var text = "\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\n")
        if let column = session.cursorColumn(width: width) { text += "\r" + (column > 0 ? "\u{1B}[\(column)C" : "") }
        context.environment.out.write(text)
    }

    /// The line being typed, drawn again in place.
    private func drawEditedLine() {
        guard keyboard.singleKeys, let line = session.prompt(width: width).last,
            let column = session.cursorColumn(width: width)
        else { return }
        context.environment.out.write("\r\u{1B}[K" + line + "\r" + (column > 0 ? "\u{1B}[\(column)C" : ""))
    }
}
