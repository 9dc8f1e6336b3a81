import Foundation

/// Where your events live: one `.ics` file, or a vdir (a folder of `.ics` files, one item each,
/// as khal and vdirsyncer keep them).
public struct CalendarSource: Sendable, Hashable {
    public enum Layout: Sendable, Hashable {
        case file
        case vdir
    }

    public let path: String
    public let layout: Layout
    /// False for a default calendar that does not exist yet: it reads as empty.
    public let exists: Bool

    /// A calendar as found on disk (``named(_:)`` and ``defaultCalendar(_:)`` look).
    init(path: String, layout: Layout, exists: Bool) {
        self.path = path
        self.layout = layout
        self.exists = exists
    }
}
