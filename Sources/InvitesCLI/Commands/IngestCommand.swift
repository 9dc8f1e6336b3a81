import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// `invites ingest [FILE... | -] [--maildir DIR]... [--print handle]`: reads invites into the inbox.
enum IngestCommand {
    static let spec = OptionSpec(values: ["--maildir", "--print"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        if let field = context.arguments.value("--print"), field != "handle" {
            throw UsageError(
                message: "--print takes handle, not '\(Printable.sanitize(field))'", command: "ingest")
        }
        let maildirs = context.arguments.all("--maildir")
        var files = context.arguments.positionals
        if files.isEmpty && maildirs.isEmpty {
            guard !context.environment.inputIsTerminal else {
                throw UsageError(
                    message: "ingest reads FILE... or standard input, which is a terminal here; "
                        + "give - to type or paste an invite",
                    command: "ingest")
            }
            files = ["-"]
        }
        if files.contains("-"), context.environment.inputIsTerminal {
            context.note("reading an invite from standard input; end it with Ctrl-D")
        }
        let inputs = files.map { file in
            IngestController.Input(name: name(file)) { try contents(of: file, environment: context.environment) }
        }
        let shortcut = files.isEmpty ? shortcut(context) : nil
        let result: IngestController.Report
        if let shortcut, shortcut.vouches(for: maildirs) {
            // What the pass through the store would find: every Maildir read to its end.
            result = IngestController.Report(inputs: maildirs.count)
        } else {
            var controller = try context.home.ingest()
            controller.shortcut = shortcut
            result = try controller.ingest(
                inputs, maildirs: maildirs,
                readFile: { try Maildir.contents(of: $0) }, events: { tell($0, context) })
        }
        try report(result.outcomes, failed: result.failed, context)
        return status(inputs: result.inputs, failed: result.failed, context)
    }

    /// The invitation inside the message on standard input, ingested (again, which changes
    /// nothing when it is already in), for the commands that take `-` for "this message".
    static func thisMessage(_ context: CommandContext, command: String) throws -> StoredInvite {
        let controller = try context.home.ingest()
        // A message refused as a whole (another organizer's update) is the command's error.
        var refusal: Error?
        let events: (IngestController.Event) -> Void = { event in
            if case .failed(_, let error) = event { refusal = error } else { tell(event, context) }
        }
        let invites = try controller.read(context.environment.readStandardInput(), name: "<stdin>", events: events)
        let outcomes = try controller.file(invites, from: "<stdin>", events: events)
        if let refusal {
            if outcomes.isEmpty { throw refusal }
            ErrorReport.report(refusal, to: context.environment)
        }
        for outcome in outcomes {
            if let note = outcome.note { context.note("\(outcome.stored.handle): \(note)") }
        }
        var handles: [String] = []
        for outcome in outcomes where !handles.contains(outcome.stored.handle) { handles.append(outcome.stored.handle) }
        guard handles.count == 1, let stored = outcomes.first?.stored else {
            throw UsageError(
                message:
                    "the message holds \(handles.count) invitations (\(handles.joined(separator: ", "))); name one of them instead of -",
                command: command)
        }
        return try context.inbox().resolve(stored.handle)
    }

    /// The ingesting machinery with this run's settings.
    /// The note that lets a Maildir pass with nothing new end before the store is opened;
    /// `nil` when opening the store does more than open it (it looks into calendars first).
    private static func shortcut(_ context: CommandContext) -> MaildirShortcut? {
        guard !context.followsCalendars else { return nil }
        return try? MaildirShortcut(home: context.settings.home.value)
    }

    /// Says what happened while ingesting, as it happens.
    static func tell(_ event: IngestController.Event, _ context: CommandContext) {
        switch event {
        case .warning(let text):
            context.warn(Printable.sanitize(text))
        case .failed(_, let error):
            ErrorReport.report(error, to: context.environment)
        case .proposalDeclined(let stored, let comment, let already):
            var line =
                "\(stored.handle): the organizer declined your proposal of a new time for "
                + "\"\(Printable.title(stored.invite.title))\""
            if let comment { line += ": \"\(Printable.sanitize(comment))\"" }
            if already { line += " (already in the history)" }
            if context.settings.json { context.note(line) } else { context.print(line) }
        case .delegateAnswered(let stored, let entry, let already):
            var line = "\(stored.handle): " + DelegateWords.news(entry) + " \"\(Printable.title(stored.invite.title))\""
            if let comment = entry.comment { line += ": \"\(Printable.sanitize(comment))\"" }
            if already { line += " (already in the history)" }
            if context.settings.json { context.note(line) } else { context.print(line) }
        case .collision(let handle, let error):
            context.warn("\(handle): \(Printable.sanitize(error.description))")
        case .followed(let handle, let cancelled, let path):
            context.note("\(handle): \(cancelled ? "marked cancelled" : "updated") in \(Printable.sanitize(path))")
        }
    }

    private static func report(
        _ outcomes: [IngestOutcome], failed: [(name: String, error: Error)], _ context: CommandContext
    ) throws {
        if context.settings.json {
            try context.printJSON(
                JSONOutput.IngestBody(
                    invites: outcomes.map { outcome in
                        let invite = outcome.stored.invite
                        let (start, end) = JSONOutput.times(invite.start, invite.end, invite.dates)
                        return JSONOutput.Ingested(
                            handle: outcome.stored.handle, uid: invite.uid, id: invite.senderID, title: invite.title,
                            start: start, end: end, allDay: invite.dates != nil, result: outcome.result.rawValue,
                            note: outcome.note)
                    },
                    failed: failed.map { JSONOutput.FailedFile(file: $0.name, error: JSONOutput.Problem($0.error)) }))
            return
        }
        if context.arguments.value("--print") == "handle" {
            var printed: [String] = []
            for outcome in outcomes where !printed.contains(outcome.stored.handle) {
                printed.append(outcome.stored.handle)
                context.print(outcome.stored.handle)
            }
            for outcome in outcomes {
                if let note = outcome.note { context.note("\(outcome.stored.handle): \(note)") }
            }
            return
        }
        let columns = HandleColumns(handles: outcomes.map(\.stored.handle))
        for outcome in outcomes {
            let invite = outcome.stored.invite
            // A task by when it is due, a meeting by when it holds you.
            let when =
                invite.properties?.task.map { TaskWords.listed($0, invite: invite, next: nil, time: context.time) }
                ?? context.time.span(start: invite.start, end: invite.end, dates: invite.dates)
            context.print(
                columns.prefix(outcome.stored.handle, outcome.result.rawValue) + Printable.title(invite.title)
                    + "  " + when
                    + ((invite.properties?.outline ?? .none).summary(zone: context.settings.zone.value.timeZone)
                        .map { ", " + $0 } ?? ""))
            if let note = outcome.note { context.note("\(outcome.stored.handle): \(note)") }
        }
    }

    /// The exit status of a run over `inputs` (files, Maildirs and their messages that named a
    /// calendar part) of which `failed` were not ingested: 0 when none failed; the first
    /// failure's (65, 66 or 74) when none was ingested, since then nothing changed, as those
    /// statuses promise; 1 when some were and some were not, with a last line on standard error
    /// that names those that were not.
    private static func status(inputs: Int, failed: [(name: String, error: Error)], _ context: CommandContext)
        -> ExitCode
    {
        guard let first = failed.first else { return .success }
        guard failed.count < inputs else { return ErrorReport.describe(first.error).1 }
        let names = failed.map { Printable.sanitize($0.name) }.joined(separator: ", ")
        let what = context.arguments.all("--maildir").isEmpty ? "files" : "files and messages"
        context.note("\(inputs - failed.count) of \(inputs) \(what) ingested; not ingested: \(names)")
        return .failure
    }

    private static func name(_ file: String) -> String { file == "-" ? "<stdin>" : file }

    private static func contents(of file: String, environment: CLIEnvironment) throws -> Data {
        if file == "-" { return environment.readStandardInput() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            throw FileError.notFound(path: file)
        }
        guard !isDirectory.boolValue else { throw IngestError.notAnInvite(file: file, reason: "it is a folder") }
        // Read, never mapped, as calendars are: a file truncated under a mapping is a SIGBUS.
        do {
            return try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw IngestError.unreadable(file: file, reason: error.localizedDescription)
        }
    }
}
