import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

/// An invitation a server put in your calendar is found whatever way its lines are folded
/// (issue 35): Xandikos, Google and Nextcloud fold an ATTENDEE with CN, ROLE and RSVP at 75
/// octets, inside your address, and accepting it in place folds the line again there.
@Suite struct FoldedInvitationTests {
    static let uid = "budget-review-2030@example.org"
    static let fixture = "Scheduling/unfolded-copy.ics"
    /// The lines the table folds: the ones finding an invitation reads without libical.
    static let lines = [
        "ATTENDEE;CN=Mé;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:me@example.org",
        "ORGANIZER;CN=Boss:mailto:boss@example.org",
        "UID:budget-review-2030@example.org",
    ]

    enum Layout: String, CaseIterable, Sendable {
        /// One item of a vdir, as vdirsyncer leaves it.
        case vdir
        /// A single calendar file with an event of your own beside the invitation.
        case file
    }

    /// A home with a calendar of `layout` whose invitation item is rewritten case after case:
    /// each case must leave the invitation found as it was, never `removed`.
    struct Home {
        let cli: CLIHarness
        let calendar: String
        let path: String
        let layout: Layout

        init(_ layout: Layout) throws {
            var cli = CLIHarness()
            cli.variables["INVITES_ME"] = "me@example.org"
            self.cli = cli
            self.layout = layout
            let folder = cli.home + "/calendars/work"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            calendar = layout == .vdir ? folder : cli.home + "/calendars/work.ics"
            path = layout == .vdir ? folder + "/5f3a9c2e-0001.ics" : calendar
        }

        /// Writes `data` as the invitation's item (beside an event of your own, in a single
        /// file), then says what `list --json --all` gives for the one invitation: its handle,
        /// and its UID, status and item, or why there is not exactly one.
        func listed(_ data: Data) throws -> (handle: String, summary: String) {
            var text = data
            if layout == .file {
                let own = Data(
                    "BEGIN:VEVENT\r\nUID:own\r\nDTSTART:20300606T090000Z\r\nSUMMARY:Gym\r\nEND:VEVENT\r\n".utf8)
                let end = try #require(text.range(of: Data("END:VCALENDAR".utf8), options: .backwards))
                text.replaceSubrange(end.lowerBound..<end.lowerBound, with: own)
            }
            try text.write(to: URL(fileURLWithPath: path))
            let result = cli.run(["--calendar", calendar, "--json", "list", "--all"])
            let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
            let invites = object?["invites"] as? [[String: Any]] ?? []
            guard invites.count == 1, let invite = invites.first else {
                return ("", "\(invites.count) invitations: \(result.out) \(result.err)")
            }
            let item = invite["calendarItem"] as? [String: Any]
            let summary = [
                invite["uid"] as? String ?? "-", invite["status"] as? String ?? "-",
                item?["path"] as? String == path ? "item" : "\(item?["path"] ?? "no item")",
                item?["gone"] as? Bool == false ? "present" : "gone",
            ].joined(separator: " ")
            return (invite["handle"] as? String ?? "", summary)
        }
    }

    @Test("An invitation is found wherever its ATTENDEE, ORGANIZER or UID line is folded", arguments: Layout.allCases)
    func foundWhereverTheAttendeeOrganizerOrUIDLineIsFolded(layout: Layout) throws {
        let home = try Home(layout)
        defer { try? FileManager.default.removeItem(atPath: home.cli.home) }
        let data = try Fixture.data(FoldedInvitationTests.fixture)
        let unfolded = try home.listed(data)
        #expect(unfolded.summary == "\(FoldedInvitationTests.uid) pending item present")
        #expect(!unfolded.handle.isEmpty)
        let text = String(decoding: data, as: UTF8.self)
        for line in FoldedInvitationTests.lines {
            for folded in Folding.everyFold(of: line, in: text) {
                let found = try home.listed(folded.data)
                #expect(found.summary == unfolded.summary, "\(folded)")
                #expect(found.handle == unfolded.handle, "\(folded)")
            }
        }
    }

    /// Accepting folds your ATTENDEE line again at 75 octets, inside your address; the
    /// invitation stays found, at ACCEPTED, and is never `removed`.
    @Test("An answer in place that folds your address keeps the invitation")
    func anAnswerInPlaceThatFoldsYourAddressKeepsTheInvitation() throws {
        var cli = CLIHarness()
        cli.variables["INVITES_ME"] = "me@example.org"
        defer { try? FileManager.default.removeItem(atPath: cli.home) }
        let vdir = cli.home + "/calendars/work"
        let item = vdir + "/5f3a9c2e-0001.ics"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try Fixture.data(FoldedInvitationTests.fixture).write(to: URL(fileURLWithPath: item))
        func listed() throws -> [[String: Any]] {
            let out = cli.run(["--calendar", vdir, "--json", "list", "--all"]).out
            let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
            return try #require(object?["invites"] as? [[String: Any]])
        }
        let handle = try #require(try listed().first?["handle"] as? String)
        let accepted = cli.run(["--calendar", vdir, "accept", handle])
        #expect(accepted.status == 0, "\(accepted.err)")
        let written = try String(decoding: Data(contentsOf: URL(fileURLWithPath: item)), as: UTF8.self)
        // The case this is about: the fold falls inside the address.
        #expect(written.contains("PARTSTAT=ACCEPTED;RSVP=TRUE:mailto:me@\r\n example.org\r\n"))
        let after = try listed()
        #expect(after.count == 1)
        #expect(after.first?["status"] as? String == "accepted")
        #expect((after.first?["calendarItem"] as? [String: Any])?["gone"] as? Bool == false)
        let text = cli.run(["--calendar", vdir, "list", "--all"]).out
        #expect(!text.contains("gone from your calendar"), "\(text)")
        #expect(!text.contains("removed"), "\(text)")
    }
}
