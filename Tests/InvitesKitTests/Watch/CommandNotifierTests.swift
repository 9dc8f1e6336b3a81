import Foundation
import Testing

@testable import InvitesFormats
@testable import InvitesKit

/// The notify_command runs for real, without a shell: what it is given is what it sees.
@Suite struct CommandNotifierTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-\(UUID().uuidString)")

    func recorder() throws -> (command: [String], output: URL) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = folder.appendingPathComponent("seen")
        let script = folder.appendingPathComponent("record.sh")
        try Data("#!/bin/sh\nprintf '%s|' \"$@\" >> \"$1\"; env | grep ^INVITES_ | sort >> \"$1\"\n".utf8).write(
            to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        // Run by /bin/sh, not executed itself: executing a script file just written can fail with
        // ETXTBSY while a test beside this one forks with the file still open for writing (seen once).
        return (["/bin/sh", script.path, output.path, "$(touch pwned)", "a b"], output)
    }

    @Test("The command sees the event and no shell reads its words")
    func theCommandSeesTheEventAndNoShellReadsItsWords() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (command, output) = try recorder()
        let zone = DisplayZone.utc
        let event = WatchEvent(
            kind: .changed, handle: "k3m9", title: "Planning; rm -rf ~",
            start: Date(timeIntervalSince1970: 1_796_000_400),
            end: Date(timeIntervalSince1970: 1_796_004_000), organizer: "ann@example.org", conflicts: [])
        try CommandNotifier(command: command, zone: zone).notify(
            event, text: NotificationText(event, zone: zone, now: .distantPast), shown: nil)
        let seen = try String(contentsOf: output, encoding: .utf8)
        #expect(seen.hasPrefix("\(output.path)|$(touch pwned)|a b|"))
        #expect(seen.contains("INVITES_EVENT=changed\n"))
        #expect(seen.contains("INVITES_HANDLE=k3m9\n"))
        #expect(seen.contains("INVITES_SUMMARY=changed: Planning; rm -rf ~\n"))
        #expect(seen.contains("INVITES_START=2026-11-30T01:00:00+00:00\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path))
    }

    @Test func aFailingCommandSaysHowItEnded() {
        let event = WatchEvent(
            kind: .new, handle: "k3m9", title: "x", start: Date(timeIntervalSince1970: 0),
            end: Date(timeIntervalSince1970: 60), organizer: nil, conflicts: [])
        let notifier = CommandNotifier(command: ["sh", "-c", "echo no route; exit 3"], zone: .utc)
        #expect(throws: WatchError.commandFailed(command: "sh -c echo no route; exit 3", reason: "exit 3: no route")) {
            try notifier.notify(event, text: NotificationText(event, zone: .utc, now: .distantPast), shown: nil)
        }
        let missing = CommandNotifier(command: ["/nonexistent/ntfy"], zone: .utc)
        #expect(throws: WatchError.self) {
            try missing.notify(event, text: NotificationText(event, zone: .utc, now: .distantPast), shown: nil)
        }
    }
}
