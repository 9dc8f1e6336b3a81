import Foundation

/// `send` as a library call, and the part of answering and proposing that sends at once: the
/// `send` setting applied to a message just queued, what a killed `send` left claimed found,
/// and the outbox's messages handed over through the ``Courier``.
///
/// It returns what happened and prints nothing, so that `send`, the answering commands, `review`
/// and a desktop notification tell the same story each in its own words.
public struct DeliveryController {
    public var store: InboxStore
    public var routes: Courier.Routes
    /// The `send` setting, for messages just queued.
    public var policy: SendPolicy
    public var clock: @Sendable () -> Date

    public init(
        store: InboxStore, routes: Courier.Routes, policy: SendPolicy, clock: @escaping @Sendable () -> Date
    ) {
        self.store = store
        self.routes = routes
        self.policy = policy
        self.clock = clock
    }

    /// What one hand-over did.
    public struct Run: Sendable {
        /// Mail a killed `send` had claimed: it may have gone, which only the user can check.
        public var recovered: [OutboxMessage]
        /// How each message went, in the outbox's order.
        public var reports: [Courier.Report]

        /// Every message went, or another `send` had it first: nothing is left for the user.
        public var allSent: Bool { reports.allSatisfy { $0.handover == .sent || $0.skipped } }
    }

    /// What became of a message just queued, by the `send` setting or the user's override.
    public enum Sending: Sendable {
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
    public struct Waiting: Sendable, Equatable {
        /// Queued messages, each waiting for its next try.
        public var queued: Int
        /// The earliest next try among them.
        public var nextTry: Date?
        /// Failed or cut-off messages, which wait for `send --again`.
        public var stopped: Int

        public var isEmpty: Bool { queued == 0 && stopped == 0 }
    }

    /// Finds the messages a killed `send` left claimed (``Courier/recover()``); the mail among
    /// them is returned.
    public func recover() throws(StoreError) -> [OutboxMessage] {
        try courier.recover()
    }

    /// Recovers, then hands over the queued messages of the invitations `handles` (all when
    /// `nil`); `again` takes failed and interrupted ones too (``Courier/send(handles:again:)``).
    public func send(handles: [String]?, again: Bool = false) throws(StoreError) -> Run {
        let courier = self.courier
        let recovered = try courier.recover()
        return Run(recovered: recovered, reports: try courier.send(handles: handles, again: again))
    }

    /// Applies the `send` setting to the message just queued for the invitation `handle`:
    /// `send` is the user's word for this one (`--send` true, `--no-send` false), which wins.
    public func afterQueued(_ handle: String, send: Bool?) throws(StoreError) -> Sending {
        try afterQueued(handle, by: policy.overridden(by: send))
    }

    /// Sends the message just queued for the invitation `handle` as `policy` says: the
    /// ``ReplyPlan/sending`` of an answer.
    public func afterQueued(_ handle: String, by policy: SendPolicy) throws(StoreError) -> Sending {
        switch policy {
        case .always: return .sent(try self.send(handles: [handle]))
        case .ask: return .ask
        case .never: return .queued
        }
    }

    /// Why a `send` had nothing to hand over: what waits, and for what.
    public func waiting(handles: [String]?) throws(StoreError) -> Waiting {
        let waiting = try store.outbox(states: [.queued, .failed, .interrupted], handles: handles)
        let queued = waiting.filter { $0.state == .queued }
        return Waiting(
            queued: queued.count, nextTry: queued.compactMap(\.nextTry).min(),
            stopped: waiting.count - queued.count)
    }

    private var courier: Courier { Courier(store: store, routes: routes, clock: clock) }
}
