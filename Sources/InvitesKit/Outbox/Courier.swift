import Foundation
import InvitesModel
import InvitesSystem

/// Hands the outbox's messages over: mail to the sendmail command, push answers to the sender's
/// server.
///
/// Each message is claimed before it is handed over and finished after, each step its own
/// transaction, so two `send`s at once never hand over the same message. What a `send` killed
/// midway leaves claimed is found by the next one: mail becomes `interrupted` and is not sent
/// again on its own (at most once: a mail may have gone, and an organizer should not get two),
/// a push answer is queued again (at least once: the server sets the answer for the id, so the
/// same answer twice is the answer once).
package struct Courier {
    /// Where messages go, from the settings.
    package struct Routes: Sendable {
        /// The sendmail-compatible command, split into words.
        package var sendmail: [String]
        package var respondURL: RespondURL?

        package init(sendmail: [String], respondURL: RespondURL?) {
            self.sendmail = sendmail
            self.respondURL = respondURL
        }
    }

    /// How one message went.
    package struct Report: Sendable {
        package var message: OutboxMessage
        package var handover: Handover?

        /// Set when another `send` had claimed the message, or an answer superseded it, first.
        package var skipped: Bool { handover == nil }
    }

    package var store: InboxStore
    package var routes: Routes
    package var clock: @Sendable () -> Date
    var http: HTTPTransport
    var mail: MailTransport
    /// This process, as a claim names it.
    var process: Int32 = Posix.getpid()

    package init(store: InboxStore, routes: Routes, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.routes = routes
        self.clock = clock
        http = HTTPTransport(url: routes.respondURL)
        mail = MailTransport(command: routes.sendmail)
    }

    /// Messages a `send` left claimed when it died; the mail among them is returned, for the
    /// user to check and send again if it did not arrive.
    package func recover() throws(StoreError) -> [OutboxMessage] {
        try store.recoverAbandoned(isRunning: Courier.isRunning, requeue: [.http], now: clock())
    }

    /// Hands over the queued messages, of the invitations `handles` or all. Without handles a
    /// message waiting for its next try is left until then; `again` also takes failed and
    /// interrupted messages (the user has checked they did not arrive). Call ``recover()``
    /// first, and tell the user what it returns: a message a killed `send` left claimed is not
    /// due until then.
    package func send(handles: [String]? = nil, again: Bool = false) throws(StoreError) -> [Report] {
        let states: Set<Delivery> = again ? [.queued, .failed, .interrupted] : [.queued]
        let now = clock()
        let due = try store.outbox(states: states, handles: handles).filter {
            handles != nil || again || ($0.nextTry.map { $0 <= now } ?? true)
        }
        var reports: [Report] = []
        for message in due {
            guard try store.claim(message, from: states, by: process, now: clock()) else {
                reports.append(Report(message: message, handover: nil))
                continue
            }
            let handover: Handover
            var tries = 1
            switch message.transport {
            case .mail:
                handover = mail.deliver(message)
            case .http:
                (handover, tries) = http.deliver(message, clock: clock)
            }
            let finished = clock()
            try store.finish(message, handover, tries: tries, by: process, now: finished)
            reports.append(
                Report(message: handover.applied(to: message, tries: tries, now: finished), handover: handover))
        }
        return reports
    }

    /// Whether a process still runs (a claim's owner): kill(pid, 0) succeeds, or is refused
    /// because the process belongs to someone else.
    static func isRunning(_ process: Int32) -> Bool {
        do {
            try Posix.kill(process, 0)
            return true
        } catch {
            return error.code == EPERM
        }
    }
}
