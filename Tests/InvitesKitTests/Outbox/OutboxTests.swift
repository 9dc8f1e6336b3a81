import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// The outbox against a real store, real commands (small shell scripts standing in for
/// sendmail, run through posix_spawn) and a real HTTP server on 127.0.0.1.
@Suite struct OutboxTests {
    let folder: String
    let store: InboxStore
    let now = Date.utc("2024-06-01T12:00:00Z")
    let me = MyAddresses(["bob@example.org"])

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("invites-outbox-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try InboxStore(home: folder + "/home")
    }

    static let mail = """
        From: Ann <ann@example.org>\r
        To: bob@example.org\r
        Subject: Invitation: Review\r
        Message-ID: <review-invitation@example.org>\r
        References: <thread-root@example.org>\r
        MIME-Version: 1.0\r
        Content-Type: text/calendar; method=REQUEST; charset=UTF-8\r
        \r
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        METHOD:REQUEST\r
        BEGIN:VEVENT\r
        UID:review@example.org\r
        SEQUENCE:1\r
        DTSTAMP:20240601T080000Z\r
        DTSTART:20240610T100000Z\r
        DTEND:20240610T110000Z\r
        SUMMARY:Review\r
        ORGANIZER;CN=Ann:mailto:ann@example.org\r
        ATTENDEE;CN=Bob;RSVP=TRUE;PARTSTAT=NEEDS-ACTION:mailto:bob@example.org\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    func ingest(_ text: String = mail) throws -> StoredInvite {
        let invites = try InviteReader(display: .utc).read(Data(text.utf8), file: "invite.eml")
        return try #require(try InvitationFiler(store: store).file(invites, now: now).first).stored
    }

    func responder() -> Responder {
        let calendar = CalendarSource.defaultCalendar(folder + "/calendar.ics")
        return Responder(
            store: store, calendar: calendar, me: me, display: .utc, lockFolder: folder + "/home/locks",
            name: "Bob Example")
    }

    /// A sendmail stand-in: saves its standard input in `folder/sent/` and says nothing, or
    /// fails with `exit` and a line on standard error. It runs through `/bin/sh`: executing a
    /// script file just written could fail with ETXTBSY while a test running beside this one
    /// forks with the file still open for writing.
    func sendmail(exit status: Int = 0) throws -> [String] {
        let script = folder + "/sendmail-\(status)"
        let text = """
            #!/bin/sh
            mkdir -p "\(folder)/sent"
            cat > "\(folder)/sent/$$.eml"
            [ \(status) = 0 ] || { echo "relay said no" >&2; exit \(status); }

