/// A problem with part of a calendar that the rest of it survives.
package struct CalendarWarning: Sendable, Hashable, CustomStringConvertible {
    package var path: String
    package var line: Int
    package var message: String

    package init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    package var description: String { "\(path):\(line): \(message)" }

    /// Whether the warning stands for a part of the calendar left unread (a VEVENT libical
    /// cannot read or whose line is too long, an item that cannot be opened, a component that
    /// never ends): each such warning ends in `, skipped`. What it holds is unknown, so no
    /// check can say the time is free beside it.
    package var hidesEvents: Bool { message.hasSuffix(", skipped") }
}
