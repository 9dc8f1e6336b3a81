import Foundation
import InvitesFormats
import InvitesModel
import InvitesSystem

/// Tells of each event by running the user's `notify_command` (ntfy, `tmux display-message`,
/// a bell) without a shell, the facts in its environment: `INVITES_HANDLE`, `INVITES_EVENT`
/// (new, changed or cancelled), `INVITES_SUMMARY`, `INVITES_START`, `INVITES_CONFLICTS`, and
/// `INVITES_BODY` and `INVITES_ORGANIZER` beside them. Every value is made printable first, and
/// bounded as the notification is (``NotificationText/fitted(_:cells:)``): a title is a
/// stranger's text.
final class CommandNotifier: Notifier {
    let command: [String]
    let zone: DisplayZone
    /// How long a command may run before it is killed.
    static let timeout: TimeInterval = 30

    init(command: [String], zone: DisplayZone) {
        self.command = command
        self.zone = zone
    }

    /// The variables a run gets for `event`.
    static func variables(_ event: WatchEvent, text: NotificationText, zone: DisplayZone) -> [String: String] {
        [
            "INVITES_HANDLE": Printable.sanitize(event.handle),
            "INVITES_EVENT": event.kind.rawValue,
            "INVITES_SUMMARY": text.summary,
            "INVITES_START": CommandNotifier.iso(event.start, zone: zone),
            "INVITES_TIME": text.time,
            "INVITES_CONFLICTS": text.conflicts,
            "INVITES_ORGANIZER": NotificationText.fitted(Printable.sanitize(event.organizer ?? "")),
            "INVITES_BODY": Printable.sanitize(text.body.replacingOccurrences(of: "\n", with: "; ")),
        ]
    }

    func notify(_ event: WatchEvent, text: NotificationText, shown: ShownInvitation?) throws(WatchError) {
        try run(CommandNotifier.variables(event, text: text, zone: zone))
    }

    /// `INVITES_EVENT=waiting`, no handle, `INVITES_COUNT` the number waiting.
    func waiting(summary: String, body: String, count: Int) throws(WatchError) {
        try run([
            "INVITES_HANDLE": "", "INVITES_EVENT": "waiting", "INVITES_COUNT": String(count),
            "INVITES_SUMMARY": Printable.sanitize(summary), "INVITES_BODY": Printable.sanitize(body),
        ])
    }

    func confirm(handle: String, summary: String, body: String) throws(WatchError) {
        try run([
            "INVITES_HANDLE": Printable.sanitize(handle), "INVITES_EVENT": "answered",
            "INVITES_SUMMARY": Printable.sanitize(summary), "INVITES_BODY": Printable.sanitize(body),
        ])
    }

    /// `2026-12-14T10:00:00+01:00`: the start in the user's zone, for a script to read.
    static func iso(_ date: Date, zone: DisplayZone) -> String {
        let offset = zone.timeZone.secondsFromGMT(for: date)
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let inDay = seconds - days * 86_400
        let day = LocalDate(daysSinceEpoch: days)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", day.year, day.month, day.day, inDay / 3600,
            inDay % 3600 / 60, inDay % 60, offset < 0 ? "-" : "+", abs(offset) / 3600, abs(offset) % 3600 / 60)
    }

    /// A command's run cannot be taken back or replaced: there is nothing to withdraw.
    func withdraw(handle: String, summary: String, body: String) throws(WatchError) {}
    func close(handle: String) throws(WatchError) {}
    var followed: [ShownInvitation] { [] }

    func descriptors() -> (descriptors: [pollfd], timeout: Int32) { ([], -1) }
    func dispatch(_ polled: [pollfd]) -> [NotifierAction] { [] }
    var waiting: Bool { false }

    private func run(_ variables: [String: String]) throws(WatchError) {
        let name = Printable.sanitize(command.joined(separator: " "))
        let outcome: Subprocess.Outcome
        do {
            outcome = try Subprocess.run(command, input: Data(), timeout: CommandNotifier.timeout, variables: variables)
        } catch {
            switch error {
            case .cannotStart(_, let cause): throw .commandFailed(command: name, reason: "cannot start: \(cause)")
            case .pipe(let cause): throw .commandFailed(command: name, reason: "\(cause)")
            }
        }
        guard outcome.status == 0, !outcome.timedOut else {
            let said = Printable.sanitize(outcome.output.trimmingCharacters(in: .whitespacesAndNewlines))
            let why = outcome.timedOut ? "killed after \(Int(CommandNotifier.timeout)) s" : "exit \(outcome.status)"
            throw .commandFailed(command: name, reason: said.isEmpty ? why : "\(why): \(said)")
        }
    }
}
