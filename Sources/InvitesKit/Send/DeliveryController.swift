import Foundation

/// `send` as a library call, and the part of answering and proposing that sends at once: the
/// `send` setting applied to a message just queued, what a killed `send` left claimed found,
/// and the outbox's messages handed over through the ``Courier``.
///
/// It returns what happened and prints nothing, so that `send`, the answering commands, `review`
/// and a desktop notification tell the same story each in its own words.
package struct DeliveryController {
    package var store: InboxStore
    package var routes: Courier.Routes
    /// The `send` setting, for messages just queued.
    package var policy: SendPolicy
    package var clock: @Sendable () -> Date

    package init(
        store: InboxStore, routes: Courier.Routes, policy: SendPolicy, clock: @escaping @Sendable () -> Date
    ) {
        self.store = store
        self.routes = routes
        self.policy = policy
        self.clock = clock
    }

    /// What one hand-over did.
    package struct Run: Sendable {
        /// Mail a killed `send` had claimed: it may have gone, which only the user can check.
        package var recovered: [OutboxMessage]
        /// How each message went, in the outbox's order.
        package var reports: [Courier.Report]

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

    /// Finds the messages a killed `send` left claimed (``Courier/recover()``); the mail among
    /// them is returned.
    package func recover() throws(StoreError) -> [OutboxMessage] {
        try courier.recover()
    }

    /// Recovers, then hands over the queued messages of the invitations `handles` (all when
    /// `nil`); `again` takes failed and interrupted ones too (``Courier/send(handles:again:)``).
    package func send(handles: [String]?, again: Bool = false) throws(StoreError) -> Run {
        let courier = self.courier
        let recovered = try courier.recover()
        return Run(recovered: recovered, reports: try courier.send(handles: handles, again: again))
    }

    /// Applies the `send` setting to the message just queued for the invitation `handle`:
    /// `send` is the user's word for this one (`--send` true, `--no-send` false), which wins.
    package func afterQueued(_ handle: String, send: Bool?) throws(StoreError) -> Sending {
        switch send.map({ $0 ? SendPolicy.always : .never }) ?? policy {
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

    private var courier: Courier { Courier(store: store, routes: routes, clock: clock) }
}
