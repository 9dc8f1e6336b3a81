internal import CLibFuzzer
import Foundation

@testable import InvitesKit

/// The `main` of every fuzz target: hands the command line to libFuzzer's driver.
///
/// SwiftPM links an executable's `main` under another name, so libFuzzer's own `main` is never
/// used; each target's `@main` calls this instead, which accepts all of libFuzzer's flags.
public enum FuzzDriver {
    /// Runs libFuzzer with `testOneInput` (the target's `LLVMFuzzerTestOneInput`) and exits with
    /// its status.
    public static func run(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }

    /// The input as `Data` (libFuzzer may pass a null pointer for the empty input).
    public static func data(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Data {
        guard let start, count > 0 else { return Data() }
        return Data(bytes: start, count: count)
    }

    /// A small number derived from the input, for choosing among fixed alternatives (a window,
    /// an answer) without taking bytes away from the structure the fuzzer mutates.
    public static func choice(_ data: Data, among count: Int) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in data { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash % UInt32(max(count, 1)))
    }

    /// A fixed instant, so that a run does not depend on the day it is made.
    public static let now = Date(timeIntervalSince1970: 1_740_787_200)  // 2025-03-01T00:00:00Z
}
