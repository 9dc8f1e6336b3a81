import InvitesFormats
import InvitesKit
import InvitesModel

/// What `review` does with each key, as a state machine with no terminal and no store: a key
/// in, a ``Command`` out for the driver (``ReviewCommand``) to carry out.
///
/// One key answers. `c` reads a comment that the next answer carries (or Enter sends alone);
/// `A`, `D` and `T` answer and read the comment to go with it; `o` reads which occurrence the
/// next answer is for; `p` reads the time to propose. `g` (give to) reads the address of a
/// delegate and `w` the address to forward to; `r` asks the organizer for the invitation again;
/// `%` reads how far along a task is (a percent, or `done`). Each goes with the comment and the
/// occurrence as the command of its name takes them. A paste is text for the line being read
/// and is ignored anywhere else. A line typed into a pipe stands for its first character, so
/// the same session runs on a terminal and without one.
struct ReviewSession: Sendable, Hashable {
    /// What the keys do now.
    enum Mode: Sendable, Hashable {
        /// The key line: each key acts.
        case keys
        /// A line is being read.
        case editing(Field, LineEditor)
        /// The help is on the screen; any key goes back.
        case help
        /// `send = ask`: a reply (or a proposal) was queued, and `y` sends it.
        case confirmSend(String)
    }

    /// The line being read, and what it is for.
    enum Field: Sendable, Hashable {
        case comment
        case answerComment(AnswerAction)
        case occurrence
        /// `f`: the occurrence from which on the next answer goes.
        case from
        case propose
        /// `g`: the address of the one who goes in your place.
        case delegate
        /// `w`: the address to forward the invitation to.
        case forward
        /// `%`: how far along the task is.
        case report
    }

    /// What `%` reports on a task: `progress` with its percent, or `done`.
    enum TaskReport: Sendable, Hashable {
        case progress(Int)
        case done
    }

    /// What the driver is to do.
    enum Command: Sendable, Hashable {
        case answer(AnswerAction, comment: String?, occurrence: String?)
        /// A comment alone, without an answer.
        case comment(String, occurrence: String?)
        /// Find the occurrence the user named (a number in the list, or a WHEN); the driver calls
        /// ``picked(_:label:)`` when it exists.
        case pickOccurrence(String)
        /// The same for `f`: the next answer is for that occurrence and every later one.
        case pickFrom(String)
        /// Propose a new start (empty: the first free stretch).
        case propose(String, comment: String?, occurrence: String?)
        /// `delegate` to the address; `fromOn` as for an answer.
        case delegate(String, comment: String?, occurrence: String?)
        /// `forward` to the address (the whole invitation: forward names no occurrence).
        case forward(String, comment: String?)
        /// `refresh`: the organizer is asked for the invitation (or the occurrence picked with `o`).
        case refresh(comment: String?, occurrence: String?)
        /// `progress` or `done` on a task.
        case report(TaskReport, comment: String?, occurrence: String?)
        /// What was typed cannot be used; the text says why.
        case mistyped(String)
        case send(Bool)
        /// The next (1) or previous (-1) lines of a screen too long for the terminal.
        case page(Int)
        case skip
        case quit
        /// The screen changed (a mode, the help, a comment typed).
        case redraw
        /// Only the line being edited changed.
        case editLine
        /// A key that means nothing here.
        case unknown(String)
    }

    private(set) var mode: Mode = .keys
    /// A comment typed with `c`, for the next answer.
    private(set) var comment: String?
    /// The occurrence picked with `o` (its ``RecurrenceKey``), and how to name it.
    private(set) var occurrence: String?
    private(set) var occurrenceLabel: String?
    /// The occurrence was picked with `f`: the next answer goes from it on.
    private(set) var fromOn = false

    /// Back to the key line with nothing pending, for the next invitation.
    mutating func reset() {
        self = ReviewSession()
    }

    /// After a `send = ask` answer (or proposal, as `what` says): the next key says whether
    /// to send.
    mutating func askToSend(_ what: String = "reply") {
        mode = .confirmSend(what)
    }

    /// The occurrence `o` named exists: the next answer is for it alone.
    mutating func picked(_ key: String, label: String, fromOn: Bool = false) {
        occurrence = key
        occurrenceLabel = label
        self.fromOn = fromOn
    }

