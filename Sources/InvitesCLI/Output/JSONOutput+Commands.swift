import Foundation
import InvitesKit
import InvitesModel

/// The body of each command's `--json` document (the keys beside `"schema"`).
extension JSONOutput {
    /// `ingest`: what was filed, and the files that could not be.
    struct IngestBody: Encodable {
        var invites: [Ingested]
        var failed: [FailedFile]
    }

    /// `list`.
    struct ListBody: Encodable {
        var invites: [Invite]
    }

    /// `history`.
    struct HistoryBody: Encodable {
        var entries: [HistoryEntry]
    }

    /// `accept`, `decline`, `tentative`, `comment`: one entry per occurrence answered (one for
    /// the series), and what the answer did to the calendar.
    struct AnswerBody: Encodable {
        var entries: [HistoryEntry]
        var calendar: CalendarChange
        @Nullable var scheduling: Scheduling?
    }

    /// Who tells the organizer of an answer given in place (``InvitesKit/Responder/Scheduling``).
    struct Scheduling: Encodable {
        var mode: String
        var setting: String
        var clientAgent: Bool
        var calendar: String

        init(_ scheduling: Responder.Scheduling) {
            mode = scheduling.mode.rawValue
            setting = scheduling.setting.rawValue
            clientAgent = scheduling.clientAgent
            calendar = scheduling.calendar
        }
    }

    /// `change` is `added`, `rewritten`, `removed` or `unchanged`; `path` the calendar written.
    struct CalendarChange: Encodable {
        var change: String
        @Nullable var path: String?

        init(_ change: Responder.CalendarChange) {
            switch change {
            case .added(let path): (self.change, self.path) = ("added", path)
            case .rewritten(let path): (self.change, self.path) = ("rewritten", path)
            case .removed(let path): (self.change, self.path) = ("removed", path)
            case .unchanged: (self.change, self.path) = ("unchanged", nil)
            }
        }
    }

    /// `check`.
    struct CheckBody: Encodable {
        var handle: String
        var conflicts: Int
        var free: Bool
        /// Nothing conflicts with what could be read, but part of the calendar could not be.
        var unknown: Bool
    }

    /// `status`.
    struct StatusBody: Encodable {
        var pending: Int
    }

    /// `reply`: the reply's text as it would be printed or written to `out`, and its format:
    /// `icalendar`, `mime`, or `push` (the JSON answer for a push payload's sender).
    struct ReplyBody: Encodable {
        var reply: Reply

        struct Reply: Encodable {
            var handle: String
            var format: String
            var text: String
            @Nullable var out: String?

            init(_ reply: InvitesKit.Reply, handle: String, out: String?) {
                self.handle = handle
                switch reply.kind {
                case .iCalendar: format = "icalendar"
                case .mime: format = "mime"
                case .json: format = "push"
                }
                text = reply.text
                self.out = out
            }
        }
    }

    /// `config`: the config file, and each setting with where it came from.
    struct ConfigBody: Encodable {
        var config: ConfigFileState
        var settings: [String: Setting]

        struct ConfigFileState: Encodable {
            var path: String
            var exists: Bool
        }

        struct Setting: Encodable {
            var value: JSONValue
            var from: String
        }
    }

    /// `completions`.
    struct ScriptBody: Encodable {
        var shell: String
        var script: String
    }

    /// `help` and `--help`.
    struct HelpBody: Encodable {
        var help: String
    }

    /// `--version`.
    struct VersionBody: Encodable {
        var version: String
    }
}
