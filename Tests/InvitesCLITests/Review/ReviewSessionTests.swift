import Foundation
import InvitesKit
import Testing

@testable import InvitesCLI
@testable import InvitesFormats
@testable import InvitesModel

/// `review`'s keys as a state machine: what each key asks for, in each mode, from a terminal's
/// keys and from a pipe's lines alike.
@Suite struct ReviewSessionTests {
    func keys(_ text: String) -> [KeyboardEvent] { text.map { .key(.character($0)) } }

    /// Feeds events and returns the commands that came out.
    func run(_ events: [KeyboardEvent], into session: inout ReviewSession) -> [ReviewSession.Command] {
        events.compactMap { session.handle($0) }
    }

    @Test func oneKeyAnswers() {
        for (key, action) in [("a", AnswerAction.accepted), ("d", .declined), ("t", .tentative)] {
            var session = ReviewSession()
            #expect(run(keys(key), into: &session) == [.answer(action, comment: nil, occurrence: nil)])
        }
        var session = ReviewSession()
        #expect(run(keys("sq"), into: &session) == [.skip, .quit])
        #expect(run([.end], into: &session) == [.quit])
        #expect(run([.key(.endOfInput)], into: &session) == [.quit])
    }

    @Test func aCommentThenAnAnswerCarriesIt() {
        var session = ReviewSession()
        var events = keys("c") + keys("Sorry, away")
        events += [.key(.enter)] + keys("d")
        let commands = run(events, into: &session)
        #expect(commands.first == .redraw)
        #expect(commands.filter { $0 == .editLine }.count == 11)
        #expect(commands.last == .answer(.declined, comment: "Sorry, away", occurrence: nil))
    }

    @Test func aCommentAloneGoesWithEnter() {
        var session = ReviewSession()
        let commands = run(keys("c") + keys("late") + [.key(.enter), .key(.enter)], into: &session)
        #expect(commands.last == .comment("late", occurrence: nil))
        #expect(session.prompt(width: 80).first == "comment: \"late\"")
    }

    @Test func escapeCancelsTheLineAndXDropsTheComment() {
        var session = ReviewSession()
        _ = run(keys("c") + keys("abc") + [.key(.escape)], into: &session)
        #expect(session.mode == .keys)
        #expect(session.comment == nil)
        _ = run(keys("c") + keys("abc") + [.key(.enter)], into: &session)
        #expect(session.comment == "abc")
        #expect(run(keys("x"), into: &session) == [.redraw])
        #expect(session.comment == nil)
        #expect(run([.key(.enter)], into: &session).isEmpty)
    }

    @Test func shiftedKeysAnswerWithAComment() {
        var session = ReviewSession()
        let commands = run(keys("T") + keys("maybe") + [.key(.enter)], into: &session)
        #expect(commands.last == .answer(.tentative, comment: "maybe", occurrence: nil))
    }

