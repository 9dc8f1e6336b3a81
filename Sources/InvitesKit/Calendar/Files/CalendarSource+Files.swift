import Foundation
import InvitesModel
import InvitesSystem

/// Where a calendar named by its path stands on disk: a file, a vdir, or not there yet.
extension CalendarSource {
    /// Looks at a path named by the user; a missing one is an error.
    ///
    /// With `stat` and `readlink` themselves: this runs at every `status`, and through
    /// `FileManager` it set up Foundation's file manager and its error for a missing file (the
    /// home calendar a new user does not have), 2-3 % of a `status`.
    package static func named(_ path: String) throws(CalendarError) -> CalendarSource {
        guard let info = try? Posix.stat(path) else {
            // A link that leads nowhere is named as such: the file it names is what is missing.
            if let target = Posix.readlink(path) {
                throw .notFound(path: "\(path) (a symbolic link to \(target))")
            }
            throw .notFound(path: path)
        }
        return CalendarSource(path: path, layout: info.st_mode & S_IFMT == S_IFDIR ? .vdir : .file, exists: true)
    }

    /// The default calendar, which a new user may not have yet.
    package static func defaultCalendar(_ path: String) -> CalendarSource {
        (try? named(path)) ?? CalendarSource(path: path, layout: .file, exists: false)
    }

    /// The calendar `invites` keeps in its home when none is named (`calendar.ics` there): as
    /// ``defaultCalendar(_:)``, and made private (0600) when the first accept makes it.
    package static func homeCalendar(_ path: String) -> CalendarSource {
        let found = defaultCalendar(path)
        return CalendarSource(path: found.path, layout: found.layout, exists: found.exists, isPrivate: true)
    }
}
