import Foundation
import InvitesTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Calendars reached through symbolic links, as dotfiles keep them (`~/.calendar.ics ->
/// ~/sync/cal.ics`, a vdir linked into place, an item that is a link): every answer changes
/// the file the link names and the link stays a link; a link that leads nowhere is refused
/// and nothing changes.
@Suite struct SymlinkedCalendarTests {
    let cli: CLIHarness
    let sync: String

    init() throws {
        var cli = CLIHarness()
        cli.variables["INVITES_ME"] = "me@example.org"
        self.cli = cli
        sync = cli.home + "/sync"
        try FileManager.default.createDirectory(atPath: sync, withIntermediateDirectories: true)
    }

    func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    func data(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    func link(_ path: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
    }

    /// Ingests the sample push invitation (handle 12).
    func ingest(_ calendar: String) {
        let result = cli.run(["--calendar", calendar, "ingest", CLIHarness.repositoryFile("fixtures/invite.json")])
        #expect(result.status == 0, "\(result.err)")
    }

    @Test("A linked calendar file gets the event and gives it back")
    func aLinkedCalendarFileGetsTheEventAndGivesItBack() throws {
        let target = sync + "/cal.ics"
        let original = try #require(data(CLIHarness.repositoryFile("fixtures/calendar.ics")))
        try original.write(to: URL(fileURLWithPath: target))
        let dotfile = cli.home + "/.calendar.ics"
        try link(dotfile, to: "sync/cal.ics")
        ingest(dotfile)

        let accepted = cli.run(["--calendar", dotfile, "accept", "12"])
        #expect(accepted.status == 0, "\(accepted.err)")
        let during = String(decoding: data(target) ?? Data(), as: UTF8.self)
        #expect(during.contains("SUMMARY:Family Reunion"), "the file the link names has the event")
        #expect(isLink(dotfile))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dotfile) == "sync/cal.ics")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sync) == ["cal.ics"])

        let declined = cli.run(["--calendar", dotfile, "decline", "12"])
        #expect(declined.status == 0, "\(declined.err)")
        #expect(data(target) == original, "every byte given back, in the file the link names")
        #expect(isLink(dotfile))
    }

    @Test("A linked vdir gets its item in the folder the link names")
    func aLinkedVdirGetsItsItemInTheFolderTheLinkNames() throws {
        let real = sync + "/work"
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        let vdir = cli.home + "/work"
        try link(vdir, to: real)
        ingest(vdir)

        #expect(cli.run(["--calendar", vdir, "accept", "12"]).status == 0)
        let items = try FileManager.default.contentsOfDirectory(atPath: real)
        #expect(items.count == 1)
        #expect(String(decoding: data(real + "/" + (items.first ?? "")) ?? Data(), as: UTF8.self).contains("UID:"))
        #expect(isLink(vdir))

        #expect(cli.run(["--calendar", vdir, "decline", "12"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: real).isEmpty)
        #expect(isLink(vdir))
    }

    /// The server put the invitation in a vdir that is a link, as an item that is a link too:
    /// both answers go into the file at the end of the links, each link kept.
    @Test("A server-placed item that is a link is answered in the file it names", arguments: ["accept", "decline"])
    func aServerPlacedItemThatIsALinkIsAnsweredInTheFileItNames(_ answer: String) throws {
        let real = sync + "/work"
        let items = sync + "/items"
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: items, withIntermediateDirectories: true)
        let target = items + "/meeting.ics"
        let original = try Fixture.data("ServerCopies/google-meeting.ics")
        try original.write(to: URL(fileURLWithPath: target))
        try link(real + "/meeting.ics", to: "../items/meeting.ics")
        let vdir = cli.home + "/work"
        try link(vdir, to: "sync/work")

        let listed = cli.run(["--calendar", vdir, "--json", "list"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [String: Any])
        let handle = try #require((document["invites"] as? [[String: Any]])?.first?["handle"] as? String)
        let result = cli.run(["--calendar", vdir, answer, handle])
        #expect(result.status == 0, "\(result.err)")

        let partstat = answer == "accept" ? "PARTSTAT=ACCEPTED" : "PARTSTAT=DECLINED"
        let after = String(decoding: data(target) ?? Data(), as: UTF8.self)
        #expect(after.contains(partstat), "the item the link names carries the answer")
        #expect(isLink(real + "/meeting.ics"))
        #expect(isLink(vdir))
        #expect(try FileManager.default.contentsOfDirectory(atPath: real) == ["meeting.ics"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: items) == ["meeting.ics"])
    }

    /// The calendar in the home is a link to a file not there: the accept is refused with a
    /// message naming both, and nothing changes (no file made, the answer not recorded).
    @Test func aDanglingLinkIsRefusedAndNothingChanges() throws {
        let calendar = cli.home + "/calendar.ics"
        #expect(cli.run(["ingest", CLIHarness.repositoryFile("fixtures/invite.json")]).status == 0)
        try link(calendar, to: sync + "/gone.ics")
        let result = cli.run(["accept", "12"])
        #expect(result.status == 74)
        #expect(
            result.err.hasPrefix(
                "invites: error: cannot write \(calendar): it is a symbolic link to \(sync)/gone.ics, which does "
                    + "not exist; nothing was written"))
        #expect(isLink(calendar))
        #expect(try FileManager.default.contentsOfDirectory(atPath: sync).isEmpty)
        #expect(cli.run(["history"]).out == "No answers yet.\n")
        let listed = cli.run(["--json", "list", "--all"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [String: Any])
        #expect((document["invites"] as? [[String: Any]])?.map { $0["status"] as? String } == ["pending"])
    }

    /// A calendar named on the command line that is a link to nothing is a calendar that is
    /// not there (exit 66), as before: nothing is made at the end of the link.
    @Test("A named dangling link is a calendar that is not there")
    func aNamedDanglingLinkIsACalendarThatIsNotThere() throws {
        let calendar = cli.home + "/.calendar.ics"
        try link(calendar, to: sync + "/gone.ics")
        #expect(
            cli.run(["--calendar", calendar, "ingest", CLIHarness.repositoryFile("fixtures/invite.json")]).status == 0)
        let accepted = cli.run(["--calendar", calendar, "accept", "12"])
        #expect(accepted.status == 66)
        #expect(accepted.err.contains("calendar \(calendar) (a symbolic link to \(sync)/gone.ics) does not exist"))
        #expect(isLink(calendar))
        #expect(try FileManager.default.contentsOfDirectory(atPath: sync).isEmpty)
    }
}