    @Test func oneOccurrenceThenItsAnswer() {
        var session = ReviewSession()
        let commands = run(keys("o") + keys("2") + [.key(.enter)], into: &session)
        #expect(commands.last == .pickOccurrence("2"))
        session.picked("2024-06-10T07:30:00Z", label: "Mon 10 Jun")
        #expect(session.prompt(width: 80).first?.hasPrefix("only the occurrence Mon 10 Jun") == true)
        #expect(
            run(keys("d"), into: &session) == [.answer(.declined, comment: nil, occurrence: "2024-06-10T07:30:00Z")])
    }

    /// `f`: the occurrence named, and every later one, for the next answer; `x` forgets both.
    @Test func fromAnOccurrenceOnThenItsAnswer() {
        var session = ReviewSession()
        let commands = run(keys("f") + keys("2") + [.key(.enter)], into: &session)
        #expect(commands.last == .pickFrom("2"))
        session.picked("2024-06-10T07:30:00Z", label: "Mon 10 Jun", fromOn: true)
        #expect(session.fromOn)
        #expect(session.prompt(width: 80).first == "from the occurrence Mon 10 Jun on ([x] the whole series)")
        _ = run(keys("x"), into: &session)
        #expect(!session.fromOn && session.occurrence == nil)
    }

    /// `g` and `w` read an address, as `p` reads a time; `g` carries the comment and the occurrence,
    /// `w` the comment alone; an empty line does nothing.
    @Test func delegateAndForwardReadAnAddress() {
        var session = ReviewSession()
        _ = run(keys("c") + keys("Erin goes") + [.key(.enter)], into: &session)
        session.picked("2024-06-10T07:30:00Z", label: "Mon 10 Jun")
        var commands = run(keys("g") + keys("erin@example.org") + [.key(.enter)], into: &session)
        #expect(commands.first == .redraw)
        #expect(
            commands.last == .delegate("erin@example.org", comment: "Erin goes", occurrence: "2024-06-10T07:30:00Z"))
        commands = run(keys("w") + keys("sam@example.org") + [.key(.enter)], into: &session)
        #expect(commands.last == .forward("sam@example.org", comment: "Erin goes"))
        #expect(run(keys("g") + [.key(.enter)], into: &session).last == .redraw)
        #expect(
            run([.line("w"), .line("kim@example.org")], into: &session).last
                == .forward("kim@example.org", comment: "Erin goes"))
    }

    /// `r` asks at once, for the occurrence `o` picked; one picked with `f` names a stretch no
    /// REFRESH can, so the whole series is asked for.
    @Test func refreshAsksForThePickedOccurrenceOrTheWhole() {
        var session = ReviewSession()
        #expect(run(keys("r"), into: &session) == [.refresh(comment: nil, occurrence: nil)])
        session.picked("2024-06-10T07:30:00Z", label: "Mon 10 Jun")
        #expect(run(keys("r"), into: &session) == [.refresh(comment: nil, occurrence: "2024-06-10T07:30:00Z")])
        session.picked("2024-06-10T07:30:00Z", label: "Mon 10 Jun", fromOn: true)
        #expect(run(keys("r"), into: &session) == [.refresh(comment: nil, occurrence: nil)])
    }

    /// `%` reads a percent (as `progress` reads it) or `done`; anything else is said, not sent.
    @Test(arguments: [
        ("40", ReviewSession.Command.report(.progress(40), comment: nil, occurrence: nil)),
        ("100%", .report(.progress(100), comment: nil, occurrence: nil)),
        (" 0 ", .report(.progress(0), comment: nil, occurrence: nil)),
        ("done", .report(.done, comment: nil, occurrence: nil)),
        ("Done", .report(.done, comment: nil, occurrence: nil)),
        ("", .redraw),
    ])
    func percentOrDone(typed: String, command: ReviewSession.Command) {
        var session = ReviewSession()
        #expect(run(keys("%") + keys(typed) + [.key(.enter)], into: &session).last == command)
        #expect(session.mode == .keys)
    }

    @Test(arguments: ["101", "-5", "half", "1e2", "99999999999999999999"])
    func aPercentOutOfRangeIsSaid(typed: String) {
        var session = ReviewSession()
        guard case .mistyped(let why) = run(keys("%") + keys(typed) + [.key(.enter)], into: &session).last else {
            Issue.record("\(typed) was taken")
            return
        }
        #expect(why.hasPrefix("PERCENT is how much of the task is done"))
    }

    /// Every key the session takes is in the help.
    @Test func theHelpListsEveryKey() {
        let help = ReviewSession.help.joined(separator: "\n")
        for key in [
            "a d t", "A D T", "\nc ", "\no ", "\nf ", "\np ", "\ng ", "\nw ", "\nr ", "\n% ", "\ns ", "\nq ", "\nx",
        ] {
            #expect(help.contains(key), "\(key) is not in the help")
        }
    }

    @Test func helpAndUnknownKeys() {
        var session = ReviewSession()
        #expect(run(keys("?"), into: &session) == [.redraw])
        #expect(session.prompt(width: 80).count == ReviewSession.help.count + 1)
        #expect(run(keys("a"), into: &session) == [.redraw])
        #expect(session.mode == .keys)
        #expect(run(keys("z"), into: &session) == [.unknown("z")])
        #expect(run([.key(.left)], into: &session).isEmpty)
        #expect(run([.resized, .key(.refresh)], into: &session) == [.redraw, .redraw])
    }

    @Test func askingToSendTakesYOrAnythingElse() {
        var session = ReviewSession()
        session.askToSend()
        #expect(run(keys("y"), into: &session) == [.send(true)])
        session.askToSend()
        #expect(run([.key(.enter)], into: &session) == [.send(false)])
        session.askToSend()
        #expect(run([.line("yes")], into: &session) == [.send(true)])
    }

    /// From a pipe, a line stands for its first character, and a line read for a field is the
    /// field's text.
    @Test func linesDoWhatKeysDo() {
        var session = ReviewSession()
        let commands = run([.line("c"), .line("  Sorry, away  "), .line("decline")], into: &session)
        #expect(commands == [.redraw, .redraw, .answer(.declined, comment: "Sorry, away", occurrence: nil)])
    }

    /// Pasting "Sorry, clash⏎decline⏎" into a comment is text: no Enter, no `d`; a paste
    /// outside a line being read does nothing at all.
    @Test func aPasteIsTextInALineAndNothingElsewhere() {
        var session = ReviewSession()
        let pasted = KeyboardEvent.key(.paste("Sorry, clash\r\ndecline\r\n"))
        let commands = run(keys("c") + [pasted], into: &session)
        #expect(commands == [.redraw, .editLine])
        #expect(session.prompt(width: 80) == ["comment: Sorry, clash decline "])
        #expect(run([.key(.enter)], into: &session) == [.redraw])
        #expect(session.comment == "Sorry, clash decline")
        #expect(session.mode == .keys)
        // On the key line, in the help and at the send question, a paste is no key.
        #expect(run([.key(.paste("d\r")), .key(.paste("a"))], into: &session).isEmpty)
        #expect(session.mode == .keys && session.comment == "Sorry, clash decline")
        _ = run(keys("?"), into: &session)
        #expect(run([.key(.paste("q"))], into: &session).isEmpty)
        #expect(session.mode == .help)
        session.askToSend()
        #expect(run([.key(.paste("y"))], into: &session).isEmpty)
        #expect(session.mode == .confirmSend("reply"))
        #expect(run(keys("n"), into: &session) == [.send(false)])
    }

    @Test func theKeyLineWrapsToTheWidth() {
        let lines = ReviewSession().prompt(width: 40)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(lines.joined(separator: " ").contains("[a]ccept [d]ecline"))
    }
}

