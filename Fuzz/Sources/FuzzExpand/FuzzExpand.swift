import Foundation
import FuzzSupport

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// The calendar file the input is written to: one per process, as libFuzzer's `-fork` and
/// `-jobs` run several.
let calendarPath = (ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp") + "/invites-fuzz-expand-\(getpid()).ics"

/// Any bytes as a calendar file, expanded over a week and over a window the input chooses (the
/// epoch, 2038, the years 1 and 9999), in a display zone it chooses; then, read as an
/// invitation, its own series expanded over five years (`ConflictFinder.occurrences(of:)`),
/// and as a listing asks a message: up to the year 3000, and from the year 1.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpand(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = FuzzDriver.data(start, count)
    let choice = FuzzDriver.choice(data, among: 6 * 3)
    let display =
        [DisplayZone.utc, DisplayZone(identifier: "Europe/Berlin"), DisplayZone(identifier: "Pacific/Kiritimati")][
            choice % 3] ?? .utc
    let windows = [
        DateInterval(start: Date(timeIntervalSince1970: 0), duration: 86_400),
        DateInterval(start: Date(timeIntervalSince1970: 946_598_400), duration: 3 * 86_400),  // 1999-12-31
        DateInterval(start: Date(timeIntervalSince1970: 2_147_400_000), duration: 2 * 86_400),  // 2038-01-19
        DateInterval(start: Date(timeIntervalSince1970: -62_135_596_800), duration: 31 * 86_400),  // year 1
        DateInterval(start: Date(timeIntervalSince1970: 253_399_622_400), duration: 31 * 86_400),  // 9999-12
        DateInterval(start: Date(timeIntervalSince1970: 1_709_251_200), duration: 31 * 86_400),  // 2024-03
    ]
    guard (try? data.write(to: URL(fileURLWithPath: calendarPath))) != nil,
        let source = try? CalendarSource.named(calendarPath)
    else { return 0 }
    let query = CalendarQuery(
        sources: [source], display: display, me: MyAddresses(["me@example.com"]), clock: { FuzzDriver.now })
    _ = try? query.occurrences(in: DateInterval(start: FuzzDriver.now, duration: 7 * 86_400))
    _ = try? query.occurrences(in: windows[choice / 3])

    let invites =
        (try? ITIPParser(display: display).parse(data, file: "fuzz", source: .itip, fallbackMethod: "REQUEST")) ?? []
    let finder = ConflictFinder(query: query)
    for invite in invites.prefix(2) {
        _ = finder.occurrences(of: invite, horizon: 8, now: FuzzDriver.now)
    }
    // As `list`, `status` and `watch` ask a message: each series' next occurrence up to the
    // end of the year 3000, and the whole series from the year 1 for the facts kept of it (a
    // rule that never matches kept both busy for good).
    let uids = Set(invites.prefix(2).map(\.uid))
    if !uids.isEmpty {
        let year1 = Date(timeIntervalSince1970: -62_135_596_800)
        let after3000 = Date(timeIntervalSince1970: 32_535_216_000)
        _ = query.occurrences(
            inMessage: data, of: uids, in: DateInterval(start: FuzzDriver.now, end: after3000), instanceLimit: 16)
        _ = query.occurrences(
            inMessage: data, of: uids, in: DateInterval(start: year1, end: after3000), instanceLimit: 2_000)
    }
    return 0
}

@main
enum FuzzExpandMain {
    static func main() { FuzzDriver.run(fuzzExpand) }
}
