import Foundation
import InvitesModel
import InvitesTestSupport
import Testing

/// `ingest` at a terminal and over many files.
@Suite struct IngestCommandTests {
    let cli = CLIHarness()

    func payload(_ id: Int) -> String {
        cli.write(
            "invite-\(id).json",
            #"{"title":"Invite \#(id)","start":"2024-07-01T10:00:00Z","end":"2024-07-01T11:00:00Z","id":\#(id)}"#)
    }

    @Test func atATerminalWithoutFilesItAsksForADash() {
        let result = cli.run(["ingest"], stdin: "never read", terminal: true)
        #expect(result.status == 2)
        #expect(
            result.err.hasPrefix(
                "invites: error: ingest reads FILE... or standard input, which is a terminal here; "
                    + "give - to type or paste an invite\n"))
        #expect(cli.run(["list", "--all"]).out == "No invites.\n")
    }

    @Test func atATerminalWithADashItSaysItReads() throws {
        let text = try String(contentsOfFile: payload(1), encoding: .utf8)
        let result = cli.run(["ingest", "-"], stdin: text, terminal: true)
        #expect(result.status == 0)
        #expect(result.err == "invites: reading an invite from standard input; end it with Ctrl-D\n")
        #expect(result.out.contains("Invite 1"))
        #expect(cli.run(["ingest"], stdin: text).status == 0, "a pipe without - is read as before")
    }

    /// The mail, then its calendar part alone as a mail client hands it to a mailcap entry (LF
    /// line ends), then with CRLF: the same copy each time, unchanged and without "stale copy".
    @Test("The same invitation in other line ends is the same copy")
    func theSameInvitationInOtherLineEndsIsTheSameCopy() throws {
        let mail = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/mail/google-twice.eml")
        let text = try String(contentsOfFile: mail, encoding: .utf8)
        let start = try #require(text.range(of: "BEGIN:VCALENDAR"))
        let end = try #require(text.range(of: "END:VCALENDAR\n"))
        let part = String(text[start.lowerBound..<end.upperBound])
        #expect(cli.run(["ingest", mail]).status == 0)
        for line in [part, part.replacingOccurrences(of: "\n", with: "\r\n")] {
            let again = cli.run(["ingest", "-"], stdin: line)
            #expect(again.status == 0)
            #expect(again.out.contains("unchanged"), "\(again.out)")
            #expect(again.err.isEmpty, "\(again.err)")
        }
    }

    @Test func aBatchSaysWhichFilesFailedAndExitsOne() {
        let good = (1...6).map(payload)
        let bad = cli.write("bad.json", #"{"start":"2024-07-01T10:00:00Z","end":"2024-07-01T11:00:00Z"}"#)
        let result = cli.run(["ingest"] + good.prefix(3) + [bad] + good.suffix(3) + ["/nonexistent/x.ics"])
        #expect(result.status == 1)
        #expect(result.out.split(separator: "\n").count == 6)
        let lines = result.err.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("invites: error: \(bad): "))
        #expect(lines[1] == "invites: error: /nonexistent/x.ics: no such file")
        #expect(lines[2] == "invites: 6 of 8 files ingested; not ingested: \(bad), /nonexistent/x.ics")
    }

    @Test("A batch of nothing but failures keeps the first failure's status")
    func aBatchOfNothingButFailuresKeepsTheFirstFailuresStatus() {
        let bad = cli.write("bad.json", "{")
        #expect(cli.run(["ingest", bad, "/nonexistent/x.ics"]).status == 65)
        #expect(cli.run(["ingest", "/nonexistent/x.ics", bad]).status == 66)
        #expect(cli.run(["ingest", bad]).status == 65)
    }

    /// A Maildir pass with nothing new ends before the store is opened once a pass through the
    /// store left its note, and says exactly what that pass said; new mail is read as before;
    /// where opening the store also looks into calendars, no note is left.
    @Test("A Maildir pass with nothing new answers from the note")
    func aMaildirPassWithNothingNewAnswersFromTheNote() throws {
        let maildir = cli.home + "/Mail"
        for folder in ["new", "cur", "tmp"] {
            try FileManager.default.createDirectory(atPath: maildir + "/" + folder, withIntermediateDirectories: true)
        }
        let mail = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/mail/google-twice.eml")
        try FileManager.default.copyItem(atPath: mail, toPath: maildir + "/cur/1701000000.M1P1.host:2,S")
        let hourAgo = Date().addingTimeInterval(-3600)
        /// Sets the times of the store's files, and of the Maildir's subfolders unless only the
        /// store is to be, back by an hour and `minutes`: settled, as between two syncs.
        func settle(minutes: Double = 0, storeOnly: Bool = false) throws {
            let store = ["invites.sqlite3", "invites.sqlite3-wal"].map { cli.home + "/" + $0 }
            for path in store + (storeOnly ? [] : ["new", "cur"].map { maildir + "/" + $0 }) {
                try FileManager.default.setAttributes(
                    [.modificationDate: hourAgo.addingTimeInterval(minutes * 60)], ofItemAtPath: path)
            }
        }
        let note = cli.home + "/maildir-shortcut"
        #expect(cli.run(["ingest", "--maildir", maildir]).out.contains("Quarterly review"))
        // The folders were stamped in the tick of that pass: the next one lists them again.
        try settle()
        #expect(cli.run(["ingest", "--maildir", maildir]).out.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: note))
        try settle()
        let throughStore = cli.run(["--json", "ingest", "--maildir", maildir])
        #expect(FileManager.default.fileExists(atPath: note))
        let fromNote = cli.run(["--json", "ingest", "--maildir", maildir])
        #expect(throughStore.status == 0 && fromNote.status == 0)
        #expect(fromNote.out == throughStore.out && fromNote.err == throughStore.err)
        #expect(fromNote.out.contains(#""invites":[]"#))
        // New mail moves the folder's stamp on: the note does not vouch for it, and the new
        // message is read.
        try FileManager.default.copyItem(atPath: mail, toPath: maildir + "/new/1701000001.M2P1.host")
        try settle(minutes: 1)
        #expect(cli.run(["ingest", "--maildir", maildir]).out.contains("Quarterly review"))
        // With an address and a calendar, every command looks into the calendar when it opens
        // the store, so the store cannot be skipped: no note is left.
        try FileManager.default.removeItem(atPath: note)
        try settle(minutes: 2)
        #expect(cli.run(["ingest", "--maildir", maildir]).out.isEmpty)
        try settle(minutes: 2, storeOnly: true)
        let calendar = cli.write("calendar.ics", "")
        let following = ["--me", "ann@example.org", "--calendar", calendar, "ingest", "--maildir", maildir]
        #expect(cli.run(following).status == 0)
        #expect(!FileManager.default.fileExists(atPath: note))
        try settle(minutes: 3, storeOnly: true)
        #expect(cli.run(["ingest", "--maildir", maildir]).status == 0)
        #expect(FileManager.default.fileExists(atPath: note))
    }
}