            """
        FileManager.default.createFile(
            atPath: script, contents: Data(text.utf8), attributes: [.posixPermissions: 0o755])
        return ["/bin/sh", script, "-t", "-i"]
    }

    func sent() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/sent")) ?? []
        return names.compactMap { try? String(contentsOfFile: folder + "/sent/" + $0, encoding: .utf8) }
    }

    func dispatcher(_ command: [String], url: RespondURL? = nil) -> Dispatcher {
        var dispatcher = Dispatcher(store: store, routes: .init(sendmail: command, respondURL: url), clock: { Date() })
        dispatcher.http.pauses = [0.01, 0.01]
        return dispatcher
    }

    @Test("An answer queues one message that threads with the invitation")
    func anAnswerQueuesOneMessageThatThreadsWithTheInvitation() throws {
        let stored = try ingest()
        let outcome = try responder().answer(
            stored, action: .accepted, comment: "See you", addToCalendar: false, now: now)
        let messages = try store.outbox()
        try #require(messages.count == 1)
        #expect(outcome.queued == messages[0].id)
        #expect(messages[0].state == .queued && messages[0].transport == .mail)
        #expect(messages[0].recipient == "ann@example.org" && messages[0].subject == "Accepted: Review")
        let body = String(decoding: messages[0].body, as: UTF8.self)
        #expect(body.contains("From: Bob Example <bob@example.org>"))
        #expect(body.contains("In-Reply-To: <review-invitation@example.org>"))
        #expect(body.contains("References: <thread-root@example.org> <review-invitation@example.org>"))
        #expect(body.contains("Message-Id: <\(try #require(messages[0].messageID))>"))
        #expect(try store.history().first?.delivery == .queued)
    }

    /// A newer answer takes the place of the older one's message while it is unsent: the
    /// organizer gets one mail with where things stand. The accept it replaced is not in that
    /// mail, so its entry stays at its own message and says superseded, by the decline.
    @Test func aNewerAnswerSupersedesAnUnsentMessage() throws {
        let stored = try ingest()
        _ = try responder().answer(stored, action: .accepted, comment: nil, addToCalendar: false, now: now)
        let again = try store.resolve(stored.handle)
        let later = now.addingTimeInterval(60)
        _ = try responder().answer(again, action: .declined, comment: "Sorry", addToCalendar: false, now: later)
        let waiting = try store.outbox()
        try #require(waiting.count == 1)
        #expect(waiting[0].subject == "Declined: Review")
        let superseded = try store.outbox(states: [.superseded])
        #expect(superseded.count == 1)
        #expect(try store.history().map(\.outboxID) == [waiting[0].id, superseded.first?.id])
        let reports = try dispatcher(try sendmail()).dispatch()
        #expect(reports.map(\.handover) == [.sent])
        #expect(sent().count == 1)
        let history = try store.history()
        #expect(history.map(\.delivery) == [.sent, .superseded])
        #expect(history.map { $0.sentAt != nil } == [true, false])
        #expect(history.last?.supersededBy == .init(action: .declined, at: later, recurrenceID: nil))
        #expect(history.last?.supersededAt == later)
    }

    /// RFC 5546 §3.2.3: a comment alone is a REPLY with COMMENT and the PARTSTAT you stand at.
    @Test func aCommentAloneIsAReplyAtNeedsAction() throws {
        let stored = try ingest()
        _ = try responder().answer(
            stored, action: .commented, comment: "Can we start later?", addToCalendar: false, now: now)
        let body = String(decoding: try #require(try store.outbox().first).body, as: UTF8.self)
        #expect(body.contains("Subject: Commented: Review"))
        let unfolded = body.replacingOccurrences(of: "=\n", with: "").replacingOccurrences(of: "=3D", with: "=")
        #expect(unfolded.contains("PARTSTAT=NEEDS-ACTION:mailto:bob@example.org"))
        #expect(unfolded.contains("COMMENT:Can we start later?"))
        #expect(unfolded.contains("METHOD:REPLY"))
    }

    @Test func aPrivateCommentQueuesNothing() throws {
        let stored = try ingest()
        _ = try responder().answer(
            stored, action: .commented, comment: "note to self", addToCalendar: false, toOrganizer: false, now: now)
        #expect(try store.outbox().isEmpty)
        #expect(try store.history().first?.delivery == Delivery.none)
    }

    /// A command that fails leaves the message queued with what it said; the next send delivers
    /// it once.
    @Test func aFailingCommandLeavesTheMessageQueued() throws {
        let stored = try ingest()
        _ = try responder().answer(stored, action: .tentative, comment: nil, addToCalendar: false, now: now)
        let failed = try dispatcher(try sendmail(exit: 75)).dispatch()
        guard case .retry(let error, nil)? = failed.first?.handover else {
            Issue.record("expected a retry, got \(failed)")
            return
        }
        #expect(error.contains("exited with 75") && error.contains("relay said no"))
        let waiting = try #require(try store.outbox().first)
        #expect(waiting.state == .queued && waiting.attempts == 1 && waiting.lastError == error)
        let missing = try dispatcher(["/nonexistent/sendmail", "-t"]).dispatch()
        guard case .retry(let reason, _)? = missing.first?.handover else {
            Issue.record("expected a retry, got \(missing)")
            return
        }
        #expect(reason.contains("cannot run /nonexistent/sendmail"))
        let before = sent().count
        #expect(try dispatcher(try sendmail()).dispatch().map(\.handover) == [.sent])
        #expect(sent().count == before + 1)
        #expect(try dispatcher(try sendmail()).dispatch().isEmpty)
    }

    /// Two sends at once: the claim lets one of them have each message.
    @Test func aClaimedMessageIsNotClaimedTwice() throws {
        let stored = try ingest()
        _ = try responder().answer(stored, action: .accepted, comment: nil, addToCalendar: false, now: now)
        let message = try #require(try store.outbox().first)
        #expect(try store.claim(message, from: [.queued], by: 101, now: now))
        #expect(!(try store.claim(message, from: [.queued], by: 102, now: now)))
        try store.finish(message, .sent, tries: 1, by: 102, now: now)
        #expect(try store.outbox(states: [.sending]).count == 1, "only the claimant finishes")
    }

    /// What a killed send left claimed: mail is never sent again on its own (it may have gone),
    /// a push answer is queued again (the server takes the same answer twice as once).
    @Test func abandonedClaimsAreRecoveredByTransport() throws {
        let stored = try ingest()
        _ = try responder().answer(stored, action: .accepted, comment: nil, addToCalendar: false, now: now)
        let push = try InviteReader(display: .utc).read(
            Data(#"{"title":"Reunion","start":"2024-06-10T08:00:00Z","end":"2024-06-10T09:00:00Z","id":12}"#.utf8),
            file: "p.json")
        let pushed = try #require(try InvitationFiler(store: store).file(push, now: now).first).stored
        _ = try responder().answer(pushed, action: .declined, comment: nil, addToCalendar: false, now: now)
        let messages = try store.outbox()
        try #require(messages.count == 2)
        for message in messages { #expect(try store.claim(message, from: [.queued], by: 999_999, now: now)) }
        #expect(try store.recoverAbandoned(isRunning: { $0 != 999_999 }, requeue: [.http], now: now).count == 1)
        let states = try store.outbox().map { ($0.transport, $0.state) }
        #expect(states.map(\.1) == [.interrupted, .queued])
        #expect(try dispatcher(try sendmail()).dispatch().filter { $0.message.transport == .mail }.isEmpty)
        #expect(
            try dispatcher(try sendmail()).dispatch(again: true).first { $0.message.transport == .mail }?.handover
                == .sent)
    }

    /// The push answer goes to the configured URL: 500 twice then 200 arrives once; 400 is
    /// refused for good, with the server's words.
    @Test func pushAnswersArePostedWithRetries() throws {
        let push = try InviteReader(display: .utc).read(
            Data(#"{"title":"Reunion","start":"2024-06-10T08:00:00Z","end":"2024-06-10T09:00:00Z","id":12}"#.utf8),
            file: "p.json")
        let pushed = try #require(try InvitationFiler(store: store).file(push, now: now).first).stored
        _ = try responder().answer(pushed, action: .accepted, comment: "Yes!", addToCalendar: false, now: now)
        let server = try LoopbackHTTPServer(answers: [.init(500), .init(500), .init(200)])
        let reports = try dispatcher([], url: try RespondURL(server.url)).dispatch()
        #expect(reports.map(\.handover) == [.sent])
        #expect(reports.first?.message.attempts == 3)
        #expect(server.bodies.count == 3)
        let answer = try JSONSerialization.jsonObject(with: try #require(server.bodies.last)) as? [String: Any]
        #expect(answer?["id"] as? Int == 12 && answer?["response"] as? String == "accepted")
        #expect(answer?["comment"] as? String == "Yes!")

        _ = try responder().answer(
            try store.resolve(pushed.handle), action: .declined, comment: nil, addToCalendar: false, now: now)
        let refusing = try LoopbackHTTPServer(answers: [.init(400, "unknown invitation")])
        let refused = try dispatcher([], url: try RespondURL(refusing.url)).dispatch()
        guard case .refused(let error)? = refused.first?.handover else {
            Issue.record("expected a refusal, got \(refused)")
            return
        }
        #expect(error.contains("400") && error.contains("unknown invitation"))
        #expect(refusing.bodies.count == 1)
        #expect(try store.outbox().map(\.state) == [.sent, .failed])
        #expect(try dispatcher([], url: try RespondURL(refusing.url)).dispatch().isEmpty, "failed waits for --again")
    }

    @Test func aPushAnswerWithoutRespondURLStaysQueued() throws {
        let push = try InviteReader(display: .utc).read(
            Data(#"{"title":"Reunion","start":"2024-06-10T08:00:00Z","end":"2024-06-10T09:00:00Z","id":"r-1"}"#.utf8),
            file: "p.json")
        let pushed = try #require(try InvitationFiler(store: store).file(push, now: now).first).stored
        _ = try responder().answer(pushed, action: .accepted, comment: nil, addToCalendar: false, now: now)
        let reports = try dispatcher([]).dispatch()
        #expect(reports.first?.handover == .retry(error: OutboxError.noRespondURL.description, retryAt: nil))
        #expect(try store.outbox().first?.state == .queued)
    }

    /// Without a `name` setting the From line takes the invitation's CN for you, unless that CN
    /// is only an address (as many organizers' servers write it).
    @Test func anAddressForANameIsNoName() throws {
        let stored = try ingest(OutboxTests.mail.replacingOccurrences(of: "CN=Bob;", with: "CN=bob@example.org;"))
        var nameless = responder()
        nameless.name = nil
        _ = try nameless.answer(stored, action: .accepted, comment: nil, addToCalendar: false, now: now)
        let body = String(decoding: try #require(try store.outbox().first).body, as: UTF8.self)
        #expect(body.contains("From: bob@example.org\n"))
    }
}
