/// A problem with part of a calendar that the rest of it survives.
public struct CalendarWarning: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var message: String

    public init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String { "\(path):\(line): \(message)" }

    /// Whether the warning stands for a part of the calendar left unread (a VEVENT libical
    /// cannot read or whose line is too long, an item that cannot be opened, a component that
    /// never ends): each such warning ends in `, skipped`. What it holds is unknown, so no
    /// check can say the time is free beside it.
    public var hidesEvents: Bool { message.hasSuffix(", skipped") }
}
