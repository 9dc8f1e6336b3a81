import Foundation

/// Where your events live: one `.ics` file, or a vdir (a folder of `.ics` files, one item each,
/// as khal and vdirsyncer keep them).
package struct CalendarSource: Sendable, Hashable {
    package enum Layout: Sendable, Hashable {
        case file
        case vdir
    }

    package let path: String
    package let layout: Layout
    /// False for a default calendar that does not exist yet: it reads as empty.
    package let exists: Bool
    /// True for the calendar kept in `--home` when none is named: made there, it is 0600 like
    /// every other file of the home, whatever the umask.
    package let isPrivate: Bool

    /// A calendar as found on disk (``named(_:)`` and ``defaultCalendar(_:)`` look).
    package init(path: String, layout: Layout, exists: Bool, isPrivate: Bool = false) {
        self.path = path
        self.layout = layout
        self.exists = exists
        self.isPrivate = isPrivate
    }
}
