import Foundation
import InvitesKit

/// What every `--json` document shares: the schema version beside the command's own keys, and
/// the shape of an error.
extension JSONOutput {
    /// The version of `docs/json-schema.json` the output follows. It goes up by one whenever a
    /// key changes meaning or goes away; keys may be added within a version. Version 1 was the
    /// output before it carried this key.
    static let schemaVersion = 2

    /// A command's document: its body's keys with `"schema"` beside them.
    struct Document<Body: Encodable>: Encodable {
        var body: Body

        private enum Key: String, CodingKey {
            case schema
        }

        func encode(to encoder: Encoder) throws {
            try body.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(JSONOutput.schemaVersion, forKey: .schema)
        }
    }

    /// A document on one line: compact, keys sorted, slashes as they are. One line whatever the
    /// command, so that `invites --json list | jq` and a reader of lines both work.
    static func line(_ body: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Document(body: body)), as: UTF8.self) + "\n"
    }

    /// `{"error": {...}}`: what a command that failed prints on standard output with `--json`,
    /// with the same exit status as without it.
    struct Failed: Encodable {
        var error: Problem
    }

    /// Why something failed: the exit status, a word for its kind, and the message standard
    /// error shows.
    struct Problem: Encodable {
        var status: Int
        var kind: String
        var message: String

        init(_ error: Error) {
            let (message, code) = ErrorReport.describe(error)
            self.message = message
            status = Int(code.rawValue)
            switch code {
            case .usage: kind = "usage"
            case .invalidInput: kind = "invalid-input"
            case .noInput: kind = "no-input"
            case .ioError: kind = "io"
            default: kind = "failure"
            }
        }
    }

    /// A file `ingest` could not ingest, and why.
    struct FailedFile: Encodable {
        var file: String
        var error: Problem
    }
}
