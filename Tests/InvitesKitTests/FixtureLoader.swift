import Foundation

/// Loads the fixtures kept next to these tests by name.
enum Fixture {
    static func path(_ name: String) -> String {
        guard let base = Bundle.module.resourceURL else { preconditionFailure("test bundle has no resources") }
        return base.appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path(name)))
    }

    /// A file of the repository itself, such as the sample data under `fixtures/`.
    static func repositoryFile(_ relative: String) -> String {
        packageRoot.appendingPathComponent(relative).path
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// `../shared/corpus` seen from the package root, when this checkout has it.
    static var corpus: String? {
        let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus").path
        return FileManager.default.fileExists(atPath: corpus) ? corpus : nil
    }
}

extension Date {
    /// `Date.utc("2024-06-10T10:00:00Z")`, for writing expectations.
    static func utc(_ text: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else { preconditionFailure("bad test date \(text)") }
        return date
    }
}
