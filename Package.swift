// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "invites",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "invites", targets: ["invites"]),
        .library(name: "InvitesKit", targets: ["InvitesKit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibical",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"]), .brew(["libical"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "InvitesKit", dependencies: ["CLibical", "CSQLite"]),
        .target(name: "InvitesCLI", dependencies: ["InvitesKit"]),
        .executableTarget(name: "invites", dependencies: ["InvitesCLI"]),
        .testTarget(
            name: "InvitesKitTests",
            dependencies: ["InvitesKit"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "InvitesCLITests",
            dependencies: ["InvitesCLI", "InvitesKit"],
            resources: [.copy("Golden")]
        ),
    ]
)