    mutating func handle(_ event: KeyboardEvent) -> Command? {
        switch event {
        case .end: return .quit
        case .resized: return .redraw
        case .line(let text): return line(text)
        case .key(let key): return self.key(key)
        }
    }

    private mutating func key(_ key: Key) -> Command? {
        if key == .endOfInput {
            guard case .editing(_, let editor) = mode, !editor.characters.isEmpty else { return .quit }
        }
        if key == .refresh { return .redraw }
        // A paste is text for a line being read; anywhere else it is left alone, never taken
        // as keys (a pasted "d" must not decline, nor a pasted "y" send).
        if case .paste = key {
            guard case .editing = mode else { return nil }
        }
        switch mode {
        case .keys:
            return keys(key)
        case .help:
            mode = .keys
            return .redraw
        case .confirmSend:
            mode = .keys
            return .send(key == .character("y") || key == .character("Y"))
        case .editing(let field, var editor):
            switch key {
            case .enter:
                mode = .keys
                return finish(field, editor.text)
            case .escape:
                mode = .keys
                return .redraw
            default:
                guard editor.apply(key) else { return nil }
                mode = .editing(field, editor)
                return .editLine
            }
        }
    }

    private mutating func keys(_ key: Key) -> Command? {
        switch key {
        case .character(let character):
            switch character {
            case "a": return .answer(.accepted, comment: comment, occurrence: occurrence)
            case "d": return .answer(.declined, comment: comment, occurrence: occurrence)
            case "t": return .answer(.tentative, comment: comment, occurrence: occurrence)
            case "A": return edit(.answerComment(.accepted))
            case "D": return edit(.answerComment(.declined))
            case "T": return edit(.answerComment(.tentative))
            case "c": return edit(.comment)
            case "o": return edit(.occurrence)
            case "f": return edit(.from)
            case "p": return edit(.propose)
            case "g": return edit(.delegate)
            case "w": return edit(.forward)
            case "%": return edit(.report)
            // A REFRESH names one component: the occurrence `o` picked, or the whole series (`f`
            // names a stretch no REFRESH can).
            case "r": return .refresh(comment: comment, occurrence: fromOn ? nil : occurrence)
            case "s": return .skip
            case "q": return .quit
            case "?", "h":
                mode = .help
                return .redraw
            case "x": return clear()
            case " ", "+": return .page(1)
            case "b", "-": return .page(-1)
            default: return .unknown(String(character))
            }
        case .enter:
            guard let comment else { return nil }
            return .comment(comment, occurrence: occurrence)
        case .escape:
            return clear()
        default:
            return nil
        }
    }

