import Foundation
import InvitesFormats
import InvitesKit

/// `invites check HANDLE`: one line; exit 0 when free, 3 when it conflicts, 1 when part of
/// your calendar could not be read and nothing conflicts with what could (`unknown`: a skipped
/// event may be the one it collides with, so it is never said to be free).
enum CheckCommand {
    static let spec = OptionSpec(values: ["--before", "--after", "--occurrences"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let show = try ShowCommand.report(context, command: "check")
        let handle = show.stored.handle
        let conflicts = show.conflicts
        let title = Printable.title(show.stored.invite.title)
        let unread = conflicts == 0 ? show.warnings.filter(\.hidesEvents) : []
        if context.settings.json {
            try context.printJSON(
                JSONOutput.CheckBody(
                    handle: handle, conflicts: conflicts, free: conflicts == 0 && unread.isEmpty,
                    unknown: !unread.isEmpty))
        } else if let first = unread.first {
            let more = unread.count > 1 ? " and \(unread.count - 1) more" : ""
            let place = "\(Printable.sanitize(first.path)):\(first.line)\(more)"
            context.print("\(handle): unknown: \(title): \(place) could not be read")
        } else if conflicts == 0 {
            context.print("\(handle): free: \(title)")
        } else {
            let names = show.collisions.map { Printable.title($0) }
            let of = show.occurrences.isEmpty ? "" : " (\(show.conflicting) of the next \(show.occurrences.count))"
            context.print(
                "\(handle): \(conflicts) conflict\(conflicts == 1 ? "" : "s")\(of): \(title) collides with \(names.joined(separator: ", "))"
            )
        }
        return conflicts > 0 ? .conflict : unread.isEmpty ? .success : .failure
    }
}
