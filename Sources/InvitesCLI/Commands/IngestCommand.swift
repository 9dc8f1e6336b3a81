import Foundation
import InvitesKit

/// `invites ingest [FILE... | -]`: reads invites into the inbox.
enum IngestCommand {
    static let spec = OptionSpec()

    static func run(_ context: CommandContext) throws -> ExitCode {
        let reader = InviteReader(display: context.settings.zone.value)
        var files = context.arguments.positionals
        if files.isEmpty {
            guard !context.environment.inputIsTerminal else {
                throw UsageError(
                    message: "ingest reads FILE... or standard input, which is a terminal here; "
                        + "give - to type or paste an invite",
                    command: "ingest")
            }
            files = ["-"]
        }
        var invites: [Invite] = []
        var failed: [(file: String, error: Error)] = []
        for file in files {
            let name = file == "-" ? "<stdin>" : file
            if file == "-", context.environment.inputIsTerminal {
                context.note("reading an invite from standard input; end it with Ctrl-D")
            }
            do {
                let data = try read(file, environment: context.environment)
                var warnings: [String] = []
                invites += try reader.read(data, file: name) { if !warnings.contains($0) { warnings.append($0) } }
                for warning in warnings { context.warn(Printable.sanitize(warning)) }
            } catch {
                ErrorReport.report(error, to: context.environment)
                failed.append((name, error))
            }
        }
        let outcomes = invites.isEmpty ? [] : try context.openStore().ingest(invites, now: context.environment.now())
        try follow(outcomes, context)
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
        } else {
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
        return status(files: files.count, failed: failed, context)
    }

    /// The exit status of a run over `files` of which `failed` were not ingested: 0 when none
    /// failed; the first failure's (65, 66 or 74) when none was ingested, since then nothing
    /// changed, as those statuses promise; 1 when some were and some were not, with a last line
    /// on standard error that names those that were not.
    private static func status(files: Int, failed: [(file: String, error: Error)], _ context: CommandContext)
        -> ExitCode
    {
        guard let first = failed.first else { return .success }
        guard failed.count < files else { return ErrorReport.describe(first.error).1 }
        let names = failed.map { Printable.sanitize($0.file) }.joined(separator: ", ")
        context.note("\(files - failed.count) of \(files) files ingested; not ingested: \(names)")
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

    private static func read(_ file: String, environment: CLIEnvironment) throws -> Data {
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