    /// The first character of a line stands for its key; an empty line is Enter. A line read
    /// for a field is the field's whole text.
    private mutating func line(_ text: String) -> Command? {
        if case .editing(let field, _) = mode {
            mode = .keys
            return finish(field, text)
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return key(trimmed.first.map { .character($0) } ?? .enter)
    }

    private mutating func edit(_ field: Field) -> Command {
        let start: String
        switch field {
        case .comment, .answerComment: start = comment ?? ""
        case .occurrence, .from, .propose, .delegate, .forward, .report: start = ""
        }
        mode = .editing(field, LineEditor(text: start))
        return .redraw
    }

    private mutating func clear() -> Command? {
        guard comment != nil || occurrence != nil else { return nil }
        comment = nil
        occurrence = nil
        occurrenceLabel = nil
        fromOn = false
        return .redraw
    }

    private mutating func finish(_ field: Field, _ text: String) -> Command? {
        let text = text.trimmingCharacters(in: .whitespaces)
        switch field {
        case .comment:
            comment = text.isEmpty ? nil : text
            return .redraw
        case .answerComment(let action):
            return .answer(action, comment: text.isEmpty ? comment : text, occurrence: occurrence)
        case .occurrence:
            return text.isEmpty ? .redraw : .pickOccurrence(text)
        case .from:
            return text.isEmpty ? .redraw : .pickFrom(text)
        case .propose:
            return .propose(text, comment: comment, occurrence: occurrence)
        case .delegate:
            return text.isEmpty ? .redraw : .delegate(text, comment: comment, occurrence: occurrence)
        case .forward:
            return text.isEmpty ? .redraw : .forward(text, comment: comment)
        case .report:
            guard !text.isEmpty else { return .redraw }
            if text.lowercased() == "done" { return .report(.done, comment: comment, occurrence: occurrence) }
            do {
                return .report(.progress(try TaskReportCommand.percent(text)), comment: comment, occurrence: occurrence)
            } catch {
                return .mistyped(error.message)
            }
        }
    }

    /// The line(s) under the invitation: the keys, or the line being read.
    func prompt(width: Int) -> [String] {
        switch mode {
        case .keys:
            var lines: [String] = []
            if let occurrenceLabel {
                let which =
                    fromOn ? "from the occurrence \(occurrenceLabel) on" : "only the occurrence \(occurrenceLabel)"
                lines.append(which + " ([x] the whole series)")
            }
            if let comment {
                lines.append("comment: \"" + Printable.sanitize(comment) + "\"")
                lines.append("[a]ccept [d]ecline [t]entative with it, [Enter] send it alone, [x] drop it")
            } else {
                lines.append(ReviewSession.keyLine)
            }
            return lines.flatMap { DisplayWidth.wrap($0, to: width, limit: 10) }
        case .help:
            return ReviewSession.help + ["(any key to go back)"]
        case .confirmSend(let what):
            return ["Send the \(what) to the organizer now? [y/N]"]
        case .editing(let field, let editor):
            return [editor.rendered(prompt: ReviewSession.label(field), width: width).line]
        }
    }

    /// Whether the prompt is the plain line of keys, which a short terminal may shorten.
    var showsKeyLine: Bool { mode == .keys && comment == nil && occurrenceLabel == nil }

    /// Where the cursor stands in the last prompt line, when a line is being read.
    func cursorColumn(width: Int) -> Int? {
        guard case .editing(let field, let editor) = mode else { return nil }
        return editor.rendered(prompt: ReviewSession.label(field), width: width).cursor
    }

    static let keyLine =
        "[a]ccept [d]ecline [t]entative [c]omment [o]ne occurrence [p]ropose [s]kip [q]uit [?]help"

    /// The keys in one short line, for a terminal of a few rows.
    static let shortKeyLine = "keys a d t c o p s q, ? help"

    static let help = [
        "a d t   accept, decline or answer tentatively; the reply goes to the outbox",
        "A D T   the same, with a comment for the organizer",
        "c       a comment: the next answer carries it, or Enter sends it alone",
        "o       one occurrence of a series: its number in the list or its start",
        "        (2026-12-14 10:00); the next answer is for it alone",
        "f       this occurrence and every later one (a year of them), named as for o",
        "p       propose a new time: a start (2026-12-14 15:00, or 15:00 that day), or",
        "        Enter for the first free stretch in your working hours; it goes with the comment",
        "g       delegate: someone goes in your place (their address); the organizer is told",
        "w       forward to someone not invited (their address); the organizer is told",
        "r       ask the organizer for the invitation as it stands now (a refresh)",
        "%       a task: how much is done, 0 to 100, or done; the report goes to the organizer",
        "        g and % go with the comment and the occurrence, w and r with the comment",
        "s       skip: leave it pending, show the next",
        "q       quit: leave the rest pending",
        "x, Esc  forget the comment and the occurrence",
        "Space, b the next or previous lines, where the terminal is too short for them all",
        "While typing: Backspace, Delete, arrows, Home, End, Ctrl-U, Ctrl-W, Ctrl-K; Enter ends, Esc cancels.",
    ]

    private static func label(_ field: Field) -> String {
        switch field {
        case .comment: return "comment: "
        case .answerComment(let action): return "comment with '\(action.rawValue)': "
        case .occurrence: return "which occurrence (number or start): "
        case .from: return "from which occurrence on (number or start): "
        case .propose: return "new start (2026-12-14 15:00, 15:00; Enter: the first free time): "
        case .delegate: return "delegate to (address): "
        case .forward: return "forward to (address): "
        case .report: return "percent done (0 to 100) or done: "
        }
    }
}
