import Foundation

/// Where calendar indexes are kept between runs (the inbox store keeps them in SQLite).
package protocol CalendarIndexStorage: AnyObject {
    /// The index kept under `key`: one held for this run (``holdIndex(_:for:)``) before one saved.
    func indexData(for key: String) -> Data?
    func saveIndex(_ data: Data, for key: String)
    /// Keeps an index made from a file that had not settled for the rest of this run only:
    /// another run could not tell it from an index of the file as it is then (a write within
    /// the tick of the file's clock leaves the stamp as it was), while this run answers from
    /// the bytes it read anyway. The UIDs of a calendar file just changed, read for the day
    /// `show` looks at, so spare its collision look a second read and scan (``UIDCollisions``).
    func holdIndex(_ data: Data, for key: String)
    /// The answer kept for a calendar over the whole days `days` (Unix seconds), if any.
    func windowData(for key: String, days: Range<Int>) -> Data?
    func saveWindow(_ data: Data, for key: String, days: Range<Int>)
}
