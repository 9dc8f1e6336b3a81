import Foundation

/// Where calendar indexes are kept between runs (the inbox store keeps them in SQLite).
package protocol CalendarIndexStorage: AnyObject {
    func indexData(for key: String) -> Data?
    func saveIndex(_ data: Data, for key: String)
    /// The answer kept for a calendar over the whole days `days` (Unix seconds), if any.
    func windowData(for key: String, days: Range<Int>) -> Data?
    func saveWindow(_ data: Data, for key: String, days: Range<Int>)
}
