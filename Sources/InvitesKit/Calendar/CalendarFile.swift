import Foundation

/// The bytes of one calendar file, memory-mapped where the system allows.
struct CalendarFile {
    let path: String
    let data: Data

    static func read(_ path: String) throws(CalendarError) -> CalendarFile {
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
            return CalendarFile(path: path, data: data)
        } catch {
            if !FileManager.default.fileExists(atPath: path) { throw .notFound(path: path) }
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
    }
}
