import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// The words of an answer, said once for `accept` and its kin, `review` and the confirmation
/// `watch` gives after an answer from a notification: what the answer did to the calendar, the
/// controller's notes, who replies, how long an answer is held, and where the reply waits.
enum AnswerWords {
    /// `k3m9: accepted "Title"`: the line that begins what an answer says.
    static func answered(_ stored: StoredInvite, _ action: AnswerAction) -> String {
        "\(stored.handle): \(action.rawValue) \"\(Printable.title(stored.invite.title))\""
    }

    /// `; added to PATH`, and the like: what an answer did to the calendar.
    static func change(_ change: Responder.CalendarChange) -> String {
        switch change {
        case .added(let path): return "; added to \(Printable.sanitize(path))"
        case .rewritten(let path): return "; updated in \(Printable.sanitize(path))"
        case .removed(let path): return "; removed from \(Printable.sanitize(path))"
        case .unchanged: return ""
        }
    }

    /// A note of the controller in words, for the invitation `handle`.
    static func note(_ note: ReplyPlan.Note, handle: String) -> String {
        switch note {
        case .cancelled:
            return "\(handle) was cancelled by the organizer; the answer is recorded anyway"
        case .occurrenceCancelled(let key):
            return "the occurrence \(key) was cancelled by the organizer; the answer is recorded anyway"
        case .notAnAttendee(let address):
            return "\(handle) does not list you among its attendees (an invitation to a list?); "
                + "the reply adds you as \(Printable.sanitize(address))"
        case .noReplyAsked:
            return "\(handle): the organizer asks for no reply (RSVP=FALSE), so none is queued; "
                + "--send sends one all the same"
        case .noAddress:
            return "your address is not set (--me, INVITES_ME or 'me =' in the config): "
                + "the calendar copy carries no ATTENDEE for you"
        }
    }

    /// Says what becomes of an answer held for the server's copy of a mailed invitation, until
    /// when, and how to have it otherwise.
    static func held(_ until: Date, handle: String, calendar: String, time: HumanTime) -> String {
        let path = Printable.sanitize(calendar)
        return "\(handle): your calendar server puts this invitation in \(path) and replies for you: the answer "
            + "goes into its copy when the calendar syncs, so the organizer hears once; with no copy by "
            + "\(time.day(until)) \(time.clock(until)), invites adds it to \(path) and replies itself "
            + "('server_wait' in the config; --send or 'scheduling = client \(path)' replies at once)"
    }

    /// Says who tells the organizer of an answer given in place, why, and how to change it, so
    /// that nobody is left unanswered, or answered twice, without knowing.
    static func explanation(of scheduling: Responder.Scheduling, handle: String) -> String {
        let calendar = Printable.sanitize(scheduling.calendar)
        let why: String
        switch scheduling.setting {
        case .auto where scheduling.clientAgent:
            why = "scheduling = auto, and the invitation says SCHEDULE-AGENT=CLIENT"
        case .auto:
            why = "scheduling = auto: your server put this invitation in \(calendar)"
        case .server, .client:
            why = "scheduling = \(scheduling.setting.rawValue) for \(calendar)"
        }
        switch scheduling.mode {
        case .server:
            return "\(handle): the reply goes through your calendar server when it syncs (\(why)); "
                + "'scheduling = client \(calendar)' in the config makes invites send it instead"
        case .client, .auto:
            return "\(handle): invites replies to the organizer itself (\(why)); "
                + "'scheduling = server \(calendar)' in the config leaves it to your server"
        }
    }

    /// `k3m9: the reply is queued; 'invites send' sends it`, for a reply or (`what`) a proposal.
    static func queued(_ handle: String, what: String = "reply") -> String {
        "\(handle): the \(what) is queued; 'invites send' sends it"
    }

    /// What an answer from a notification did, a line each, for `watch`'s confirmation: the
    /// calendar, and the reply.
    @Sendable static func confirmation(_ report: AnswerController.Report) -> [String] {
        var lines: [String] = []
        let calendar = change(report.outcome.calendar)
        if !calendar.isEmpty { lines.append(String(calendar.dropFirst(2))) }
        if report.notes.contains(.noReplyAsked) {
            lines.append("the organizer asked for no reply")
        } else if let reason = report.outcome.notQueued {
            lines.append("no reply queued: \(Printable.sanitize(reason.description))")
        }
        switch report.sending {
        case .queued?, .ask?:
            lines.append("the reply is queued ('invites send' sends it)")
        case .sent(let run)?:
            lines.append(
                run.allSent ? "the reply was sent" : "the reply could not be sent now ('invites outbox' says why)")
        case .failed(let error)?:
            lines.append("the reply is queued; sending failed: \(Printable.sanitize(error.description))")
        case nil:
            break
        }
        return lines
    }
}
