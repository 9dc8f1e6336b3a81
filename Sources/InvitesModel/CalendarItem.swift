/// Where in your calendars an invitation lives when a scheduling server put it there: the
/// calendar (a file or a vdir) and the file holding its VEVENTs.
///
/// Answering such an invitation changes that file in place, under its own name, so that the
/// sync carries the change back to the server, which tells the organizer.
public struct CalendarItem: Sendable, Hashable {
    /// The calendar as configured (`--calendar`, the config): a file or a vdir.
    public var calendar: String
    /// The file: a vdir's item (named however the server or the sync named it), or the
    /// calendar file itself.
    public var path: String
    /// The item left the calendar after invites found it (deleted there, or by the server).
    public var gone: Bool

    public init(calendar: String, path: String, gone: Bool = false) {
        self.calendar = calendar
        self.path = path
        self.gone = gone
    }
}
