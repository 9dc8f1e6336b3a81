// swift-tools-version:6.0
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
let fuzzTargets = ["FuzzPush", "FuzzITIP", "FuzzMail", "FuzzScanner", "FuzzExpand", "FuzzReply", "FuzzTNEF"]

let package = Package(
    name: "invites-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "invites", path: "..")],
    targets: [
        .systemLibrary(name: "CLibFuzzer"),
        .target(
            name: "FuzzSupport",
            dependencies: ["CLibFuzzer", .product(name: "InvitesKit", package: "invites")]
        ),
    ]
        + fuzzTargets.map { name in
            .executableTarget(
                name: name,
                dependencies: ["FuzzSupport", .product(name: "InvitesKit", package: "invites")]
            )
        }
)
