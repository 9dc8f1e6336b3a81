import Foundation
import InvitesFormats
import InvitesKit

/// How answers leave the machine: the `name`, `send`, `sendmail` and `respond_url` settings,
/// read from the config file only when a command sends or queues something.
struct SendSettings {
    /// When a reply queued by an answer is sent.
    typealias Policy = SendPolicy

    /// The command mail goes through when the config names none.
    static let defaultSendmail = ["/usr/sbin/sendmail", "-t", "-i"]

    var name: Settings.Origin<String?>
    var policy: Settings.Origin<Policy>
    var sendmail: Settings.Origin<[String]>
    var respondURL: Settings.Origin<RespondURL?>

    static func resolve(_ config: ConfigFile, path: String) throws(ConfigError) -> SendSettings {
        func place(_ entry: ConfigFile.Entry) -> String { "\(path):\(entry.line)" }
        var name = Settings.Origin<String?>(value: nil, source: "default (as the invitation names you)")
        if let entry = config.values["name"]?.last {
            name = Settings.Origin(value: entry.value, source: place(entry))
        }
        var policy = Settings.Origin(value: Policy.never, source: "default")
        if let entry = config.values["send"]?.last {
            guard let value = Policy(rawValue: entry.value) else {
                throw ConfigError(
                    path: path, line: entry.line,
                    message: "'send' takes always, ask or never, not '\(Printable.sanitize(entry.value))'")
            }
            policy = Settings.Origin(value: value, source: place(entry))
        }
        var sendmail = Settings.Origin(value: defaultSendmail, source: "default")
        if let entry = config.values["sendmail"]?.last {
            guard let words = CommandWords.split(entry.value), !words.isEmpty else {
                throw ConfigError(path: path, line: entry.line, message: "'sendmail' has a quote left open")
            }
            sendmail = Settings.Origin(value: words, source: place(entry))
        }
        var respondURL = Settings.Origin<RespondURL?>(value: nil, source: "default (none)")
        if let entry = config.values["respond_url"]?.last {
            do {
                respondURL = Settings.Origin(value: try RespondURL(entry.value), source: place(entry))
            } catch {
                throw ConfigError(path: path, line: entry.line, message: Printable.sanitize(error.description))
            }
        }
        return SendSettings(name: name, policy: policy, sendmail: sendmail, respondURL: respondURL)
    }
}
