import InvitesFormats
import InvitesModel

/// Why a calendar could not be read at all, or could not be written.
///
/// A single broken VEVENT is not an error (it becomes a ``CalendarWarning``); these are the
/// cases where nothing of the calendar can be trusted, or where a change could not be saved.
package enum CalendarError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A calendar named on the command line does not exist.
    case notFound(path: String)
    /// The file holds no VCALENDAR at all.
    case notACalendar(path: String)
    /// Reading failed at the operating-system level.
    case unreadable(path: String, reason: String)
    /// Writing failed (a read-only file or folder, a full disk, a file size limit); the
    /// calendar was left as it was. Apart from `unreadable` so that the message says *write*.
    case unwritable(path: String, reason: String)
    /// The file is larger than ``CalendarFile/largest``: reading it would take more memory and
    /// time than a calendar is worth, so it is refused before a byte is read.
    case tooLarge(path: String, size: Int, limit: Int)
    /// The calendar item an invitation was found in no longer holds it (a sync removed or
    /// replaced it since); nothing was written.
    case invitationGone(path: String, uid: String)
    /// The calendar holds components of the invitation's UID that are not its copy: your own
    /// event, or another organizer's meeting (``CalendarClaim``); nothing was written.
    case notTheInvitations(path: String, refusal: CalendarClaim.Refusal, invitation: String)

    package var description: String {
        switch self {
        case .notFound(let path):
            return "calendar \(path) does not exist"
        case .notACalendar(let path):
            return "\(path) holds no VCALENDAR; it is not an iCalendar file"
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .unwritable(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .tooLarge(let path, let size, let limit):
            return "calendar \(path) is \(size >> 20) MB; invites reads calendar files up to \(limit >> 20) MB "
                + "(a vdir, one file per event, has no such limit as a whole)"
        case .invitationGone(let path, let uid):
            return "\(path) no longer holds the invitation \(Printable.quoted(uid, limit: 60)) (a sync changed it); "
                + "nothing was written: run 'invites list' to see where it stands now"
        case .notTheInvitations(let path, .yours(let holder), let invitation):
            let organizer = holder.organizer?.email.map { "organizer \($0)" } ?? "no organizer"
            return "\(path) holds your own event \(Printable.quotedTitle(holder.title, limit: 60)) (\(organizer)) "
                + "under the invitation's UID; the invitation from \(invitation) never writes over it"
        case .notTheInvitations(let path, .otherOrganizer(let holder), let invitation):
            return "\(path) holds \(Printable.quotedTitle(holder.title, limit: 60)) of "
                + "\(holder.organizer?.email ?? "another organizer") under the invitation's UID; the invitation "
                + "from \(invitation) never writes over another organizer's meeting"
        }
    }
}
