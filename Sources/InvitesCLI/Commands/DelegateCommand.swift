import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// `invites delegate HANDLE ADDR [--occurrence WHEN]... [--from WHEN] [--comment TEXT] [--for ADDR] [--send |
/// --no-send]`: someone goes in your place; the organizer is told (DELEGATED) and the delegate
/// invited, both through the outbox (or by your calendar server, for an invitation it put in your
/// calendar: the delegation is written into that item).
enum DelegateCommand {
    static let spec = OptionSpec(
        values: ["--occurrence", "--from", "--comment", "--for"], flags: ["--send", "--no-send"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let send = try SendCommand.override(context, command: "delegate")
        let (stored, address) = try context.resolveInvite(
            andAddress: "the ADDR of your delegate", command: "delegate")
        let keys: [String]
        switch try AnswerCommand.occurrences(of: stored, context, command: "delegate") {
        case .keys(let given): keys = given
        case .named(let whens): keys = try AnswerCommand.pick(whens, of: stored, context, command: "delegate")
        }
        let delegating = try context.home.delegate()
        let made = try delegating.delegate(
            stored, to: address, keys: keys, comment: context.arguments.value("--comment"),
            send: send, now: context.environment.now())
        if context.settings.json {
            try context.printJSON([
                "delegation": JSONOutput.ForwardMade(made.forward, made.entry, handle: stored.handle)
            ])
        } else {
            var named = context.arguments.all("--occurrence").map { Printable.sanitize($0) }
            if let from = context.arguments.value("--from") { named.append("from \(Printable.sanitize(from)) on") }
            context.print(said(stored, to: address, named: named, made))
        }
        if let until = made.heldUntil {
            // Nothing is queued yet: the server's copy, or the end of the wait, settles it.
            if !context.settings.json {
                context.note(
                    AnswerWords.held(
                        until, handle: stored.handle, calendar: delegating.answering.responder.calendar.path,
                        time: context.time))
            }
            return .success
        }
        if made.entry.delivery == .server {
            // Nothing is queued: the server sends both messages once the sync uploads the item.
            if !context.settings.json, let scheduling = made.declined.outcome.scheduling {
                context.note(AnswerWords.explanation(of: scheduling, handle: stored.handle))
            }
            return .success
        }
        let dispatcher = try context.home.dispatcher()
        let sending = try dispatcher.afterQueued(stored.handle, send: send)
        return try SendCommand.after(
            sending, handle: stored.handle, what: "delegation", dispatcher: dispatcher, context)
    }

    /// What delegating did, in a line: `named` the occurrences, as the user named them (sanitised).
    static func said(_ stored: StoredInvite, to address: String, named: [String], _ made: DelegateController.Made)
        -> String
    {
        "\(stored.handle): delegated \"\(Printable.sanitize(stored.invite.title))\""
            + (named.isEmpty
                ? "" : " (\(named.count == 1 ? "occurrence" : "occurrences") " + named.joined(separator: ", ") + ")")
            + " to \(Printable.sanitize(address)); "
            + (made.entry.delivery == .server
                ? "your calendar server tells the organizer and invites \(Printable.sanitize(address)) "
                    + "when the calendar syncs"
                : made.heldUntil == nil ? "the organizer is told" : "held for your calendar server's copy")
            + AnswerWords.change(made.declined.outcome.calendar)
    }
}
