import Foundation
import InvitesModel

/// What a job of a lane (``WorkLane``) hands back to the loop, which alone tells of it: the
/// values a notification needs, never a connection or a notifier.
enum WatchWork: Sendable {
    /// An invitation to tell of, with what collides with it (`problem`: why that was not
    /// looked at).
    case telling(Telling, conflicts: [WatchEvent.Conflict], problem: String?)
    /// An invitation still waiting for your answer to tell again as it is about to start.
    case nudging(Nudging, conflicts: [WatchEvent.Conflict], problem: String?)
    /// An answer given from a notification, recorded (its reply queued) or refused;
    /// `sendsNext`: the `send` setting sends the reply at once, which the sending lane does
    /// before the answer is confirmed.
    case answered(handle: String, action: AnswerAction, Result<AnswerController.Report, Failure>, sendsNext: Bool)
    /// The calendars read ahead of the first invitation (``ShowController/prepare()``);
    /// `problem`: why they could not be.
    case prepared(problem: String?)

    /// What the loop asked to be told, as it stood then.
    struct Telling: Sendable {
        var stored: StoredInvite
        var result: IngestOutcome.Result?
        /// Told again as it is now, though told in this version already.
        var again: Bool

        /// What a telling of the same invitation in the same version shares, so that one is
        /// asked for at a time.
        var key: String { stored.handle + "\n" + NotifiedJournal.version(of: stored) }
    }

    /// An occurrence about to start and the thresholds of the `nudge` setting it is due for.
    struct Nudging: Sendable {
        var stored: StoredInvite
        var start: Date
        var end: Date
        var dates: Occurrence.AllDayDates?
        var due: [Int]

        /// One occurrence of one invitation: its nudges are asked for one lot at a time.
        var key: String { Nudging.key(stored.handle, start: start) }

        static func key(_ handle: String, start: Date) -> String { "\(handle)\n\(Int(start.timeIntervalSince1970))" }
    }

    /// Why a job did not do what it was for, in words for the user.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var description: String
    }
}
