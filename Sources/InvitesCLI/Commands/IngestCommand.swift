import Foundation
import InvitesKit

/// `invites ingest [FILE... | -]`: reads invites into the inbox.
enum IngestCommand {
    static let spec = OptionSpec()

    static func run(_ context: CommandContext) throws -> ExitCode {
        let reader = InviteReader(display: context.settings.zone.value)
        var files = context.arguments.positionals
        if files.isEmpty { files = ["-"] }
        var invites: [Invite] = []
        var worst: ExitCode = .success
        for file in files {
            let name = file == "-" ? "<stdin>" : file
            do {
                let data = try read(file, environment: context.environment)
                var warnings: [String] = []
                invites += try reader.read(data, file: name) { if !warnings.contains($0) { warnings.append($0) } }
                for warning in warnings { context.warn(Printable.sanitize(warning)) }
            } catch {
                let code = ErrorReport.report(error, to: context.environment)
                if worst == .success || code == .noInput { worst = code }
            }
        }
        let outcomes = invites.isEmpty ? [] : try context.openStore().ingest(invites, now: context.environment.now())
        try follow(outcomes, context)
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
        } else {
            let columns = HandleColumns(handles: outcomes.map(\.stored.handle))
            for outcome in outcomes {
                let invite = outcome.stored.invite
                context.print(
                    columns.prefix(outcome.stored.handle, outcome.result.rawValue) + Printable.sanitize(invite.title)
                        + "  " + context.time.span(start: invite.start, end: invite.end, dates: invite.dates))
                if let note = outcome.note { context.note("\(outcome.stored.handle): \(note)") }
            }
        }
        return worst
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
