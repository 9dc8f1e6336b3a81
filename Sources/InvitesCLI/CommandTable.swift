import InvitesKit

/// Every command, with the text its help, the man page and the completions are made from: one
/// source, so they never disagree.
extension InvitesCommand {
    struct Entry: Sendable {
        var name: String
        var summary: String
        var usage: String
        var spec: OptionSpec
        /// Each option of the command with what it does and its default.
        var options: [(String, String)] = []
        var examples: [String] = []
        var run: @Sendable (CommandContext) throws -> ExitCode
    }

    static let answerOptions: [(String, String)] =
        [
            thisMessage,
            ("--comment TEXT", "a comment for the organizer, kept in the history and sent in the reply"),
            ("--no-add", "record the answer without writing the calendar"),
            occurrenceOption, fromOption, forOption,
        ] + sendOptions

    /// The options of `progress` and `done`, which answer a task (a VTODO) only.
    static func taskReportOptions(percent: Bool) -> [(String, String)] {
        (percent ? [("PERCENT", "how much of the task is done: a whole number from 0 to 100")] : [])
            + [
                thisMessage,
                ("--comment TEXT", "a comment for the organizer, kept in the history and sent in the reply"),
                occurrenceOption, forOption,
            ] + sendOptions
    }

    static let forOption = (
        "--for ADDR",
        "answer for this address (a manager, a shared mailbox): the ATTENDEE is theirs, SENT-BY you, the mail from "
            + "them with you as its Sender (default: the on_behalf_of setting)"
    )

    static let sendOptions: [(String, String)] = [
        ("--send", "send the reply at once (default: as the 'send' setting says: never, ask or always)"),
        ("--no-send", "leave the reply queued in the outbox, whatever the 'send' setting says"),
    ]

    static let thisMessage = (
        "-", "for HANDLE: the invitation in the e-mail (or .ics) on standard input, ingested first"
    )

    static let occurrenceOption = (
        "--occurrence WHEN",
        "answer only this occurrence of a series (repeatable): its start as show prints it (2026-12-14 10:00, "
            + "or 2026-12-14 where that day has one), or its RECURRENCE-ID (20261214T090000Z)"
    )

    static let fromOption = (
        "--from WHEN",
        "answer this occurrence and every later one (a year of them, 100 at most), WHEN as --occurrence takes it; "
            + "the organizer gets one reply with each occurrence"
    )

