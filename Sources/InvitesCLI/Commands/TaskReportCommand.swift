import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// `invites progress HANDLE PERCENT [--occurrence WHEN]... [--comment TEXT] [--for ADDR]
/// [--send | --no-send]` and `invites done HANDLE [...]`: how far along a task (a VTODO
/// invitation) is, to its organizer as RFC 5546 §3.4.3's REPLY says it, PARTSTAT=IN-PROCESS with
/// PERCENT-COMPLETE, or COMPLETED; refused on a meeting. An answer like the others otherwise.
enum TaskReportCommand {
    static let spec = OptionSpec(values: ["--comment", "--occurrence", "--for"], flags: ["--send", "--no-send"])

    static func progress(_ context: CommandContext) throws -> ExitCode {
        guard context.arguments.positionals.count == 2 else {
            throw UsageError(message: "progress takes a HANDLE and the PERCENT done (0 to 100)", command: "progress")
        }
        var handle = context
        let text = handle.arguments.positionals.removeLast()
        return try AnswerCommand.run(.inProcess, handle, percent: try percent(text))
    }

    static func done(_ context: CommandContext) throws -> ExitCode {
        try AnswerCommand.run(.completed, context)
    }

    /// PERCENT as typed: a whole number from 0 to 100 (a trailing `%` allowed), else a usage
    /// error; read with checked arithmetic, so no number typed overflows.
    static func percent(_ text: String) throws(UsageError) -> Int {
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        if digits.hasSuffix("%") { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.count <= 3, let value = Int(digits), TaskFacts.percent(value) != nil,
            digits.allSatisfy(\.isASCII)
        else {
            throw UsageError(
                message: "PERCENT is how much of the task is done: a whole number from 0 to 100, not "
                    + Printable.quoted(text, limit: 20),
                command: "progress")
        }
        return value
    }
}
