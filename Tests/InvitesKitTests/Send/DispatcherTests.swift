import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// Sending as a library call, against a real store and real commands standing in for sendmail:
/// the `send` setting and the user's word applied to a message just queued, what a failed
/// hand-over leaves, and what waits when nothing is due.
@Suite struct DispatcherTests {
    let home: AnsweringHome

    init() throws {
        home = try AnsweringHome()
    }

    /// An invitation answered, its reply queued; the handle.
    func queued() throws -> String {
        let stored = try home.ingest()
        _ = try home.answering().responder.answer(
            stored, action: .accepted, comment: nil, addToCalendar: false, now: home.now)
        return stored.handle
    }

    func dispatcher(exit status: Int, policy: SendPolicy = .never) -> Dispatcher {
        home.dispatcher(policy: policy, exit: status)
    }

    @Test func theUsersWordWinsOverTheSetting() throws {
        let handle = try queued()
        guard case .queued = try dispatcher(exit: 0, policy: .always).afterQueued(handle, send: false) else {
            Issue.record("--no-send sent")
            return
        }
        guard case .ask = try dispatcher(exit: 0, policy: .ask).afterQueued(handle, send: nil) else {
            Issue.record("send = ask did not ask")
            return
        }
        guard case .sent(let run) = try dispatcher(exit: 0).afterQueued(handle, send: true) else {
            Issue.record("--send did not send")
            return
        }
        #expect(run.reports.map(\.handover) == [.sent] && run.allSent)
    }

    @Test func aFailedHandOverStaysQueuedAndWaits() throws {
        let handle = try queued()
        let failing = dispatcher(exit: 75)
        let run = try failing.send(handles: nil)
        #expect(!run.allSent)
        #expect(run.reports.map(\.handover) == [.retry(error: "/bin/sh exited with 75: relay said no", retryAt: nil)])
        let waiting = try failing.waiting(handles: [handle])
        #expect(waiting.queued == 1 && waiting.stopped == 0 && !waiting.isEmpty)
        #expect(try failing.waiting(handles: ["none"]).isEmpty)
    }
}
