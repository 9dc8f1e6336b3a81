import Foundation
import InvitesKit

/// `invites ingest [FILE... | -] [--maildir DIR]... [--print handle]`: reads invites into the inbox.
enum IngestCommand {
    static let spec = OptionSpec(values: ["--maildir", "--print"])

    /// An input that was not ingested, and why.
    typealias Failure = (file: String, error: Error)

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
        var invites: [Invite] = []
        var failed: [Failure] = []
        var inputs = files.count
        for file in files {
            if file == "-", context.environment.inputIsTerminal {
                context.note("reading an invite from standard input; end it with Ctrl-D")
            }
            do {
                let data = try contents(of: file, environment: context.environment)
                do {
                    invites += try Self.read(data, name: name(file), context)
                } catch IngestError.notForAttendee(_, let method) where method == "DECLINECOUNTER" {
                    try fileDeclinedProposals(data, name: name(file), context)
                }
            } catch {
                ErrorReport.report(error, to: context.environment)
                failed.append((name(file), error))
            }
        }
        var outcomes = try file(invites, context)
        for path in maildirs {
            inputs += 1
            do {
                let read = try ingest(Maildir(path), context)
                outcomes += read.outcomes
                inputs += read.messages
                failed += read.failed
            } catch {
                ErrorReport.report(error, to: context.environment)
                failed.append((path, error))
            }
        }
        try report(outcomes, failed: failed, context)
        return status(inputs: inputs, failed: failed, context)
    }

    /// The invitation inside the message on standard input, ingested (again, which changes
    /// nothing when it is already in), for the commands that take `-` for "this message".
    static func thisMessage(_ context: CommandContext, command: String) throws -> StoredInvite {
        let invites = try Self.read(context.environment.readStandardInput(), name: "<stdin>", context)
        let outcomes = try file(invites, context)
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
        return try context.openStore().resolve(stored.handle)
    }

    /// Reads every invite in one input, printing what was dropped along the way.
    private static func read(_ data: Data, name: String, _ context: CommandContext) throws -> [Invite] {
        var warnings: [String] = []
        let invites = try InviteReader(display: context.settings.zone.value).read(data, file: name) {
            if !warnings.contains($0) { warnings.append($0) }
        }
        for warning in warnings { context.warn(Printable.sanitize(warning)) }
        return invites
    }

    /// Files the invites in one transaction and keeps the calendar in step with them.
    private static func file(_ invites: [Invite], _ context: CommandContext) throws -> [IngestOutcome] {
        guard !invites.isEmpty else { return [] }
        let outcomes = try context.openStore().ingest(invites, now: context.environment.now())
        try follow(outcomes, context)
        return outcomes
    }

    /// Reads the messages of a Maildir not read before; a message without an invitation is
    /// passed over, one whose invitation cannot be read is reported, and all are remembered.
    /// `messages` counts those that named a calendar part.
    private static func ingest(_ maildir: Maildir, _ context: CommandContext) throws
        -> (outcomes: [IngestOutcome], messages: Int, failed: [Failure])
    {
        let store = try context.openStore()
        let seen = try store.seenMessages(in: maildir.folder)
        var invites: [Invite] = []
        var taken: [String] = []
        var messages = 0
        var failed: [Failure] = []
        for message in try maildir.messages() where !seen.contains(message.key) && !taken.contains(message.key) {
            do {
                let data = try contents(of: message.path, environment: context.environment)
                taken.append(message.key)
                guard Maildir.mayHoldInvitation(data) else { continue }
                messages += 1
                do {
                    invites += try Self.read(data, name: message.path, context)
                } catch IngestError.notForAttendee(_, let method) where method == "DECLINECOUNTER" {
                    // An organizer's answer to a proposal: filed when its invitation is here,
                    // passed over like any other message for an organizer when it is not.
                    do {
                        try fileDeclinedProposals(data, name: message.path, context)
                    } catch is IngestError {
                        continue
                    }
                }
            } catch IngestError.notAnInvite, IngestError.notForAttendee {
                // Ordinary mail, and replies to invitations of your own: nothing to take in.
                messages -= 1
                continue
            } catch is FileError {
                // Gone between listing and reading: a client moved it (new/ to cur/); the next
                // run finds it under its new name.
                continue
            } catch {
                ErrorReport.report(error, to: context.environment)
                failed.append((message.path, error))
            }
        }
        let outcomes = try file(invites, context)
        try store.markSeen(taken, in: maildir.folder, now: context.environment.now())
        return (outcomes, messages, failed)
    }

    private static func report(_ outcomes: [IngestOutcome], failed: [Failure], _ context: CommandContext) throws {
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
                    failed: failed.map { JSONOutput.FailedFile(file: $0.file, error: JSONOutput.Problem($0.error)) }))
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
        let outlines = SeriesOutlineReader()
        for outcome in outcomes {
            let invite = outcome.stored.invite
            context.print(
                columns.prefix(outcome.stored.handle, outcome.result.rawValue) + Printable.title(invite.title)
                    + "  " + context.time.span(start: invite.start, end: invite.end, dates: invite.dates)
                    + (outlines.outline(of: outcome.stored).summary(zone: context.settings.zone.value.timeZone)
                        .map { ", " + $0 } ?? ""))
            if let note = outcome.note { context.note("\(outcome.stored.handle): \(note)") }
        }
    }

    /// The exit status of a run over `inputs` (files, Maildirs and their messages that named a
    /// calendar part) of which `failed` were not ingested: 0 when none failed; the first
    /// failure's (65, 66 or 74) when none was ingested, since then nothing changed, as those
    /// statuses promise; 1 when some were and some were not, with a last line on standard error
    /// that names those that were not.
    private static func status(inputs: Int, failed: [Failure], _ context: CommandContext) -> ExitCode {
        guard let first = failed.first else { return .success }
        guard failed.count < inputs else { return ErrorReport.describe(first.error).1 }
        let names = failed.map { Printable.sanitize($0.file) }.joined(separator: ", ")
        let what = context.arguments.all("--maildir").isEmpty ? "files" : "files and messages"
        context.note("\(inputs - failed.count) of \(inputs) \(what) ingested; not ingested: \(names)")
        return .failure
    }

    /// Keeps the calendar in step with invites an earlier answer put there.
    private static func follow(_ outcomes: [IngestOutcome], _ context: CommandContext) throws {
        guard outcomes.contains(where: { $0.result == .cancelled || $0.result == .updated }) else { return }
        let responder = try context.responder(following: true)
        for outcome in outcomes {
            switch try responder.follow(outcome, now: context.environment.now()) {
            case .rewritten(let path)?:
                context.note(
                    "\(outcome.stored.handle): \(outcome.result == .cancelled ? "marked cancelled" : "updated") in \(Printable.sanitize(path))"
                )
            default:
                break
            }
        }
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
