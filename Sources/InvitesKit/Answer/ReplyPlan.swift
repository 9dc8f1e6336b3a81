import Foundation
import InvitesModel

/// Whether an answer owes the organizer a reply, who gives it, and what the user is told: the
/// one place that decides, as a pure function of the invitation, the answer, your addresses,
/// where the invitation stands in your calendar and the `send` setting.
///
/// ``Responder`` records what the plan says (the history's ``Delivery``, the outbox message),
/// ``Reply`` composes the message it asks for, and the ``Dispatcher`` sends it when
/// ``sending`` says. The rules:
/// - only a REQUEST asks for an answer (RFC 5546 §3.2.2); an announcement (PUBLISH) or a
///   cancellation recorded from the organizer owes nothing;
/// - your ATTENDEE's `RSVP=FALSE` asks for none (RFC 5546 §3.2.2), unless `--send` sends one
///   all the same; a comment is always meant for the organizer;
/// - answering as an address the invitation does not list adds you as an attendee, which the
///   user is told before it goes;
/// - an item your calendar server put there is answered in place, and the server replies when
///   the `scheduling` setting (or `SCHEDULE-AGENT`, RFC 6638 §7.1) leaves it to the server;
/// - an answer to a mailed invitation whose server copy is still to come waits for it (the
///   `server_wait` setting), unless `--send`;
/// - a push payload's answer goes to its sender's HTTP endpoint, not by mail;
/// - what invites sends leaves at once, when asked, or on `invites send` (the `send` setting,
///   `--send`, `--no-send`).
package struct ReplyPlan: Sendable, Equatable {
    /// Where the invitation stands in the calendar the answer goes to, as far as it matters for
    /// the reply: what the ``Responder`` found there.
    package enum Calendar: Sendable, Equatable {
        /// invites writes the calendar itself (or leaves it alone, `--no-add`).
        case invites
        /// The calendar's server puts mailed invitations into it (the `scheduling` setting) and
        /// has not put this one there yet: an answer may wait for its copy until `until`.
        /// `holding` says answers to it already wait, which a comment then joins.
        case serverCopyDue(until: Date, holding: Bool)
        /// The item your server put there, answered in place: who replies by the `scheduling`
        /// setting and the item's `SCHEDULE-AGENT`.
        case placed(Responder.Scheduling)
    }

    /// The answer, as the user gave it.
    package struct Answer: Sendable, Equatable {
        package var action: AnswerAction
        /// The ``RecurrenceKey``s answered; none for the whole invitation.
        package var occurrences: [String]
        /// `false` keeps a comment for yourself (`comment --private`), or leaves the organizer to
        /// another message (a decline beside a delegation).
        package var toOrganizer: Bool
        /// `false` is `--no-add`.
        package var addToCalendar: Bool
        /// `--send` (true), `--no-send` (false), else `nil`: the `send` setting decides.
        package var send: Bool?

        package init(
            _ action: AnswerAction, occurrences: [String] = [], toOrganizer: Bool = true, addToCalendar: Bool = true,
            send: Bool? = nil
        ) {
            self.action = action
            self.occurrences = occurrences
            self.toOrganizer = toOrganizer
            self.addToCalendar = addToCalendar
            self.send = send
        }
    }

    /// Why no reply goes.
    package enum Silence: Sendable, Equatable {
        /// The invitation asks for no answer: an announcement (PUBLISH), a cancellation.
        case notRequested
        /// The answer records the organizer's cancellation in your calendar.
        case cancellation
        /// A comment kept for yourself, or a decline whose word goes in a message of its own
        /// (a delegation).
        case kept
        /// Your ATTENDEE says `RSVP=FALSE` (RFC 5546 §3.2.2).
        case noReplyAsked
        /// A proposal, a REFRESH, a forward, a delegation: each goes in a message of its own,
        /// composed by its exchange, never as a reply.
        case apart
    }

    /// Who tells the organizer.
    package enum Route: Sendable, Equatable {
        /// Nobody, for the reason given.
        case none(Silence)
        /// The answer waits for your server's copy: the server replies once it comes, invites
        /// after `until`.
        case held(until: Date)
        /// Your calendar server, once the item changed in place reaches it (RFC 6638): the
        /// calendar the item is in.
        case server(calendar: String)
        /// invites, through its outbox: `to` the organizer's address by mail (`nil` when the
        /// invitation names none, which composing then reports), or to a push sender's server
        /// by HTTP.
        case invites(to: String?, by: OutboxMessage.Transport)
    }

    /// What the user should know about an answer, for the caller to word.
    package enum Note: Sendable, Hashable {
        /// A decline of an invitation the organizer cancelled: recorded all the same.
        case cancelled
        /// A decline of an occurrence the organizer cancelled (its key): recorded all the same.
        case occurrenceCancelled(String)
        /// The invitation does not list you among its attendees (an invitation to a list?): the
        /// reply adds you as `address`, which the organizer will see.
        case notAnAttendee(address: String)
        /// Your ATTENDEE says `RSVP=FALSE`, so no reply was queued (RFC 5546 §3.2.2); `--send`
        /// sends one all the same.
        case noReplyAsked
        /// Your address is not set: the calendar copy carries no ATTENDEE for you.
        case noAddress
    }

    package var route: Route
    package var notes: [Note]
    /// Who replies to an answer given in place, and why; `nil` for every other answer.
    package var scheduling: Responder.Scheduling?
    /// When the reply invites queues leaves (`--send`, `--no-send`, else the `send` setting);
    /// `nil` when invites queues none.
    package var sending: SendPolicy?
    /// Whether the answer would wait for a server copy were one due: the ``Responder`` looks
    /// for one only then.
    package var couldWait = false

    /// What the history records of the reply: where it stands once the answer is in.
    package var delivery: Delivery {
        switch route {
        case .none: return .none
        case .held: return .held
        case .server: return .server
        case .invites: return .pending
        }
    }

    /// The plan for `answer` to `stored`, as `me`, where the invitation stands in `calendar`,
    /// under the `send` setting `policy`.
    package static func make(
        for stored: StoredInvite, answer: Answer, me: MyAddresses, calendar: Calendar, policy: SendPolicy
    ) -> ReplyPlan {
        let invite = stored.invite
        let action = answer.action
        var notes: [Note] = []
        if action == .declined {
            if stored.status == .cancelled { notes.append(.cancelled) }
            for key in answer.occurrences where stored.answer(for: key) == .cancelled {
                notes.append(.occurrenceCancelled(key))
            }
        }
        let requested = invite.method == .request
        var silence: Silence? = answer.toOrganizer ? nil : .kept
        if answer.toOrganizer, action != .commented, requested, invite.source != .push, !me.all.isEmpty {
            if let listed = invite.attendees.first(where: { me.contains($0.address) }) {
                if answer.send != true,
                    invite.properties?.noReplyAsked.contains(MyAddresses.normalise(listed.address)) == true
                {
                    notes.append(.noReplyAsked)
                    silence = .noReplyAsked
                }
            } else {
                notes.append(.notAnAttendee(address: me.all.sorted().first ?? ""))
            }
        }
        if me.all.isEmpty, action != .commented, answer.addToCalendar { notes.append(.noAddress) }
        if AnswerAction.apart.contains(action) {
            silence = .apart
        } else if action == .cancelled {
            silence = .cancellation
        } else if !requested {
            silence = .notRequested
        }
        let sending = policy.overridden(by: answer.send)
        let invites = Route.invites(
            to: invite.source == .push ? nil : invite.organizer?.email, by: invite.source == .push ? .http : .mail)
        let waiting: Set<AnswerAction> = [.accepted, .tentative, .declined, .commented]
        let couldWait =
            silence == nil && waiting.contains(action) && answer.send != true && answer.addToCalendar
            && !me.all.isEmpty && (invite.source == .email || invite.source == .itip)
        switch calendar {
        case .placed(let scheduling):
            if scheduling.mode == .server {
                return ReplyPlan(route: .server(calendar: scheduling.calendar), notes: notes, scheduling: scheduling)
            }
            if let silence { return ReplyPlan(route: .none(silence), notes: notes, scheduling: scheduling) }
            return ReplyPlan(route: invites, notes: notes, scheduling: scheduling, sending: sending)
        case .serverCopyDue(let until, let holding):
            // A comment waits only beside an answer already waiting.
            if couldWait, action != .commented || holding {
                return ReplyPlan(route: .held(until: until), notes: notes, couldWait: true)
            }
        case .invites:
            break
        }
        if let silence { return ReplyPlan(route: .none(silence), notes: notes) }
        return ReplyPlan(route: invites, notes: notes, sending: sending, couldWait: couldWait)
    }
}
