// swift-tools-version:6.0
import PackageDescription

// libical's pkg-config names libicalss and libicalvcal (with Berkeley DB) beside libical, which
// SwiftPM would link and every start would load, unused. Debian and Fedora keep the headers in
// /usr/include, so on Linux the module map's `link "ical"` is all it takes.
#if os(Linux)
    let libical = Target.systemLibrary(name: "CLibical", providers: [.apt(["libical-dev"])])
#else
    let libical = Target.systemLibrary(name: "CLibical", pkgConfig: "libical", providers: [.brew(["libical"])])
#endif

// SwiftPM links a pkg-config library with -L/usr/lib/<arch> ahead of every other library folder,
// where that folder's shared libraries would win over the static archives scripts/build-release
// links the release binary with. SQLite's header too is in /usr/include: `link "sqlite3"` is enough.
#if os(Linux)
    let sqlite = Target.systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])])
#else
    let sqlite = Target.systemLibrary(
        name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])])
#endif

let package = Package(
    name: "invites",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "invites", targets: ["invites"]),
        // For Fuzz/, a package of its own, compiled under this package's name to see `package`.
        .library(name: "InvitesKit", targets: ["InvitesKit", "InvitesFormats", "InvitesModel", "InvitesSystem"]),
    ],
    targets: [
        libical,
        sqlite,
        // A POST through libcurl, loaded with dlopen when an answer is sent, not at every start.
        .target(name: "CHTTPPost", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // GMime (mail) and GIO (watch's notifications), loaded with dlopen when first needed.
        .target(name: "CGLibOnDemand", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // The library, in layers the compiler keeps apart: a target names only those below it,
        // and what it shows above is `package` (the CLI and the tests are in this package).
        // Model: the values every layer speaks of (invitations, answers, dates), and stable digests.
        .target(name: "InvitesModel"),
        // System: Posix, the one door to the kernel; descriptors, subprocesses, threads.
        .target(name: "InvitesSystem"),
        // Formats: strangers' bytes read and written (iCalendar with libical, its zones and
        // expansion; MIME with GMime; Outlook's TNEF) and the printing of strangers' text.
        .target(name: "InvitesFormats", dependencies: ["InvitesModel", "InvitesSystem", "CLibical", "CGLibOnDemand"]),
        // Kit: the store (SQLite), your calendars, ingest and the use cases, nothing printed.
        .target(
            name: "InvitesKit",
            dependencies: ["InvitesFormats", "InvitesModel", "InvitesSystem", "CSQLite", "CGLibOnDemand", "CHTTPPost"]
        ),
        .target(name: "InvitesCLI", dependencies: ["InvitesKit", "InvitesFormats", "InvitesModel", "InvitesSystem"]),
        .executableTarget(name: "invites", dependencies: ["InvitesCLI", "InvitesKit", "InvitesSystem"]),
        .target(
            name: "InvitesTestSupport",
            dependencies: ["InvitesCLI", "InvitesKit", "InvitesFormats", "InvitesModel"],
            path: "Tests/InvitesTestSupport"
        ),
        .testTarget(
            name: "InvitesKitTests",
            dependencies: [
                "InvitesKit", "InvitesFormats", "InvitesModel", "InvitesSystem", "InvitesTestSupport", "CLibical",
            ],
            exclude: ["Fixtures", "Golden"]
        ),
        .testTarget(
            name: "InvitesCLITests",
            dependencies: [
                "InvitesCLI", "InvitesKit", "InvitesFormats", "InvitesModel", "InvitesTestSupport", "CLibical",
            ],
            exclude: ["Golden", "Fixtures"]
        ),
    ]
)
