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
        .systemLibrary(
            name: "CGMime",
            pkgConfig: "gmime-3.0",
            providers: [.apt(["libgmime-3.0-dev"]), .brew(["gmime"])]
        ),
        // GDBus, for desktop notifications: only `watch` uses it.
        .systemLibrary(
            name: "CGio",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"]), .brew(["glib"])]
        ),
        // A POST through libcurl, loaded with dlopen when an answer is sent, not at every start.
        .target(name: "CHTTPPost", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(name: "InvitesKit", dependencies: ["CLibical", "CSQLite", "CGMime", "CGio", "CHTTPPost"]),
        .target(name: "InvitesCLI", dependencies: ["InvitesKit"]),
        .executableTarget(name: "invites", dependencies: ["InvitesCLI", "InvitesKit"]),
        .target(
            name: "InvitesTestSupport",
            dependencies: ["InvitesCLI", "InvitesKit"],
            path: "Tests/InvitesTestSupport"
        ),
        .testTarget(
            name: "InvitesKitTests",
            dependencies: ["InvitesKit", "InvitesTestSupport", "CLibical"],
            exclude: ["Fixtures", "Golden"]
        ),
        .testTarget(
            name: "InvitesCLITests",
            dependencies: ["InvitesCLI", "InvitesKit", "InvitesTestSupport", "CLibical"],
            exclude: ["Golden", "Fixtures"]
        ),
    ]
)