/// The line a comment is typed into.
@Suite struct LineEditorTests {
    func edited(_ keys: [Key], from text: String = "") -> LineEditor {
        var editor = LineEditor(text: text)
        for key in keys { _ = editor.apply(key) }
        return editor
    }

    func typed(_ text: String) -> [Key] { text.map { .character($0) } }

    @Test func typingAndBackspace() {
        #expect(edited(typed("helo") + [.backspace] + typed("lo")).text == "hello")
        #expect(edited([.backspace, .delete]).text == "")
    }

    @Test func movingAndInsertingInTheMiddle() {
        let editor = edited([.home] + typed("<") + [.end] + typed(">") + [.left, .left, .delete], from: "abc")
        #expect(editor.text == "<ab>")
        #expect(editor.cursor == 3)
    }

    @Test func killingWordsAndLines() {
        #expect(edited([.killWord], from: "see you  there ").text == "see you  ")
        #expect(edited([.left, .left, .left, .killToStart], from: "abcdef").text == "def")
        #expect(edited([.home, .right, .killToEnd], from: "abcdef").text == "a")
    }

    @Test func controlsCannotBeTyped() {
        #expect(edited([.character("\u{1B}"), .character("\u{7}")] + typed("ok")).text == "ok")
    }

    @Test(arguments: [
        ("one\r\ntwo\nthree\rfour", "one two three four"),
        ("tab\there", "tab here"),
        ("\u{1B}[31mred\u{7}\u{9B}2J", "[31mred2J"),
        ("\u{202E}kept", "\u{202E}kept"),
    ])
    func aPasteLosesItsLineBreaksAndControls(pasted: String, line: String) {
        #expect(edited([.paste(pasted)]).text == line)
    }

