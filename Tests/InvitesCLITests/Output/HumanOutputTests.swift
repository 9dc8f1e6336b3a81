import Foundation
import InvitesTestSupport
import Testing

/// Human output of what senders leave out or say twice: an invite without a title, an organizer
/// whose name is their address.
@Suite struct HumanOutputTests {
    let cli = CLIHarness()

    func invite(summary: String?, organizer: String) -> String {
        let lines =
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", "METHOD:REQUEST", "BEGIN:VEVENT",
                "UID:untitled@example.org", "DTSTAMP:20240601T000000Z", "DTSTART:20240710T100000Z",
                "DTEND:20240710T110000Z",
            ] + (summary.map { ["SUMMARY:\($0)"] } ?? []) + [
                organizer, "ATTENDEE;RSVP=TRUE:mailto:me@example.org", "END:VEVENT", "END:VCALENDAR",
            ]
        return cli.write("invite.ics", lines.joined(separator: "\r\n") + "\r\n")
    }

    @Test(arguments: [nil, "", "   "])
    func anInviteWithoutATitleSaysSo(summary: String?) throws {
        let file = invite(summary: summary, organizer: "ORGANIZER;CN=Alice Example:mailto:alice@example.org")
        let options = ["--tz", "UTC", "--calendar", CLIHarness.repositoryFile("fixtures/calendar.ics")]
        let ingest = cli.run(options + ["ingest", file])
        #expect(ingest.out.hasSuffix("new        (no title)  Wed 10 Jul 2024 10:00-11:00 UTC\n"))
        let handle = String(ingest.out.prefix { $0 != " " })
        let show = cli.run(options + ["show", handle, "--width", "80"])
        #expect(show.status == 0)
        #expect(show.out.hasPrefix("(no title)\n  when       Wed 10 Jul 2024 10:00-11:00 UTC\n"))
        let list = cli.run(options + ["list"]).out
        #expect(list.contains("  (no title)  (Alice Example <alice@example.org>)"))
        #expect(cli.run(options + ["accept", handle, "--no-add"]).out == "\(handle): accepted \"(no title)\"\n")
        #expect(cli.run(options + ["history"]).out.contains("accepted   (no title)  (Wed 10 Jul 2024"))
        let json = cli.run(options + ["--json", "list", "--all"]).out
        #expect(!json.contains("(no title)"), "JSON keeps the title as it was sent")
    }

    /// `review`, `day` and `propose` name an untitled invitation as `list` does, never `""`.
    @Test(arguments: ["", "  "])
    func reviewDayAndProposeSayNoTitle(summary: String) throws {
        let file = invite(summary: summary, organizer: "ORGANIZER;CN=Alice Example:mailto:alice@example.org")
        let options = ["--tz", "UTC", "--calendar", CLIHarness.repositoryFile("fixtures/calendar.ics")]
        let ingest = cli.run(options + ["ingest", file])
        let handle = String(ingest.out.prefix { $0 != " " })
        let day = cli.run(options + ["day", "2024-07-10", "--width", "80"])
        #expect(day.out.contains("(no title)"), "\(day.out)")
        let propose = cli.run(
            options + ["--me", "me@example.org", "propose", handle, "--at", "2024-07-10 12:00", "--no-send"])
        #expect(propose.out.contains(" for \"(no title)\""), "\(propose.out)\(propose.err)")
        let review = cli.run(options + ["review", "--width", "80"], stdin: "d\nq\n")
        #expect(review.out.contains("\(handle): declined \"(no title)\""), "\(review.out)")
        #expect(!review.out.contains("\"\""))
    }

    @Test(
        "An organizer named by their address is shown once",
        arguments: [
            "ORGANIZER;CN=alice@example.org:mailto:alice@example.org",
            "ORGANIZER;CN=Alice@Example.org:mailto:alice@example.org",
            "ORGANIZER;CN=\"mailto:alice@example.org\":mailto:alice@example.org",
            "ORGANIZER:mailto:alice@example.org",
        ])
    func anOrganizerNamedByTheirAddressIsShownOnce(organizer: String) throws {
        let file = invite(summary: "Planning", organizer: organizer)
        #expect(cli.run(["ingest", file]).status == 0)
        let list = cli.run(["list"]).out
        #expect(list.hasSuffix("Planning  (alice@example.org)\n"), "\(list)")
        let show = cli.run(["--calendar", CLIHarness.repositoryFile("fixtures/calendar.ics"), "show", "untitled"])
        #expect(show.out.contains("\n  organizer  alice@example.org\n"))
    }
}
