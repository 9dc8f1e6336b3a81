import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// Runs `review`: draws each invitation of a ``ReviewQueue`` as `show` draws it, reads keys
/// through a ``ReviewSession`` and has the queue carry out what they decide, through the same
/// controllers as `accept`, `decline`, `tentative`, `comment`, `propose`, `delegate`, `forward`,
/// `refresh`, `progress` and `done`.
///
/// On a terminal (``Keyboard/singleKeys``) each screen is drawn afresh from the top; without one
/// the screens follow each other as lines. What an action did is said at the top of the next
/// screen, since drawing that screen would wipe it.
final class ReviewDriver {
    /// How the review ended, for the lines printed once the terminal is given back.
    struct Tally {
        var answered = 0
        var commented = 0
        var left = 0
        /// What the last action did, when the review ended before a screen could say it.
        var unsaid: [String] = []
    }

    private let context: CommandContext
    private let keyboard: Keyboard
    private let controller: ShowController
    private var queue: ReviewQueue
    private var session = ReviewSession()
    private var report: ShowReport?
    private var messages: [String] = []
    /// The invitation whose reply waits for the `send = ask` question, whether answering it
    /// finished with the invitation, and what waits (a reply, a delegation...).
    private var asking: (handle: String, advance: Bool, what: String)?
    /// Without a terminal: whether the invitation on the screen must be printed whole again
    /// (it is new, or an action changed it), and how many of the messages were printed.
    private var printWhole = true
    private var printedMessages = 0
    /// Which page of a screen too long for the terminal is shown (``fitted(_:rows:width:header:prompt:)``).
    private var page = 0
    /// Whether a screen has shown the messages since they were said.
    private var messagesShown = true

    init(context: CommandContext, keyboard: Keyboard, controller: ShowController, queue: ReviewQueue) {
        self.context = context
        self.keyboard = keyboard
        self.controller = controller
        self.queue = queue
    }

    /// Reviews until every invitation is answered or skipped, the user quits, or the input ends.
    func run() throws -> Tally {
        try load()
        draw()
        while queue.current != nil {
            let event = keyboard.next()
            guard let command = session.handle(event) else { continue }
            if try perform(command) { break }
        }
        return Tally(
            answered: queue.answered, commented: queue.commented, left: queue.left,
            unsaid: messagesShown ? [] : messages)
    }

    // MARK: Actions

    /// Carries out one command; `true` when the review is over.
    private func perform(_ command: ReviewSession.Command) throws -> Bool {
        switch command {
        case .quit:
            return true
        case .skip:
            say(["\(current.handle): skipped, still \(current.state.rawValue)"])
            session.reset()
            return try next(queue.skip())
        case .redraw:
            draw()
        case .page(let step):
            page += step
            printWhole = true
            draw()
        case .editLine:
            drawEditedLine()
        case .unknown(let key):
            say(["'\(Printable.sanitize(key))' does nothing here; ? shows the keys"])
            draw()
        case .pickOccurrence(let text):
            pick(text)
            draw()
        case .pickFrom(let text):
            pick(text, fromOn: true)
            draw()
        case .answer(let action, let comment, let occurrence):
            return try answer(action, comment: comment, occurrence: occurrence)
        case .report(let report, let comment, let occurrence):
            switch report {
            case .progress(let percent):
                return try answer(.inProcess, comment: comment, occurrence: occurrence, percent: percent)
            case .done:
                return try answer(.completed, comment: comment, occurrence: occurrence)
            }
        case .delegate(let address, let comment, let occurrence):
            return try delegate(to: address, comment: comment, occurrence: occurrence)
        case .forward(let address, let comment):
            return try exchange("forward", advance: false) {
                let made = try $0.forward(to: address, comment: comment)
                return (made.sending, [ForwardCommand.said(made.made.stored, to: address)])
            }
        case .refresh(let comment, let occurrence):
            let label = occurrence == nil ? nil : session.occurrenceLabel
            return try exchange("request", advance: false) {
                let made = try $0.askOrganizer(occurrence: occurrence, comment: comment)
                return (made.sending, [RefreshCommand.said(made.made, occurrence: label)])
            }
        case .mistyped(let why):
            say([why])
            draw()
        case .comment(let text, let occurrence):
            return try answer(.commented, comment: text, occurrence: occurrence)
        case .propose(let text, let comment, let occurrence):
            try propose(text, comment: comment, occurrence: occurrence)
        case .send(let yes):
            guard let asking else { return false }
            self.asking = nil
            if yes {
                say(messages + lines(try queue.send(asking.handle)))
            } else {
                say(messages + [AnswerWords.queued(asking.handle, what: asking.what)])
            }
            if asking.advance {
                session.reset()
                return try next(queue.advance())
            }
            try load()
            draw()
        }
        return false
    }

