import FuzzSupport

@testable import InvitesFormats
@testable import InvitesKit

/// Any bytes as an iTIP file (a VCALENDAR with METHOD), read the way `invites ingest` reads one;
/// every other input gives the Content-Type `method=` a mail part could give it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzITIP(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = FuzzDriver.data(start, count)
    let fallback = ["REQUEST", nil, "cancel"][FuzzDriver.choice(data, among: 3)]
    let invites =
        (try? ITIPParser(display: .utc).parse(data, file: "fuzz", source: .itip, fallbackMethod: fallback) { _ in })
        ?? []
    // What `invites show` reads of each invite, so that lazily made values are made too.
    for invite in invites {
        _ = invite.organizer?.display
        _ = invite.end.timeIntervalSince(invite.start)
        if let zone = invite.timeZone { _ = DisplayZone(tzid: zone) }
    }
    return 0
}

@main
enum FuzzITIPMain {
    static func main() { FuzzDriver.run(fuzzITIP) }
}
