import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// Where the answering, sending and review tests answer: a real store in a folder of its own,
/// an invitation written for each case, and a sendmail stand-in that keeps what it is given.
struct AnsweringHome {
    let folder: String
    let store: InboxStore
    let now = Date.utc("2024-06-01T12:00:00Z")
    let me = MyAddresses(["bob@example.org"])

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("invites-answering-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try InboxStore(home: folder + "/home")
    }

    static func invitation(
        uid: String = "planning@example.org", method: String = "REQUEST", sequence: Int = 1,
        attendee: String = "ATTENDEE;CN=Bob;RSVP=TRUE:mailto:bob@example.org",
        rule: String = ""
    ) -> String {
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        METHOD:\(method)\r
        BEGIN:VEVENT\r
        UID:\(uid)\r
        SEQUENCE:\(sequence)\r
        DTSTAMP:20240601T080000Z\r
        DTSTART:20240610T100000Z\r
        DTEND:20240610T110000Z\r
        \(rule)SUMMARY:Planning\r
        ORGANIZER;CN=Ann:mailto:ann@example.org\r
        \(attendee)\r
        END:VEVENT\r
        END:VCALENDAR\r

        """
    }

    /// Files an invitation, `after` seconds past ``now``.
    func ingest(_ text: String = invitation(), after: TimeInterval = 0) throws -> StoredInvite {
        let invites = try ITIPParser(display: .utc).parse(
            Data(text.utf8), file: "invite.ics", source: .itip, fallbackMethod: nil)
        return try #require(try InvitationFiler(store: store).file(invites, now: now.addingTimeInterval(after)).last)
            .stored
    }

    /// A sendmail stand-in that keeps each message in `folder/sent/`, or exits with `status` and
    /// a line on standard error; run through `/bin/sh`, as in ``OutboxTests``, so that no test
    /// executes a file still open for writing elsewhere.
    func sendmail(exit status: Int = 0) -> [String] {
        let script = folder + "/sendmail-\(status)"
        let text = """
            #!/bin/sh
            mkdir -p "\(folder)/sent"
            cat > "\(folder)/sent/$$.eml"
            [ \(status) = 0 ] || { echo "relay said no" >&2; exit \(status); }

            """
        FileManager.default.createFile(atPath: script, contents: Data(text.utf8))
        return ["/bin/sh", script, "-t", "-i"]
    }

    /// How many messages the sendmail stand-in kept.
    func sent() -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/sent")) ?? []).count
    }

    func dispatcher(policy: SendPolicy = .never, exit status: Int = 0) -> Dispatcher {
        Dispatcher(
            store: store, routes: Dispatcher.Routes(sendmail: sendmail(exit: status), respondURL: nil), policy: policy,
            clock: { Date.utc("2024-06-01T12:00:00Z") })
    }

    func answering(send: SendPolicy = .never, me: MyAddresses? = nil) -> AnswerController {
        AnswerController(
            store: store, calendar: CalendarSource.defaultCalendar(folder + "/calendar.ics"), me: me ?? self.me,
            display: .utc, lockFolder: folder + "/home/locks", name: nil, scheduling: SchedulingPolicy(),
            dispatcher: dispatcher(policy: send), clock: { Date.utc("2024-06-01T12:00:00Z") })
    }
}
