import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// The shapes of the `--json` output: `docs/json-schema.json`, version ``schemaVersion``.
/// Optional values are `null`, never left out (``Nullable``).
enum JSONOutput {
    struct Invite: Encodable {
        var handle: String
        var uid: String
        @Nullable var id: String?
        var title: String
        var start: String
        var end: String
        var allDay: Bool
        /// ``InvitesKit/StoredInvite/state``: `announced` for an unanswered METHOD:PUBLISH.
        var status: String
        /// Whether every occurrence has ended (a pending one that is over is not listed as
        /// pending).
        var over: Bool
        @Nullable var recurrence: Recurrence?
        /// The occurrence still to come or under way that `list` shows (`next …` for a series
        /// begun years back); `null` once every occurrence is over.
        @Nullable var next: Next?
        @Nullable var location: String?
        @Nullable var organizer: String?
        @Nullable var timezone: String?
        var method: String
        var source: String
        @Nullable var recurrenceId: String?
        var attendees: [Attendee]
        @Nullable var calendarItem: CalendarItem?
        @Nullable var mail: Mail?
        /// `meeting` (a VEVENT) or `task` (a VTODO, RFC 5546 §3.4).
        var kind: String
        /// What a task says of itself; `null` for a meeting.
        @Nullable var task: Task?

        /// A task's DUE, PRIORITY, PERCENT-COMPLETE and STATUS, as sent.
        struct Task: Encodable {
            /// An instant, or a date for `DUE;VALUE=DATE`; `null` for a task with no due date.
            @Nullable var due: String?
            @Nullable var priority: Int?
            @Nullable var percent: Int?
            @Nullable var status: String?

            init(_ task: TaskFacts) {
                due = task.dueDay ?? task.due.map(RFC3339.utc)
                priority = task.priority
                percent = task.percent
                status = task.status
            }
        }

        /// Who the mail it came in says it is from (``InvitesKit/MailOrigin``), and whether
        /// that is the organizer.
        struct Mail: Encodable {
            @Nullable var from: String?
            @Nullable var sender: String?
            var failedChecks: [String]
            /// From or Sender is the ORGANIZER or its SENT-BY.
            var fromOrganizer: Bool
            /// `sent by X for Y` and the failed checks, as `show` says them; `null` when all is well.
            @Nullable var note: String?

            init(_ origin: MailOrigin, organizer: InvitesModel.Invite.Person?) {
                from = origin.from
                sender = origin.sender
                failedChecks = origin.failedChecks
                fromOrganizer = origin.isFrom(organizer)
                note = origin.note(for: organizer)
            }
        }

        /// Where a scheduling server put the invitation in your calendar.
        struct CalendarItem: Encodable {
            var calendar: String
            var path: String
            var gone: Bool
        }

        struct Attendee: Encodable {
            var address: String
            @Nullable var name: String?
            var partstat: String
            var rsvp: Bool
        }

        /// One occurrence: its times, and for a series the key `--occurrence` takes.
        struct Next: Encodable {
            var start: String
            var end: String
            var allDay: Bool
            @Nullable var recurrenceId: String?
        }

        /// How a series repeats: the RRULEs as written, the RDATEs added, and both in words.
        struct Recurrence: Encodable {
            var rules: [String]
            var extraDates: Int
            var summary: String
        }

        init(_ row: ListController.Row, display: DisplayZone) {
            let stored = row.stored
            over = row.isOver
            recurrence = row.outline.summary(zone: display.timeZone, allDay: row.stored.invite.dates != nil).map {
                Recurrence(rules: row.outline.rules, extraDates: row.outline.extraDates, summary: $0)
            }
            let invite = stored.invite
            if let next = row.next {
                let (start, end) = JSONOutput.times(next.start, next.end, next.dates)
                self.next = Next(
                    start: start, end: end, allDay: next.isAllDay,
                    recurrenceId: RecurrenceKey.key(of: next, display: display))
            } else if !row.isOver {
                // A one-off, or a series not yet begun: its own time is the next.
                let (start, end) = JSONOutput.times(invite.start, invite.end, invite.dates)
                self.next = Next(
                    start: start, end: end, allDay: invite.dates != nil,
                    recurrenceId: row.outline.recurs
                        ? invite.dates?.first.description ?? RFC3339.utc(invite.start) : invite.recurrenceID)
            }
            handle = stored.handle
            uid = invite.uid
            id = invite.senderID
            title = invite.title
            (start, end) = JSONOutput.times(invite.start, invite.end, invite.dates)
            allDay = invite.dates != nil
            status = stored.state.rawValue
            location = invite.location
            organizer = invite.organizer?.display
            timezone = invite.timeZone
            method = invite.method.rawValue
            source = invite.source.rawValue
            recurrenceId = invite.recurrenceID
            attendees = invite.attendees.map {
                Attendee(address: $0.address, name: $0.name, partstat: $0.partstat, rsvp: $0.rsvp)
            }
            calendarItem = stored.foundIn.map { CalendarItem(calendar: $0.calendar, path: $0.path, gone: $0.gone) }
            mail = invite.origin.map { Mail($0, organizer: invite.organizer) }
            let task = invite.source == .push ? nil : invite.properties?.task
            kind = task == nil ? "meeting" : "task"
            self.task = task.map(Task.init)
        }
    }

    struct Ingested: Encodable {
        var handle: String
        var uid: String
        @Nullable var id: String?
        var title: String
        var start: String
        var end: String
        var allDay: Bool
        var result: String
        @Nullable var note: String?
    }

    struct Window: Encodable {
        var start: String
        var end: String
    }

