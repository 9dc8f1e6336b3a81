import FuzzSupport

@testable import InvitesKit

/// Any bytes as an e-mail message: GMime's parse, the calendar parts it finds, and each part
/// read as iTIP.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMail(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = try? MailParser(display: .utc).parse(FuzzDriver.data(start, count), file: "fuzz") { _ in }
    return 0
}

@main
enum FuzzMailMain {
    static func main() { FuzzDriver.run(fuzzMail) }
}
