import FuzzSupport

@testable import InvitesFormats
@testable import InvitesKit

/// Any bytes as Outlook's winmail.dat, as `invites ingest` reads one alone: the TNEF stream and
/// its MAPI property lists, the meeting read from them (GlobalObjectId, zone, recurrence,
/// the compressed RTF and its text), the iCalendar written for it and that read back as iTIP.
/// The same bytes are also given to the RTF decompressor and to the RTF reader directly, so
/// that those are fuzzed without a valid stream around them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTNEF(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = FuzzDriver.data(start, count)
    _ = try? InviteReader(display: .utc).read(data, file: "fuzz") { _ in }
    let bytes = Array(data)
    if let rtf = try? CompressedRTF.decompress(bytes, limit: 1 << 16) { _ = RTFText.text(rtf) }
    _ = RTFText.text(bytes)
    _ = try? OutlookRecurrence.read(bytes)
    _ = GlobalObjectID.uid(bytes)
    return 0
}

@main
enum FuzzTNEFMain {
    static func main() { FuzzDriver.run(fuzzTNEF) }
}