    /// The invitation on the screen, as last read.
    private var current: StoredInvite { queue.invites[queue.index] }

    /// Records an answer or a comment as the answering commands do, then sends its reply as the
    /// settings say; a failure is said on the screen and the invitation stays.
    /// `percent` goes with a task's progress report.
    private func answer(_ action: AnswerAction, comment: String?, occurrence: String?, percent: Int? = nil) throws
        -> Bool
    {
        guard try unchanged() else { return false }
        let stored = current
        let report: AnswerController.Report
        do {
            try AnswerCommand.reportsOnATask(action, stored, command: action == .completed ? "done" : "progress")
            report = try queue.answer(
                action, comment: comment, occurrence: occurrence, fromOn: session.fromOn, percent: percent)
        } catch {
            say(["error: " + ErrorReport.describe(error).0])
            draw()
            return false
        }
        let outcome = report.outcome
        var line = AnswerWords.answered(stored, action)
        if let percent { line += " (\(percent)% done)" }
        if let label = session.occurrenceLabel, occurrence != nil {
            line += session.fromOn ? " (from the occurrence \(label) on)" : " (the occurrence \(label))"
        }
        line += AnswerWords.change(outcome.calendar)
        var said = [line]
        for note in report.notes {
            switch note {
            case .notAnAttendee, .noReplyAsked:
                said.append(Printable.sanitize(AnswerWords.note(note, handle: stored.handle)))
            case .cancelled, .occurrenceCancelled, .noAddress:
                break
            }
        }
        if let scheduling = outcome.scheduling {
            said.append(AnswerWords.explanation(of: scheduling, handle: stored.handle))
        }
        if let until = outcome.heldUntil {
            said.append(
                AnswerWords.held(
                    until, handle: stored.handle, calendar: controller.settings.calendars.first?.path ?? "",
                    time: context.time))
        }
        // A whole answer is done with the invitation; a comment or one occurrence's answer
        // leaves it on the screen, with what it now says.
        let finished = action != .commented && occurrence == nil
        session.reset()
        var sending = report.sending
        if let reason = outcome.notQueued {
            said.append("no reply was queued for the organizer: " + Printable.sanitize(reason.description))
            sending = nil
        }
        return try conclude(said, sending: sending, handle: stored.handle, what: "reply", advance: finished)
    }

    /// `p`: proposes a new time as `propose` does (`--at` the text, `--free` for none), queues
    /// the COUNTER and sends it as the settings say; the invitation stays on the screen, to be
    /// answered too.
    private func propose(_ text: String, comment: String?, occurrence: String?) throws {
        guard try unchanged() else { return }
        let proposed: ReviewQueue.Proposed
        do {
            proposed = try queue.propose(at: text.isEmpty ? nil : text, comment: comment, occurrence: occurrence)
        } catch let error as ProposedTimeError {
            say([ProposalWords.usage(error, context).message])
            draw()
            return
        } catch {
            say([ErrorReport.describe(error).0])
            draw()
            return
        }
        session.reset()
        let handle = proposed.made.stored.handle
        _ = try conclude(
            [ProposalWords.line(proposed.made, context)], sending: proposed.sending, handle: handle, what: "proposal",
            advance: false)
    }

