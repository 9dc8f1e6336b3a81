import Foundation
import InvitesKit

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
        if files.isEmpty && maildirs.isEmpty { files = ["-"] }
        var invites: [Invite] = []
        var worst: ExitCode = .success
        func keep(_ code: ExitCode) {
            if worst == .success || code == .noInput { worst = code }
        }
        for file in files {
            do {
                let data = try contents(of: file, environment: context.environment)
                do {
                    invites += try read(data, name: name(file), context)
                } catch IngestError.notForAttendee(_, let method) where method == "DECLINECOUNTER" {
                    try fileDeclinedProposals(data, name: name(file), context)
                }
            } catch {
                keep(ErrorReport.report(error, to: context.environment))
            }
        }
        var outcomes = try file(invites, context)
        for path in maildirs {
            do {
                outcomes += try ingest(Maildir(path), context, failed: keep)
            } catch {
                keep(ErrorReport.report(error, to: context.environment))
            }
        }
        try report(outcomes, context)
        return worst
    }

    /// The invitation inside the message on standard input, ingested (again, which changes
    /// nothing when it is already in), for the commands that take `-` for "this message".
    static func thisMessage(_ context: CommandContext, command: String) throws -> StoredInvite {
        let invites = try read(context.environment.readStandardInput(), name: "<stdin>", context)
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
    private static func ingest(_ maildir: Maildir, _ context: CommandContext, failed: (ExitCode) -> Void) throws
        -> [IngestOutcome]
    {
        let store = try context.openStore()
        let seen = try store.seenMessages(in: maildir.folder)
        var invites: [Invite] = []
        var taken: [String] = []
        for message in try maildir.messages() where !seen.contains(message.key) && !taken.contains(message.key) {
            do {
                let data = try contents(of: message.path, environment: context.environment)
                taken.append(message.key)
                guard Maildir.mayHoldInvitation(data) else { continue }
                do {
                    invites += try read(data, name: message.path, context)
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
                continue
            } catch is FileError {
                // Gone between listing and reading: a client moved it (new/ to cur/); the next
                // run finds it under its new name.
                continue
            } catch {
                failed(ErrorReport.report(error, to: context.environment))
            }
        }
        let outcomes = try file(invites, context)
        try store.markSeen(taken, in: maildir.folder, now: context.environment.now())
        return outcomes
    }

    private static func report(_ outcomes: [IngestOutcome], _ context: CommandContext) throws {
        if context.settings.json {
            try context.printJSON([
                "invites": outcomes.map { outcome in
                    let invite = outcome.stored.invite
                    let (start, end) = JSONOutput.times(invite.start, invite.end, invite.dates)
                    return JSONOutput.Ingested(
                        handle: outcome.stored.handle, uid: invite.uid, id: invite.senderID, title: invite.title,
                        start: start, end: end, result: outcome.result.rawValue, note: outcome.note)
                }
            ])
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
            context.print(
                columns.prefix(outcome.stored.handle, outcome.result.rawValue) + Printable.sanitize(invite.title)
                    + "  " + context.time.span(start: invite.start, end: invite.end, dates: invite.dates))
            if let note = outcome.note { context.note("\(outcome.stored.handle): \(note)") }
        }
    }

    /// Keeps the calendar in step with invites an earlier answer put there.
    private static func follow(_ outcomes: [IngestOutcome], _ context: CommandContext) throws {
        guard outcomes.contains(where: { $0.result == .cancelled || $0.result == .updated }) else { return }
        let responder = try context.responder()
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
