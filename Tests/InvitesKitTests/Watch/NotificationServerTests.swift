import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// A notification server that cannot be had: which D-Bus errors say so (none owns the name, the
/// bus could not start one, the bus refused), the words said for each, and when it is asked
/// again.
@Suite struct NotificationServerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var remote: String?
        var local: NotificationBus.Local?
        var missing: Bool
        var testDescription: String { remote ?? local.map { "\($0)" } ?? "another local error" }
    }

    static let cases: [Case] = [
        Case(remote: "org.freedesktop.DBus.Error.ServiceUnknown", missing: true),
        Case(remote: "org.freedesktop.DBus.Error.NameHasNoOwner", missing: true),
        Case(remote: "org.freedesktop.DBus.Error.Spawn.ChildExited", missing: true),
        Case(remote: "org.freedesktop.DBus.Error.Spawn.ExecFailed", missing: true),
        Case(remote: "org.freedesktop.DBus.Error.Spawn.ChildSignaled", missing: true),
        Case(remote: "org.freedesktop.DBus.Error.AccessDenied", missing: true),
        Case(remote: "org.freedesktop.DBus.Error.TimedOut", missing: true),
        Case(remote: "org.freedesktop.DBus.Error.NoReply", missing: true),
        Case(remote: nil, local: .timedOut, missing: true),
        Case(remote: nil, local: .closed, missing: true),
        // A server that is there and refuses a call is no missing server.
        Case(remote: "org.freedesktop.DBus.Error.InvalidArgs", missing: false),
        Case(remote: "org.freedesktop.DBus.Error.UnknownMethod", missing: false),
        Case(remote: "org.example.Notifications.Error.TooMany", missing: false),
        Case(remote: "org.freedesktop.DBus.Error.SpawnLater", missing: false),
        Case(remote: nil, missing: false),
    ]

    @Test(arguments: cases) func missing(_ test: Case) {
        #expect(NotificationBus.serverMissing(remote: test.remote, local: test.local) == test.missing)
    }

    @Test func theWordsOfAFailure() {
        let spawn = "org.freedesktop.DBus.Error.Spawn.ChildExited"
        #expect(
            NotificationBus.reason(
                "GDBus.Error:\(spawn): Process org.freedesktop.Notifications exited with status 1", remote: spawn)
                == "the session bus could not start one: Process org.freedesktop.Notifications exited with status 1")
        let unknown = "org.freedesktop.DBus.Error.ServiceUnknown"
        #expect(
            NotificationBus.reason("GDBus.Error:\(unknown): The name is not activatable", remote: unknown)
                == "The name is not activatable")
        #expect(
            NotificationBus.reason(
                "GDBus.Error:org.freedesktop.DBus.Error.AccessDenied: no",
                remote: "org.freedesktop.DBus.Error.AccessDenied")
                == "the session bus refused: no")
        #expect(
            NotificationBus.reason("Timeout was reached", remote: nil, local: .timedOut)
                == "it did not answer within 5 s"
        )
        #expect(
            NotificationBus.reason("Could not connect: No such file", remote: nil) == "Could not connect: No such file")
    }

    @Test func askedAgainAfterAMinute() {
        let failed = Date.utc("2026-12-01T12:00:00Z")
        let absence = ServerAbsence(since: failed)
        #expect(!absence.allowsTry(at: failed))
        #expect(!absence.allowsTry(at: failed.addingTimeInterval(59)))
        #expect(absence.allowsTry(at: failed.addingTimeInterval(60)))
        #expect(absence.retryAt == failed.addingTimeInterval(60))
        #expect(absence.allowsTry(at: failed.addingTimeInterval(-1)), "a clock set back does not wait a day")
    }
}
