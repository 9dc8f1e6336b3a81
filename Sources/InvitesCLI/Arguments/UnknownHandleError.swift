import InvitesFormats
import InvitesKit

/// A handle, sender id or UID prefix that names no invite, with the closest one there is.
///
/// Handles are four random-looking characters read off a screen: a slip of one is the common
/// case, and the closest handle (with its title, to confirm it) is what the user meant.
struct UnknownHandleError: Error, CustomStringConvertible {
    var reference: String
    /// The nearest handle or sender id and the title of its invite, if one is near enough.
    var closest: (name: String, title: String)?

    var description: String {
        var text = "no invite \(Printable.quoted(reference, limit: 60))"
        if let closest {
            text +=
                "; did you mean '\(Printable.sanitize(closest.name))' (\(Printable.quotedTitle(closest.title, limit: 40)))?"
        } else {
            text += "; 'invites list --all' shows the handles"
        }
        return text
    }
}
