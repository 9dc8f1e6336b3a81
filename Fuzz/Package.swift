// swift-tools-version:6.0
import Foundation
import PackageDescription

/// libFuzzer targets for invites, one executable each, over the root package's library (the
/// InvitesKit product: InvitesKit, InvitesFormats, InvitesModel, InvitesSystem).
///
/// Built only by `scripts/fuzz`, which passes `-sanitize=fuzzer,address` (libFuzzer's runtime,
/// and coverage and AddressSanitizer instrumentation of the library as well as of the targets) and
/// `-enable-testing` (so that targets can `@testable import` the library: its declarations are
/// `package` or internal, never `public`). SwiftPM renames an executable's `main`, so libFuzzer's
/// own `main` is never linked: each target's `@main` hands over to `LLVMFuzzerRunDriver`
/// (FuzzSupport's `FuzzDriver.run`).
/// The name SwiftPM gives the compiler for the root package: its folder's, lower-cased, as a C
/// identifier. The library's declarations are `package`, which `@testable import` does not open
/// to another package: compiled under the root package's name (and not under their own, which
/// `packageAccess: false` leaves out), the fuzz targets see them as the tests do, and the library
/// keeps no `public` surface for them.
let rootPackageName = String(
    URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent.lowercased()
        .map { $0.isLetter || $0.isNumber ? $0 : "_" })
let asTheRootPackage: [SwiftSetting] = [.unsafeFlags(["-package-name", rootPackageName])]

let fuzzTargets = ["FuzzPush", "FuzzITIP", "FuzzMail", "FuzzScanner", "FuzzExpand", "FuzzReply", "FuzzTNEF"]

let package = Package(
    name: "invites-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "invites", path: "..")],
    targets: [
        .systemLibrary(name: "CLibFuzzer"),
        .target(
            name: "FuzzSupport",
            dependencies: ["CLibFuzzer", .product(name: "InvitesKit", package: "invites")],
            packageAccess: false,
            swiftSettings: asTheRootPackage
        ),
    ]
        + fuzzTargets.map { name in
            .executableTarget(
                name: name,
                dependencies: ["FuzzSupport", .product(name: "InvitesKit", package: "invites")],
                packageAccess: false,
                swiftSettings: asTheRootPackage
            )
        }
)
