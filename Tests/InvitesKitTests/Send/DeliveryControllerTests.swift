import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// Sending as a library call, against a real store and real commands standing in for sendmail:
/// the `send` setting and the user's word applied to a message just queued, what a failed
/// hand-over leaves, and what waits when nothing is due.
@Suite struct DeliveryControllerTests {
    let folder: String
    let store: InboxStore
    let now = Date.utc("2024-06-01T12:00:00Z")

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("invites-delivery-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try InboxStore(home: folder + "/home")
    }

    /// An invitation answered, its reply queued; the handle.
    func queued() throws -> String {
        let text = AnswerControllerTests.invitation()
        let invites = try ITIPParser(display: .utc).parse(
            Data(text.utf8), file: "invite.ics", source: .itip, fallbackMethod: nil)
        let stored = try #require(try store.ingest(invites, now: now).first).stored
        let responder = Responder(
            store: store, calendar: CalendarSource.defaultCalendar(folder + "/calendar.ics"),
            me: MyAddresses(["bob@example.org"]), display: .utc, lockFolder: folder + "/home/locks")
        _ = try responder.answer(stored, action: .accepted, comment: nil, addToCalendar: false, now: now)
        return stored.handle
    }

    /// A sendmail stand-in that exits with `status` and says why on standard error.
    func delivery(exit status: Int, policy: SendPolicy = .never) -> DeliveryController {
        let script = folder + "/sendmail-\(status)"
        let text = "#!/bin/sh\ncat > /dev/null\n[ \(status) = 0 ] || { echo 'relay said no' >&2; exit \(status); }\n"
        FileManager.default.createFile(atPath: script, contents: Data(text.utf8))
        return DeliveryController(
            store: store, routes: Courier.Routes(sendmail: ["/bin/sh", script], respondURL: nil), policy: policy,
            clock: { Date.utc("2024-06-01T12:00:00Z") })
    }

    @Test func theUsersWordWinsOverTheSetting() throws {
        let handle = try queued()
        guard case .queued = try delivery(exit: 0, policy: .always).afterQueued(handle, send: false) else {
            Issue.record("--no-send sent")
            return
        }
        guard case .ask = try delivery(exit: 0, policy: .ask).afterQueued(handle, send: nil) else {
            Issue.record("send = ask did not ask")
            return
        }
        guard case .sent(let run) = try delivery(exit: 0).afterQueued(handle, send: true) else {
            Issue.record("--send did not send")
            return
        }
        #expect(run.reports.map(\.handover) == [.sent] && run.allSent)
    }

    @Test func aFailedHandOverStaysQueuedAndWaits() throws {
        let handle = try queued()
        let failing = delivery(exit: 75)
        let run = try failing.send(handles: nil)
        #expect(!run.allSent)
        #expect(run.reports.map(\.handover) == [.retry(error: "/bin/sh exited with 75: relay said no", retryAt: nil)])
        let waiting = try failing.waiting(handles: [handle])
        #expect(waiting.queued == 1 && waiting.stopped == 0 && !waiting.isEmpty)
        #expect(try failing.waiting(handles: ["none"]).isEmpty)
    }
}
