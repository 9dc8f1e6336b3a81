import Foundation

/// Loads the fixtures kept in `Tests/InvitesKitTests/Fixtures` by name.
///
/// They are read where they stand in the checkout, found from this file's own path, so every test
/// target can use them without copying them into its bundle.
package enum Fixture {
    /// The path of `Tests/InvitesKitTests/Fixtures/<name>`.
    package static func path(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/InvitesKitTests/Fixtures").appendingPathComponent(name).path
    }

    /// The bytes of `Tests/InvitesKitTests/Fixtures/<name>`.
    package static func data(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path(name)))
    }

    /// A file of the repository itself, such as the sample data under `fixtures/`.
    package static func repositoryFile(_ relative: String) -> String {
        packageRoot.appendingPathComponent(relative).path
    }

    /// The package's root folder, two levels above this file's folder.
    package static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// `../shared/corpus` seen from the package root, when this checkout has it.
    package static var corpus: String? {
        let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus").path
        return FileManager.default.fileExists(atPath: corpus) ? corpus : nil
    }
}

extension Date {
    /// `Date.utc("2024-06-10T10:00:00Z")`, for writing expectations.
    package static func utc(_ text: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else { preconditionFailure("bad test date \(text)") }
        return date
    }
}
