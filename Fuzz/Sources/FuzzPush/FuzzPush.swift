import FuzzSupport

@testable import InvitesKit

/// Any bytes as a push payload: one JSON object, a JSON array of them, or JSON Lines.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPush(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = try? PushPayloadParser().parse(FuzzDriver.data(start, count), file: "fuzz")
    return 0
}

@main
enum FuzzPushMain {
    static func main() { FuzzDriver.run(fuzzPush) }
}