    struct Event: Encodable {
        var uid: String
        var title: String
        var start: String
        var end: String
        var allDay: Bool
        var conflict: Bool
        var overlapMinutes: Int
        var free: Bool

        init(_ entry: NearbyReport.Entry) {
            let occurrence = entry.occurrence
            uid = occurrence.uid
            title = occurrence.title
            (start, end) = JSONOutput.times(occurrence.start, occurrence.end, occurrence.dates)
            allDay = occurrence.isAllDay
            conflict = entry.conflict
            overlapMinutes = Int((entry.overlap / 60).rounded(.up))
            free = entry.free
        }
    }

    struct Show: Encodable {
        var invite: Invite
        var window: Window
        var events: [Event]
        var conflicts: Int
        /// For a recurring invite: each occurrence checked (none for a one-off); `window` and
        /// `events` are those of the first that conflicts, else the first.
        var occurrences: [CheckedOccurrence]
        /// The description, the join link, the attendees' answers, how it repeats.
        var details: Details
        /// Why accepting will be refused (``InvitesKit/ShowReport/collision``).
        @Nullable var collision: String?
    }

    struct CheckedOccurrence: Encodable {
        var start: String
        var end: String
        var conflicts: Int
        /// The occurrence's original start (``RecurrenceKey``), what `--occurrence` takes.
        var recurrenceId: String
        /// `pending`, `accepted`, `declined`, `tentative` or `cancelled`.
        var state: String
        var moved: Bool

        init(_ checked: ShowReport.CheckedOccurrence) {
            start = RFC3339.utc(checked.nearby.invite.start)
            end = RFC3339.utc(checked.nearby.invite.end)
            conflicts = checked.nearby.conflicts
            recurrenceId = checked.key
            state = checked.state.rawValue
            moved = checked.moved
        }
    }

    struct HistoryEntry: Encodable {
        var handle: String
        var uid: String
        @Nullable var recurrenceId: String?
        @Nullable var id: String?
        var title: String
        var start: String
        var end: String
        var action: String
        @Nullable var comment: String?
        var at: String
        var sequence: Int
        var delivery: String
        @Nullable var sentAt: String?
        @Nullable var supersededAt: String?
        /// The later entry whose message took this one's place before it went, without it.
        @Nullable var supersededBy: Successor?
        /// The later entry whose reply carries this one's answer but not its comment.
        @Nullable var commentLeftOutBy: Successor?
        /// How far along the task is, on an `in-process` report; `null` on every other entry.
        @Nullable var percent: Int?
        /// The delegate: on a delegation, the decline beside it, and your delegate's answer.
        @Nullable var delegatedTo: String?

        /// Another entry of the history, named by what it did and when.
        struct Successor: Encodable {
            var action: String
            var at: String
            @Nullable var recurrenceId: String?

            init(_ successor: InvitesModel.HistoryEntry.Successor) {
                action = successor.action.rawValue
                at = RFC3339.utc(successor.at)
                recurrenceId = successor.recurrenceID
            }
        }

        init(_ entry: InvitesModel.HistoryEntry) {
            handle = entry.handle
            uid = entry.uid
            recurrenceId = entry.recurrenceID
            id = entry.senderID
            title = entry.title
            (start, end) = JSONOutput.times(entry.start, entry.end, nil)
            action = entry.action.rawValue
            comment = entry.comment
            at = RFC3339.utc(entry.at)
            sequence = entry.sequence
            delivery = entry.delivery.rawValue
            sentAt = entry.sentAt.map(RFC3339.utc)
            supersededAt = entry.supersededAt.map(RFC3339.utc)
            supersededBy = entry.supersededBy.map(Successor.init)
            commentLeftOutBy = entry.comment?.isEmpty == false ? entry.commentLeftOutBy.map(Successor.init) : nil
            percent = entry.percent
            delegatedTo = entry.delegatedTo
        }
    }

    /// One message of `outbox --json`.
    struct OutboxMessage: Encodable {
        var handle: String
        var transport: String
        @Nullable var to: String?
        var subject: String
        @Nullable var messageId: String?
        var state: String
        var attempts: Int
        @Nullable var lastError: String?
        @Nullable var nextTry: String?
        var created: String
        @Nullable var sentAt: String?

        init(_ message: InvitesKit.OutboxMessage) {
            handle = message.handle
            transport = message.transport.rawValue
            to = message.recipient.isEmpty ? nil : message.recipient
            subject = message.subject
            messageId = message.messageID
            state = message.state.rawValue
            attempts = message.attempts
            lastError = message.lastError
            nextTry = message.nextTry.map(RFC3339.utc)
            created = RFC3339.utc(message.createdAt)
            sentAt = message.sentAt.map(RFC3339.utc)
        }
    }

    /// One message of `send --json`: the message as it stands after the try, and what happened.
    struct SentMessage: Encodable {
        var message: OutboxMessage
        /// `sent`, `queued` (try again later), `failed`, `interrupted` or `skipped`.
        var result: String
        @Nullable var error: String?

        init(_ report: Dispatcher.Report) {
            message = OutboxMessage(report.message)
            switch report.handover {
            case .sent?: (result, error) = ("sent", nil)
            case .retry(let text, _)?: (result, error) = ("queued", text)
            case .refused(let text)?: (result, error) = ("failed", text)
            case .uncertain(let text)?: (result, error) = ("interrupted", text)
            case nil: (result, error) = ("skipped", nil)
            }
        }
    }

    /// RFC 3339 UTC times, or dates for all-day values.
    static func times(_ start: Date, _ end: Date, _ dates: Occurrence.AllDayDates?) -> (String, String) {
        if let dates { return (dates.first.description, dates.endExclusive.description) }
        return (RFC3339.utc(start), RFC3339.utc(end))
    }
}
