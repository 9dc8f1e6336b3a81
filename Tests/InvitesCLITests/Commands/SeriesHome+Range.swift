import Foundation
import InvitesTestSupport

extension SeriesHome {
    /// `show`'s occurrence lines of the range fixtures' series, without the conflict column.
    func occurrences() -> [String] {
        run(["show", "range-1"]).out.components(separatedBy: "\n")
            .filter { $0.hasPrefix("  Mon ") }
            .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "  free", with: "") }
    }

    /// The calendar's VEVENTs, unfolded: each one's lines.
    func written() throws -> [[String]] {
        let text = try String(contentsOfFile: calendar, encoding: .utf8).replacingOccurrences(of: "\r\n ", with: "")
        return text.components(separatedBy: "BEGIN:VEVENT").dropFirst().map { $0.components(separatedBy: "\r\n") }
    }
}