    /// `g`: delegates as `delegate` does; a whole delegation is done with the invitation, one
    /// occurrence's leaves it on the screen, as for an answer.
    private func delegate(to address: String, comment: String?, occurrence: String?) throws -> Bool {
        var named: [String] = []
        if let label = session.occurrenceLabel, occurrence != nil {
            named.append(session.fromOn ? "from \(label) on" : label)
        }
        let fromOn = session.fromOn
        return try exchange("delegation", advance: occurrence == nil) {
            let made = try $0.delegate(to: address, comment: comment, occurrence: occurrence, fromOn: fromOn)
            var said = [DelegateCommand.said(made.made.stored, to: address, named: named, made.made)]
            if made.sending == nil, let scheduling = made.made.declined.outcome.scheduling {
                said.append(AnswerWords.explanation(of: scheduling, handle: made.made.stored.handle))
            }
            return (made.sending, said)
        }
    }

    /// An exchange beside an answer (`g`, `w`, `r`), as its command makes it: checked against
    /// a stale screen, carried out by `act` (what it queued, and what to say), and sent as the
    /// settings say; a refusal (forwarding forbidden, an address that is none) is said on the
    /// screen and the invitation stays. `advance`: it is done with the invitation.
    private func exchange(
        _ what: String, advance: Bool,
        _ act: (inout ReviewQueue) throws -> (sending: Dispatcher.Sending?, said: [String])
    ) throws -> Bool {
        guard try unchanged() else { return false }
        let handle = current.handle
        let done: (sending: Dispatcher.Sending?, said: [String])
        do {
            done = try act(&queue)
        } catch {
            say(["error: " + ErrorReport.describe(error).0])
            draw()
            return false
        }
        session.reset()
        return try conclude(done.said, sending: done.sending, handle: handle, what: what, advance: advance)
    }

    /// Says what an action did (`said`) and what became of the `what` it queued (`nil`: nothing
    /// to send), then moves on when `advance`, else draws the invitation as it now is; with `send
    /// = ask` the question comes first. `true` when the review is over.
    private func conclude(
        _ said: [String], sending: Dispatcher.Sending?, handle: String, what: String, advance: Bool
    ) throws -> Bool {
        var said = said
        switch sending {
        case nil: break
        case .sent(let run): said += lines(run)
        case .queued: said.append(AnswerWords.queued(handle, what: what))
        case .ask:
            say(said)
            asking = (handle, advance, what)
            session.askToSend(what)
            try load()
            draw()
            return false
        case .failed(let error): throw error
        }
        say(said)
        if advance { return try next(queue.advance()) }
        try load()
        draw()
        return false
    }

    /// Whether the invitation on the screen is as the store has it now; when it changed since
    /// the screen was drawn (the organizer updated it, or another `invites` answered it), says
    /// so and draws it as it is now, so that the key is asked for again on what it now says. An
    /// answer given to a stale screen would be an answer to something not seen.
    private func unchanged() throws -> Bool {
        guard let change = try queue.refresh() else { return true }
        let what: String
        switch change {
        case .state(let state): what = "it is \(state.rawValue) now"
        case .updated: what = "the organizer updated it"
        }
        say([
            "\(current.handle): changed since this screen was drawn (\(what)); nothing was done: "
                + "this is it now, give the key again"
        ])
        try load()
        draw()
        return false
    }

    /// What a hand-over said, as `send` says it, for the screen.
    private func lines(_ run: Dispatcher.Run) -> [String] {
        DispatchWords.screen(run, time: context.time)
    }

