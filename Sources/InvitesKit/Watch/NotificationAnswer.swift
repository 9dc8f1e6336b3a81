import Foundation

/// An answer given from a notification, as `invites accept|decline|tentative HANDLE` gives
/// it: recorded in the history, written to the calendar, a reply queued in the outbox unless
/// the organizer asked for none (RSVP=FALSE), and sent at once when the `send` setting is
/// `always` (`ask` has no terminal to ask on here, so the reply waits, as for `never`).
///
/// It stands in for the `AnswerController` being written on another branch: once that is in
/// the library, this type's body is a call to it.
public struct NotificationAnswer {
    public var responder: () throws -> Responder
    public var courier: () throws -> Courier
    public var me: MyAddresses
    /// `send = always`.
    public var sendAtOnce: Bool

    public init(
        responder: @escaping () throws -> Responder, courier: @escaping () throws -> Courier, me: MyAddresses,
        sendAtOnce: Bool
    ) {
        self.responder = responder
        self.courier = courier
        self.me = me
        self.sendAtOnce = sendAtOnce
    }

    /// What answering did: to the calendar, and to the reply.
    public struct Result {
        public var outcome: Responder.Outcome
        /// The reply's hand-over, when it was sent at once.
        public var sent: [Courier.Report]
        /// The organizer asked for no reply, so none was queued.
        public var noReplyAsked: Bool
    }

    public func answer(_ stored: StoredInvite, action: AnswerAction, now: Date) throws -> Result {
        let noReply = noReplyAsked(stored)
        let outcome = try responder().answer(
            stored, action: action, comment: nil, addToCalendar: true, toOrganizer: !noReply, now: now)
        var sent: [Courier.Report] = []
        if sendAtOnce, outcome.queued != nil {
            let courier = try courier()
            _ = try courier.recover()
            sent = try courier.send(handles: [stored.handle])
        }
        return Result(outcome: outcome, sent: sent, noReplyAsked: noReply)
    }

    /// Whether the invitation lists you with `RSVP=FALSE` (RFC 5546 §3.2.2): then no reply is
    /// owed, as `accept` without `--send` decides.
    private func noReplyAsked(_ stored: StoredInvite) -> Bool {
        let invite = stored.invite
        guard invite.expectsReply, invite.source != .push, !me.all.isEmpty,
            let listed = invite.attendees.first(where: { me.contains($0.address) })
        else { return false }
        let properties = EventProperties.read(invite.raw, uid: invite.uid)
        return properties?.noReplyAsked.contains(MyAddresses.normalise(listed.address)) == true
    }
}
