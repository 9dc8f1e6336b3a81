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

    /// Looks at a path named by the user; a missing one is an error.
    public static func named(_ path: String) throws(CalendarError) -> CalendarSource {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .notFound(path: path)
        }
        return CalendarSource(path: path, layout: isDirectory.boolValue ? .vdir : .file, exists: true)
    }

    /// The default calendar, which a new user may not have yet.
    public static func defaultCalendar(_ path: String) -> CalendarSource {
        (try? named(path)) ?? CalendarSource(path: path, layout: .file, exists: false)
    }

    private init(path: String, layout: Layout, exists: Bool) {
        self.path = path
        self.layout = layout
        self.exists = exists
    }
}
