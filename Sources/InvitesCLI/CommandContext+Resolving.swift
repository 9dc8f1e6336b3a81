import InvitesKit
import InvitesModel

/// Which invitation a command's HANDLE names, for every command that takes one.
extension CommandContext {
    /// The invitation the single positional argument names: a handle, the sender's id, a UID
    /// prefix, or `-` for the one inside the message on standard input (ingested first).
    func resolveInvite(command: String) throws -> StoredInvite {
        let reference = try self.reference(command: command)
        if reference == "-" { return try IngestCommand.thisMessage(self, command: command) }
        return try resolve(reference)
    }

    /// The invitation and the address after it, for the commands that hand an invitation to
    /// someone (`forward HANDLE ADDR`, `delegate HANDLE ADDR`); `what` names the address in the
    /// usage error for a line without it.
    func resolveInvite(andAddress what: String, command: String) throws -> (StoredInvite, String) {
        guard arguments.positionals.count == 2 else {
            throw UsageError(message: "\(command) takes a HANDLE and \(what)", command: command)
        }
        var context = self
        let address = context.arguments.positionals.removeLast()
        return (try context.resolveInvite(command: command), address)
    }

    /// The invite a reference names; one that names none is an error that offers the closest
    /// handle or sender id, so a typo costs one more command, not a trip through `list --all`.
    func resolve(_ reference: String) throws -> StoredInvite {
        let store = try inbox()
        do {
            return try store.resolve(reference)
        } catch LookupError.notFound {
            let known = try store.references()
            let names = known.map(\.handle) + known.compactMap(\.senderID)
            let closest = Suggestion.closest(to: reference, in: names).flatMap { name in
                known.first { $0.handle == name || $0.senderID == name }.map { (name, $0.title) }
            }
            throw UnknownHandleError(reference: reference, closest: closest)
        }
    }

    private func reference(command: String) throws -> String {
        guard let reference = arguments.positionals.first else {
            throw UsageError(message: "\(command) needs a HANDLE (see 'invites list')", command: command)
        }
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: "\(command) takes one HANDLE", command: command)
        }
        return reference
    }
}
