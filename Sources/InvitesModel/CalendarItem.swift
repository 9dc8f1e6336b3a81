/// Where in your calendars an invitation lives when a scheduling server put it there: the
/// calendar (a file or a vdir) and the file holding its VEVENTs.
///
/// Answering such an invitation changes that file in place, under its own name, so that the
/// sync carries the change back to the server, which tells the organizer.
package struct CalendarItem: Sendable, Hashable {
    /// The calendar as configured (`--calendar`, the config): a file or a vdir.
    package var calendar: String
    /// The file: a vdir's item (named however the server or the sync named it), or the
    /// calendar file itself.
    package var path: String
    /// The item left the calendar after invites found it (deleted there, or by the server).
    package var gone: Bool

    package init(calendar: String, path: String, gone: Bool = false) {
        self.calendar = calendar
        self.path = path
        self.gone = gone
    }
}