    /// `o` (and `f`, `fromOn`): the occurrence named by its number in the list or its start.
    private func pick(_ text: String, fromOn: Bool = false) {
        guard let report, !report.occurrences.isEmpty else {
            say(["\(current.handle) is not a series: an answer is for the whole invitation"])
            return
        }
        if let number = Int(text), number >= 1, number <= report.occurrences.count {
            let checked = report.occurrences[number - 1]
            session.picked(
                checked.key,
                label: context.time.span(start: checked.nearby.invite.start, end: checked.nearby.invite.end),
                fromOn: fromOn)
            say([])
            // The timeline is now the picked occurrence's: printed again without a terminal too.
            printWhole = true
            return
        }
        do {
            if let key = try AnswerCommand.pick([text], of: current, context, command: "review").first {
                session.picked(key, label: Printable.sanitize(text), fromOn: fromOn)
                say([])
                printWhole = true
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

    /// Draws the next invitation, when there is one (`more`); `true` when the review is over.
    private func next(_ more: Bool) throws -> Bool {
        guard more else { return true }
        try load()
        draw()
        return false
    }

    /// The report for the invitation on the screen, read again after every change to it.
    private func load() throws {
        let show = try controller.report(for: try queue.reload())
        for warning in show.warnings where !messages.contains(warning.description) {
            messages.append("warning: " + Printable.sanitize(warning.description))
        }
        report = show
        printWhole = true
        page = 0
    }

    // MARK: Drawing

    private var width: Int { (try? ShowCommand.width(context, command: "review")) ?? 80 }

    /// The rows the screen may take: the terminal's, else `LINES`, else no limit (a pipe).
    private var rows: Int? {
        context.environment.terminalRows()
            ?? context.environment.variables["LINES"].flatMap { Int($0) }.map {
                max($0, 1)
            }
    }

    /// `invites review: 2 of 4`.
    private var place: String { "invites review: \(queue.index + 1) of \(queue.invites.count)" }

    /// What the screen is: one of those waiting for an answer, or the invitation asked for by
    /// name, which may wait for none.
    private var header: String {
        let order = "waiting for an answer, most recently changed first"
        guard !queue.currentIsQueued else { return "\(place) \(order)" }
        let state = current.state
        let what =
            [.accepted, .declined, .tentative].contains(state)
            ? "is answered already (\(state.rawValue))"
            : "waits for no answer (\(state == .pending ? "over" : state.rawValue))"
        return "\(place): \(current.handle) \(what)" + (queue.invites.count > 1 ? "; then those \(order)" : "")
    }

    /// Every line of the screen, from the top, fitted to the rows of the terminal.
    func screen() -> [String] {
        let width = self.width
        let header = self.header
        let said = messages.flatMap { DisplayWidth.wrap($0, to: width, limit: 4) }
        let prompt = session.prompt(width: width)
        guard var report else { return DisplayWidth.wrap(header, to: width) + said + [""] + prompt }
        // `o` picked an occurrence: its stretch is drawn, not the first one's.
        if let key = session.occurrence, let picked = report.occurrences.first(where: { $0.key == key }) {
            report.shown = picked.nearby
        }
        let formatter = ShowFormatter(
            time: context.time, width: width, color: context.settings.color.value,
            attendees: context.arguments.has("--attendees"), me: context.settings.me.value,
            charset: context.charset)
        let sections = formatter.sections(report)
        let whole = DisplayWidth.wrap(header, to: width) + said + [""] + sections.all + [""] + prompt
        guard let rows, whole.count > rows else { return whole }
        return fitted(sections, rows: rows, width: width, header: header, prompt: prompt)
    }

    /// The fewest rows a page of a screen too long for a terminal of `rows` shows: three, and
    /// a third of the pane on a taller one. A pane that pages one or two lines at a time took
    /// six Spaces to reach the timeline.
    static func shortestPage(rows: Int) -> Int { max(3, rows / 3) }

    /// A screen too long for the terminal, made to fit: the header, what the last key did, the
    /// title, time, place and organizer, and the keys always stay; the notes and the occurrences
    /// fold to their first lines, and the rest (the details, the timeline, then the folded
    /// lines whole) is paged with Space and b, a line saying where the page stands.
    ///
    /// The layout is the roomiest that leaves ``shortestPage(rows:)`` rows to page: the whole header
    /// and key list; else the header in a few words and the keys in one line; else besides
    /// those the kept lines each cut to one (the title, one `when` line, the organizer cut in
    /// cells), what they leave out (a series' first date, the organizer's zone) paged first.
    /// A pane where even that leaves no line to page (a few rows) keeps what it can.
    private func fitted(_ sections: ShowFormatter.Sections, rows: Int, width: Int, header: String, prompt: [String])
        -> [String]
    {
        var occurrences = sections.occurrences.filter { !$0.isEmpty }
        var folded = Array(sections.notes.prefix(1))
        if occurrences.count > 2 {
            // The "Recurring: …" line and the "Shown: …" line; the list comes after the timeline.
            folded += [occurrences[0], occurrences[occurrences.count - 1]]
            occurrences = Array(occurrences.dropFirst().dropLast())
        } else {
            folded += occurrences
            occurrences = []
        }
        let rest = Array(sections.notes.dropFirst())
        let unpaged = sections.details + folded + [""] + sections.timeline + rest + occurrences
        // A line wider than the terminal (a join link is never cut) takes more than one row.
        func cost(_ lines: [String]) -> Int {
            lines.reduce(0) { $0 + max(1, (DisplayWidth.of($1) + width - 1) / width) }
        }
        // Roomy first, then tight: the header in a few words, each message in two lines, the
        // keys in one; then compact: the kept lines one each too.
        func layout(tight: Bool, compact: Bool = false) -> (fixed: [String], keys: [String], room: Int) {
            let top =
                DisplayWidth.wrap(tight ? place : header, to: width)
                + messages.flatMap { DisplayWidth.wrap($0, to: width, limit: tight ? 2 : 4) }
            let keys = tight && session.showsKeyLine ? DisplayWidth.wrap(ReviewSession.shortKeyLine, to: width) : prompt
            let fixed = top + (compact ? sections.compactHead : sections.head)
            // One row for the line that says where the page stands.
            return (fixed, keys, rows - cost(fixed) - cost(keys) - 1)
        }
        let layouts = [layout(tight: false), layout(tight: true), layout(tight: true, compact: true)]
        let index =
            layouts.firstIndex { $0.room >= ReviewDriver.shortestPage(rows: rows) } ?? (layouts[2].room >= 1 ? 2 : 1)
        let chosen = layouts[index]
        let paged = (index == 2 ? sections.headRest : []) + unpaged
        guard chosen.room >= 1 else {
            guard cost(chosen.keys) >= rows else {
                return Array(chosen.fixed.prefix(max(rows - cost(chosen.keys), 0))) + chosen.keys
            }
            // The help, taller than the pane: as much of it as fits, and how to leave it.
            var kept: [String] = []
            for line in chosen.keys.dropLast() {
                guard cost(kept + [line]) < rows else { break }
                kept.append(line)
            }
            return kept + chosen.keys.suffix(1)
        }
        // Pages of whole lines; a line taller than a whole page (a join link on a terminal of a
        // few rows) is cut to the page, since a screen that scrolls loses its top.
        let room = chosen.room
        let body = paged.map { cost([$0]) > room ? DisplayWidth.fit($0, to: room * width) : $0 }
        var pages: [Range<Int>] = []
        var first = 0
        while first < body.count {
            var end = first + 1
            while end < body.count, cost(Array(body[first...end])) <= room { end += 1 }
            pages.append(first..<end)
            first = end
        }
        let shown = pages[((page % pages.count) + pages.count) % pages.count]
        let more = DisplayWidth.fit(
            "-- \(shown.lowerBound + 1)-\(shown.upperBound)/\(body.count), Space more, b back --", to: width)
        return chosen.fixed + body[shown] + [more] + chosen.keys
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