    @Test("A paste goes in at the cursor and stops at the longest line")
    func aPasteGoesInAtTheCursorAndStopsAtTheLongestLine() {
        let editor = edited([.home, .paste("a, b")], from: ".")
        #expect(editor.text == "a, b." && editor.cursor == 4)
        let full = edited([.paste(String(repeating: "x", count: LineEditor.longest + 50))], from: "ab")
        #expect(full.characters.count == LineEditor.longest && full.text.hasPrefix("abxx"))
    }

    @Test func aLongLineShowsTheCursorsPart() {
        let editor = LineEditor(text: String(repeating: "x", count: 100) + "END")
        let (line, cursor) = editor.rendered(prompt: "comment: ", width: 40)
        #expect(DisplayWidth.of(line) <= 40)
        #expect(line.hasSuffix("END"))
        #expect(cursor == DisplayWidth.of(line))
    }
}

/// A terminal's bytes into keys.
@Suite struct KeyDecoderTests {
    func decode(_ bytes: [UInt8], flush: Bool = true) -> [Key] {
        var decoder = KeyDecoder()
        var keys = bytes.flatMap { decoder.feed($0) }
        if flush { keys += decoder.flush() }
        return keys
    }

    @Test func plainAndControlKeys() {
        #expect(decode(Array("ad".utf8)) == [.character("a"), .character("d")])
        #expect(
            decode([0x0D, 0x7F, 0x15, 0x17, 0x0B, 0x04, 0x0C]) == [
                .enter, .backspace, .killToStart, .killWord, .killToEnd, .endOfInput, .refresh,
            ])
    }

    @Test func escapeSequences() {
        #expect(
            decode(Array("\u{1B}[D\u{1B}[C\u{1B}OH\u{1B}[4~\u{1B}[3~\u{1B}[A".utf8)) == [
                .left, .right, .home, .end, .delete, .ignored,
            ])
    }

    @Test func aLoneEscapeIsAKeyOnceNothingFollows() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(0x1B).isEmpty)
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.escape])
        #expect(decode([0x1B, UInt8(ascii: "x")], flush: false) == [.escape, .character("x")])
    }

    static let start = Array("\u{1B}[200~".utf8)
    static let end = Array("\u{1B}[201~".utf8)

    /// The terminal marks a paste (bracketed paste): its Enter and letters are text, not keys.
    @Test func aMarkedPasteIsOneKeyOfText() {
        let bytes = Array("c".utf8) + Self.start + Array("Sorry, clash\rdecline\r".utf8) + Self.end + [0x0D]
        #expect(decode(bytes) == [.character("c"), .paste("Sorry, clash\rdecline\r"), .enter])
    }

    /// A paste ends at its end mark alone: a pause, an ESC or arrows inside it, and marks split
    /// over reads change nothing.
    @Test func aPasteEndsOnlyAtItsEndMark() {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for byte in Self.start + Array("a\u{1B}[Db\u{1B}\u{1B}[201".utf8) { keys += decoder.feed(byte) }
        #expect(keys.isEmpty)
        #expect(!decoder.isWaiting)
        #expect(decoder.flush().isEmpty)
        for byte in Array("x~".utf8) + Self.end + Array("q".utf8) { keys += decoder.feed(byte) }
        #expect(keys == [.paste("a\u{1B}[Db\u{1B}\u{1B}[201x~"), .character("q")])
    }

    @Test func aHugePasteIsCutButStillEnds() {
        let bytes = Self.start + [UInt8](repeating: UInt8(ascii: "z"), count: KeyDecoder.longestPaste * 3) + Self.end
        let keys = decode(bytes + Array("a".utf8))
        #expect(keys.count == 2)
        #expect(keys.first == .paste(String(repeating: "z", count: KeyDecoder.longestPaste)))
        #expect(keys.last == .character("a"))
    }

    @Test func utf8SplitAcrossReads() {
        #expect(decode(Array("é日".utf8)) == [.character("é"), .character("日")])
    }
}
