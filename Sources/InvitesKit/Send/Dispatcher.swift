import Foundation
import InvitesModel
import InvitesSystem

/// `send` as a library call, and the part of answering, proposing and the exchanges that sends
/// at once: the outbox's one dispatcher. It applies the `send` setting to a message just
/// queued, finds what a killed `send` left claimed, and hands the outbox's messages to their
/// ``Transport``: mail to the sendmail command, push answers to the sender's server.
///
/// Each message is claimed before it is handed over and finished after, each step its own
/// transaction, so two `send`s at once never hand over the same message. What a `send` killed
/// midway leaves claimed is found by the next one: mail becomes `interrupted` and is not sent
/// again on its own (at most once: a mail may have gone, and an organizer should not get two),
/// a push answer is queued again (at least once: the server sets the answer for the id, so the
/// same answer twice is the answer once).
///
/// It returns what happened and prints nothing, so that `send`, the answering commands, `review`
/// and a desktop notification tell the same story each in its own words.
package struct Dispatcher {
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

    /// What one hand-over did.
    package struct Run: Sendable {
        /// Mail a killed `send` had claimed: it may have gone, which only the user can check.
        package var recovered: [OutboxMessage]
        /// How each message went, in the outbox's order.
        package var reports: [Report]

        /// Every message went, or another `send` had it first: nothing is left for the user.
        package var allSent: Bool { reports.allSatisfy { $0.handover == .sent || $0.skipped } }
    }

    /// What became of a message just queued, by the `send` setting or the user's override.
    package enum Sending: Sendable {
        /// It waits in the outbox for `invites send` (`send = never`, `--no-send`).
        case queued
        /// `send = ask`: the caller asks the user, and calls ``send(handles:again:)`` on a yes;
        /// on a no, or with nobody to ask, it stays queued.
        case ask
        /// It was handed over, or tried, at once.
        case sent(Run)
        /// The outbox could not be read or written while sending: what was queued stands, as
        /// the store left it, for `invites send`.
        case failed(StoreError)
    }

    /// What waits in the outbox but is not due, for a `send` that found nothing to do.
    package struct Waiting: Sendable, Equatable {
        /// Queued messages, each waiting for its next try.
        package var queued: Int
        /// The earliest next try among them.
        package var nextTry: Date?
        /// Failed or cut-off messages, which wait for `send --again`.
        package var stopped: Int

        package var isEmpty: Bool { queued == 0 && stopped == 0 }
    }

    package var store: InboxStore
    package var routes: Routes
    /// The `send` setting, for messages just queued.
    package var policy: SendPolicy
    package var clock: @Sendable () -> Date
    var mail: MailTransport
    var http: HTTPTransport
    /// This process, as a claim names it.
    var process: Int32 = Posix.getpid()

    package init(
        store: InboxStore, routes: Routes, policy: SendPolicy = .never, clock: @escaping @Sendable () -> Date
    ) {
        self.store = store
        self.routes = routes
        self.policy = policy
        self.clock = clock
        mail = MailTransport(command: routes.sendmail)
        http = HTTPTransport(url: routes.respondURL)
    }

    /// Messages a `send` left claimed when it died; the mail among them is returned, for the
    /// user to check and send again if it did not arrive.
    package func recover() throws(StoreError) -> [OutboxMessage] {
        try store.recoverAbandoned(isRunning: Dispatcher.isRunning, requeue: [.http], now: clock())
    }

    /// Recovers, then hands over the queued messages of the invitations `handles` (all when
    /// `nil`); `again` takes failed and interrupted ones too (``dispatch(handles:again:)``).
    package func send(handles: [String]?, again: Bool = false) throws(StoreError) -> Run {
        let recovered = try recover()
        return Run(recovered: recovered, reports: try dispatch(handles: handles, again: again))
    }

    /// Applies the `send` setting to the message just queued for the invitation `handle`:
    /// `send` is the user's word for this one (`--send` true, `--no-send` false), which wins.
    package func afterQueued(_ handle: String, send: Bool?) throws(StoreError) -> Sending {
        try afterQueued(handle, by: policy.overridden(by: send))
    }

    /// Sends the message just queued for the invitation `handle` as `policy` says: the
    /// ``ReplyPlan/sending`` of an answer.
    package func afterQueued(_ handle: String, by policy: SendPolicy) throws(StoreError) -> Sending {
        switch policy {
        case .always: return .sent(try self.send(handles: [handle]))
        case .ask: return .ask
        case .never: return .queued
        }
    }

    /// Why a `send` had nothing to hand over: what waits, and for what.
    package func waiting(handles: [String]?) throws(StoreError) -> Waiting {
        let waiting = try store.outbox(states: [.queued, .failed, .interrupted], handles: handles)
        let queued = waiting.filter { $0.state == .queued }
        return Waiting(
            queued: queued.count, nextTry: queued.compactMap(\.nextTry).min(),
            stopped: waiting.count - queued.count)
    }

    /// Hands over the queued messages, of the invitations `handles` or all. Without handles a
    /// message waiting for its next try is left until then; `again` also takes failed and
    /// interrupted messages (the user has checked they did not arrive). Call ``recover()``
    /// first: a message a killed `send` left claimed is not due until then.
    func dispatch(handles: [String]? = nil, again: Bool = false) throws(StoreError) -> [Report] {
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
            let (handover, tries) = transport(for: message).deliver(message, clock: clock)
            let finished = clock()
            try store.finish(message, handover, tries: tries, by: process, now: finished)
            reports.append(
                Report(message: handover.applied(to: message, tries: tries, now: finished), handover: handover))
        }
        return reports
    }

    /// The way a message leaves.
    func transport(for message: OutboxMessage) -> any Transport {
        switch message.transport {
        case .mail: return mail
        case .http: return http
        }
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