    static let commands: [Entry] = [
        Entry(
            name: "ingest", summary: "read invites (push JSON, iCalendar, e-mail, winmail.dat) into the inbox",
            usage: "ingest [FILE... | -] [--maildir DIR]... [--print handle]",
            spec: IngestCommand.spec,
            options: [
                (
                    "--maildir DIR",
                    "read the messages of a Maildir (cur/ and new/) not read before; repeatable"
                ),
                ("--print handle", "print only the handles of the invitations read, one per line"),
            ],
            examples: [
                "invites ingest invite.ics", "invites ingest - < message.eml", "invites ingest ~/Downloads/*.ics",
                "invites ingest --maildir ~/Mail/work/INBOX", "invites ingest - --print handle < message.eml",
            ],
            run: IngestCommand.run),
        Entry(
            name: "list", summary: "the inbox (pending by default), the last changed first",
            usage: "list [--all | --status S] [--width N]",
            spec: ListCommand.spec,
            options: [
                ("--all", "every invite, whatever its status, those that are over (past) too"),
                (
                    "--status S",
                    "only these: pending, accepted, declined, tentative, cancelled, announced, removed, past (comma-separated)"
                ),
                (
                    "--width N",
                    "wrap each invite at N columns (default: the terminal's width, else $COLUMNS; a pipe is not wrapped)"
                ),
                ("--handles", "only the handles, one per line (for completion scripts)"),
            ],
            examples: ["invites list --status accepted,tentative"], run: ListCommand.run),
        Entry(
            name: "show", summary: "the invite, nearby events, conflicts and the timeline",
            usage: "show HANDLE [--before D] [--after D] [--width N] [--occurrences N] [--attendees]",
            spec: ShowCommand.spec,
            options: [
                ("--attendees", "list every attendee with their answer, not only how many gave which"),
                ("--before D", "how far before the invite to look (default: 2h, at most 7d; e.g. 90m, 1h30m)"),
                ("--after D", "how far after the invite to look (default: 2h, at most 7d)"),
                ("--width N", "columns to draw (default: the terminal's width, else $COLUMNS, else 80; at least 40)"),
                (
                    "--occurrences N",
                    "for a recurring invite, how many of its next occurrences to check (default: 10, at most 1000)"
                ),
            ],
            examples: ["invites show k3m9 --before 1h --width 132"], run: ShowCommand.run),
        Entry(
            name: "review", summary: "go through the pending invitations, answering each with one key",
            usage: "review [HANDLE] [--send | --no-send] [--attendees] [--width N] [--before D] [--after D]",
            spec: ReviewCommand.spec,
            options: [
                (
                    "HANDLE",
                    "start at this invitation (answered already or not), then go through the pending ones"
                ),
                ("--send", "send each reply at once (default: as the 'send' setting says: never, ask or always)"),
                ("--no-send", "leave every reply queued in the outbox, whatever the 'send' setting says"),
                ("--attendees", "list every attendee with their answer, as show --attendees"),
                ("--width N", "as for show (default: the terminal's width)"),
                ("--before D", "as for show (default: 2h)"), ("--after D", "as for show (default: 2h)"),
                ("--occurrences N", "as for show (default: 10)"),
            ],
            examples: ["invites review", "invites review --send", "invites review k3m9"], run: ReviewCommand.run),
        Entry(
            name: "day", summary: "a day of your calendars with the invitations waiting on it, and when you are free",
            usage: "day [DATE] [--width N]", spec: DayCommand.spec,
            options: [
                ("DATE", "2026-12-14, today (the default), tomorrow or yesterday"),
                ("--width N", "as for show (default: the terminal's width)"),
            ],
            examples: ["invites day", "invites day tomorrow", "invites --json day 2026-12-14"], run: DayCommand.run),
        Entry(
            name: "check", summary: "one line; exit 0 when free, 3 when it conflicts, 1 unknown", usage: "check HANDLE",
            spec: CheckCommand.spec,
            options: [
                ("--before D", "as for show (default: 2h)"), ("--after D", "as for show (default: 2h)"),
                ("--occurrences N", "as for show (default: 10)"),
            ],
            examples: ["invites check k3m9 && echo free"], run: CheckCommand.run),
        Entry(
            name: "accept", summary: "accept; the invite goes into your first calendar",
            usage:
                "accept HANDLE [--occurrence WHEN]... [--from WHEN] [--comment TEXT] [--for ADDR] [--no-add] "
                + "[--send | --no-send]",
            spec: AnswerCommand.spec, options: answerOptions,
            examples: ["invites accept k3m9 --comment 'See you there'", "invites accept - --send < message.eml"],
            run: { try AnswerCommand.run(.accepted, $0) }),
        Entry(
            name: "decline", summary: "decline; an earlier accept is taken out of your calendar",
            usage:
                "decline HANDLE [--occurrence WHEN]... [--from WHEN] [--comment TEXT] [--for ADDR] "
                + "[--send | --no-send]",
            spec: AnswerCommand.spec,
            options: answerOptions,
            examples: [
                "invites decline k3m9 --comment 'Travelling that week'",
                "invites decline k3m9 --occurrence '2026-12-14 10:00'",
                "invites decline k3m9 --from 2027-03-01",
            ], run: { try AnswerCommand.run(.declined, $0) }),
        Entry(
            name: "tentative", summary: "answer tentatively; the invite goes into your calendar",
            usage:
                "tentative HANDLE [--occurrence WHEN]... [--from WHEN] [--comment TEXT] [--for ADDR] [--no-add] "
                + "[--send | --no-send]",
            spec: AnswerCommand.spec,
            options: answerOptions,
            examples: ["invites tentative k3m9"], run: { try AnswerCommand.run(.tentative, $0) }),
        Entry(
            name: "progress", summary: "report how far along a task is (IN-PROCESS with PERCENT-COMPLETE)",
            usage:
                "progress HANDLE PERCENT [--occurrence WHEN]... [--comment TEXT] [--for ADDR] [--send | --no-send]",
            spec: TaskReportCommand.spec, options: taskReportOptions(percent: true),
            examples: ["invites progress k3m9 40 --comment 'Draft is up'"], run: TaskReportCommand.progress),
        Entry(
            name: "done", summary: "report a task done (COMPLETED, PERCENT-COMPLETE:100)",
            usage: "done HANDLE [--occurrence WHEN]... [--comment TEXT] [--for ADDR] [--send | --no-send]",
            spec: TaskReportCommand.spec, options: taskReportOptions(percent: false),
            examples: ["invites done k3m9"], run: TaskReportCommand.done),
        Entry(
            name: "comment", summary: "a comment for the organizer, without changing the answer",
            usage:
                "comment HANDLE TEXT [--occurrence WHEN]... [--from WHEN] [--for ADDR] [--private] "
                + "[--send | --no-send]",
            spec: AnswerCommand.commentSpec,
            options: [
                thisMessage, occurrenceOption,
                (
                    "--from WHEN",
                    "comment on this occurrence and every later one (a year of them, 100 at most), as answers take it"
                ),
                forOption,
                ("--private", "keep the comment in the history only; nothing is queued for the organizer"),
            ] + sendOptions,
            examples: [
                "invites comment k3m9 'Can we move it by 30 minutes?'", "invites comment k3m9 'Bring slides' --private",
                "invites comment k3m9 'In the new room from March' --from 2027-03-01",
            ],
            run: { try AnswerCommand.run(.commented, $0) }),
        Entry(
            name: "propose", summary: "propose a new time to the organizer (an iTIP COUNTER), through the outbox",
            usage:
                "propose HANDLE [--at WHEN | --free] [--occurrence WHEN] [--comment TEXT] [--send | --no-send]",
            spec: ProposeCommand.spec,
            options: [
                thisMessage,
                (
                    "--at WHEN",
                    "the new start: 2026-12-14 15:00, 15:00 (the invitation's own date) or 2026-12-15 (its own time); "
                        + "the length stays"
                ),
                (
                    "--free",
                    "the first stretch free in your calendars within working hours (workday, workdays), from the "
                        + "invitation's day on; a series keeps its weekday: another time of the occurrence's day"
                ),
                ("--occurrence WHEN", "propose for this occurrence of a series alone, as answers take it"),
                ("--comment TEXT", "a word for the organizer, sent with the proposal"), forOption,
            ] + sendOptions,
            examples: [
                "invites propose k3m9 --at '2026-12-14 15:00' --comment 'After lunch?'", "invites propose k3m9 --free",
            ], run: ProposeCommand.run),
        Entry(
            name: "refresh",
            summary: "ask the organizer for the invitation as it stands (an iTIP REFRESH), through the outbox",
            usage: "refresh HANDLE [--occurrence WHEN] [--comment TEXT] [--send | --no-send]",
            spec: RefreshCommand.spec,
            options: [
                thisMessage,
                ("--occurrence WHEN", "ask about this occurrence of a series alone, as answers take it"),
                ("--comment TEXT", "a word for the organizer, sent with the request"), forOption,
            ] + sendOptions,
            examples: ["invites refresh k3m9 --comment 'I lost the invitation'"], run: RefreshCommand.run),
        Entry(
            name: "forward",
            summary: "forward the invitation to someone not invited, and tell the organizer, through the outbox",
            usage: "forward HANDLE ADDR [--comment TEXT] [--for ADDR] [--send | --no-send]",
            spec: ForwardCommand.spec,
            options: [
                thisMessage,
                (
                    "ADDR",
                    "whom to invite: the organizer's REQUEST goes to them unchanged but for their ATTENDEE, and the "
                        + "organizer gets a REPLY naming them"
                ),
                ("--comment TEXT", "a word sent with both"), forOption,
            ] + sendOptions,
            examples: ["invites forward k3m9 erin@example.org --comment 'Erin runs the budget now'"],
            run: ForwardCommand.run),
        Entry(
            name: "delegate",
            summary: "someone goes in your place: the organizer is told (DELEGATED), the delegate invited",
            usage:
                "delegate HANDLE ADDR [--occurrence WHEN]... [--from WHEN] [--comment TEXT] [--for ADDR] "
                + "[--send | --no-send]",
            spec: DelegateCommand.spec,
            options: [
                thisMessage,
                ("ADDR", "your delegate: they get the REQUEST with DELEGATED-FROM you; your answer becomes a decline"),
                ("--occurrence WHEN", "delegate this occurrence of a series alone (repeatable), as answers take it"),
                ("--from WHEN", "delegate this occurrence and every later one, as answers take it"),
                ("--comment TEXT", "a word sent with both"), forOption,
            ] + sendOptions,
            examples: ["invites delegate k3m9 erin@example.org --comment 'Erin will go'"], run: DelegateCommand.run),
        Entry(
            name: "history", summary: "every answer and comment (of one invite, with HANDLE), newest first",
            usage: "history [HANDLE] [--status S] [--since WHEN] [--limit N]", spec: HistoryCommand.spec,
            options: [
                ("--status S", "only these actions: accepted, declined, tentative, commented, cancelled"),
                (
                    "--since WHEN",
                    "only answers from then on: today, yesterday, a time back from now (7d, 2w, 12h), a date "
                        + "(2024-06-01, from midnight) or an RFC 3339 time"
                ),
                ("--limit N", "at most N entries"),
            ],
            examples: ["invites history --since 7d --limit 20", "invites history k3m9"], run: HistoryCommand.run),
        Entry(
            name: "reply", summary: "the iTIP REPLY for the latest answer (a whole e-mail with --mime)",
            usage: "reply HANDLE [--out FILE] [--mime]", spec: ReplyCommand.spec,
            options: [
                ("--out FILE", "write the reply to FILE instead of standard output"),
                ("--mime", "a complete RFC 5322 message, ready for sendmail -t: the one in the outbox, if any"),
                (
                    "--name NAME",
                    "your name for the From: line and CN (default: the name setting, else as the invite names you)"
                ),
                forOption,
            ],
            examples: ["invites --me ann@example.org reply k3m9 --mime | sendmail -t"], run: ReplyCommand.run),
        Entry(
            name: "send", summary: "send the replies waiting in the outbox", usage: "send [HANDLE...] [--again]",
            spec: SendCommand.spec,
            options: [
                (
                    "--again",
                    "also send messages that failed or whose sending was cut off (check they did not arrive first)"
                )
            ],
            examples: ["invites send", "invites send k3m9"], run: SendCommand.run),
        Entry(
            name: "outbox", summary: "the replies answers made, and whether each was sent", usage: "outbox [--all]",
            spec: OutboxCommand.spec, options: [("--all", "every message, sent ones too, not only what waits")],
            examples: ["invites outbox", "invites --json outbox --all"], run: OutboxCommand.run),
        Entry(
            name: "watch",
            summary: "take invitations in as they arrive and tell of each, with Accept, Decline and Tentative",
            usage: "watch [--maildir DIR]... [--notify desktop|command|none] [--once] [--wait D] [--verbose]",
            spec: WatchCommand.spec,
            options: [
                ("--maildir DIR", "a Maildir to watch, beside the maildir setting; repeatable"),
                (
                    "--notify HOW",
                    "desktop (a notification on the session bus, the default), command (the notify_command setting) "
                        + "or none"
                ),
                ("--once", "take in what is there, tell of it, wait for answers (--wait), and end"),
                ("--wait D", "with --once, how long to wait for answers (default: 10s)"),
                ("--verbose", "say what happens on standard error"),
            ],
            examples: ["invites watch --maildir ~/Mail/work/INBOX", "invites watch --notify command --verbose"],
            run: WatchCommand.run),
        Entry(
            name: "status", summary: "one short line for status bars: how many are pending",
            usage: "status [--format TEXT]", spec: StatusCommand.spec,
            options: [
                (
                    "--format TEXT",
                    "the line, with %n for the count and %d for those starting within the shortest nudge "
                        + "(default: '%n pending'); nothing is printed when none are"
                )
            ],
            examples: ["invites status --format '📅 %n'", "invites status --format '%n pending, %d due'"],
            run: StatusCommand.run),
        Entry(
            name: "config", summary: "the settings in force, and where each came from", usage: "config",
            spec: ConfigCommand.spec, examples: ["invites config"], run: ConfigCommand.run),
        Entry(
            name: "completions", summary: "a completion script for bash, zsh or fish",
            usage: "completions bash|zsh|fish",
            spec: CompletionsCommand.spec,
            examples: [
                "invites completions bash > ~/.local/share/bash-completion/completions/invites",
                "invites completions zsh > \"${fpath[1]}/_invites\"",
                "invites completions fish > ~/.config/fish/completions/invites.fish",
            ],
            run: CompletionsCommand.run),
    ]
}
