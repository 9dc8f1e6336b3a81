import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// Following the notifications up against a real store: another process's answer withdraws
/// one (with where it was given), its change shows it again, `watch`'s own writes are not read
/// for unless asked; an action on one no longer current is refused; and when the store is
/// looked at after a write.
@Suite struct NotificationFollowerTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("invites-follow-\(UUID().uuidString)").path
    let now = Date.utc("2026-12-01T12:00:00Z")

    func invite(uid: String, sequence: Int = 0, title: String = "Planning") -> Invite {
        Invite(
            uid: uid, title: title, start: .utc("2026-12-14T09:00:00Z"), end: .utc("2026-12-14T10:00:00Z"),
            sequence: sequence, dtstamp: .utc("2026-12-01T08:00:00Z"), method: .request, source: .itip,
            raw: Data("\(uid)|\(sequence)|\(title)".utf8))
    }

    /// A refusal's summary and body, to compare.
    func words(_ refusal: (summary: String, body: String)?) -> [String]? {
        refusal.map { [$0.summary, $0.body] }
    }

    /// The invitation filed into `store` and shown as `watch` shows it.
    func shown(_ invite: Invite, in store: InboxStore) throws -> (StoredInvite, ShownInvitation) {
        let told = try #require(try InvitationFiler(store: store).file([invite], now: now).first).stored
        let current = try store.invites(handles: [told.handle]).first
        return (told, ShownInvitation(told: told, current: current, at: now))
    }

    @Test("Another process's answer withdraws the notice, and its change shows again")
    func anotherProcessesAnswerWithdrawsAndItsChangeShowsAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: home) }
        let watching = try InboxStore(home: home)
        let (planning, shownPlanning) = try shown(invite(uid: "plan@example.org"), in: watching)
        let (lunch, shownLunch) = try shown(invite(uid: "lunch@example.org", title: "Lunch"), in: watching)
        var follower = NotificationFollower()
        let first = try follower.steps(for: [shownPlanning, shownLunch], store: watching, always: false)
        #expect(first.isEmpty)

        // `invites decline` in a terminal: another connection.
        let terminal = try InboxStore(home: home)
        try terminal.record(
            .declined, for: try terminal.resolve(planning.handle), comment: "cannot", delivery: .queued,
            now: now.addingTimeInterval(60))
        let declined = try follower.steps(for: [shownPlanning, shownLunch], store: watching, always: false)
        #expect(
            declined == [.withdraw(handle: planning.handle, summary: "declined in the terminal: Planning", body: "")])
        let quiet = try follower.steps(for: [shownLunch], store: watching, always: false)
        #expect(quiet.isEmpty, "nothing new")
        #expect(
            try words(NotificationFollower.refusal(of: .accepted, shown: shownPlanning, store: watching))
                == ["not accepted: Planning", "already declined in the terminal; nothing changed"])
        #expect(try words(NotificationFollower.refusal(of: .accepted, shown: shownLunch, store: watching)) == nil)

        // The organizer's update, filed by another `invites ingest`.
        _ = try InvitationFiler(store: terminal).file(
            [invite(uid: "lunch@example.org", sequence: 1, title: "Lunch (moved)")], now: now.addingTimeInterval(120))
        let steps = try follower.steps(for: [shownLunch], store: watching, always: false)
        guard case .tellAgain(let moved)? = steps.first, steps.count == 1 else {
            Issue.record("not told again: \(steps)")
            return
        }
        #expect(moved.handle == lunch.handle && moved.invite.title == "Lunch (moved)")
        #expect(
            try words(NotificationFollower.refusal(of: .declined, shown: shownLunch, store: watching))
                == ["not declined: Lunch (moved)", "changed since this notification was shown; nothing changed"])
        // Shown again as it now is, it is current.
        let again = ShownInvitation(moved, at: now.addingTimeInterval(121))
        #expect(try words(NotificationFollower.refusal(of: .declined, shown: again, store: watching)) == nil)
    }

    /// `watch`'s own commits do not make it read its notifications' invitations again
    /// (SQLite's `data_version`), unless it asks (after filing from a calendar that changed).
    @Test func ownWritesAreReadOnlyWhenAsked() throws {
        defer { try? FileManager.default.removeItem(atPath: home) }
        let watching = try InboxStore(home: home)
        let (planning, shownPlanning) = try shown(invite(uid: "plan@example.org"), in: watching)
        var follower = NotificationFollower()
        let first = try follower.steps(for: [shownPlanning], store: watching, always: false)
        #expect(first.isEmpty)
        try watching.record(
            .tentative, for: planning, comment: nil, delivery: .queued, now: now.addingTimeInterval(5))
        let own = try follower.steps(for: [shownPlanning], store: watching, always: false)
        #expect(own.isEmpty)
        let asked = try follower.steps(for: [shownPlanning], store: watching, always: true)
        #expect(asked == [.withdraw(handle: planning.handle, summary: "tentative in the terminal: Planning", body: "")])
    }

    @Test func anInvitationGoneIsClosed() throws {
        defer { try? FileManager.default.removeItem(atPath: home) }
        let watching = try InboxStore(home: home)
        let (_, shownPlanning) = try shown(invite(uid: "plan@example.org"), in: watching)
        var gone = shownPlanning
        gone.handle = "zzzz"
        var follower = NotificationFollower()
        let steps = try follower.steps(for: [gone], store: watching, always: true)
        #expect(steps == [.takeDown(handle: "zzzz")])
        #expect(
            try words(NotificationFollower.refusal(of: .accepted, shown: gone, store: watching))
                == ["not accepted: zzzz", "no longer in the inbox; nothing changed"])
    }

    /// A write is looked at after ``NotificationFollower/settle`` and once more after
    /// ``NotificationFollower/again``, for a commit not yet published at the first look.
    @Test func aWriteIsLookedAtTwice() {
        var follower = NotificationFollower()
        func due(_ seconds: TimeInterval) -> Bool { follower.due(at: now.addingTimeInterval(seconds)) }
        #expect(follower.nextLook == nil)
        #expect(!due(0))
        follower.written(at: now)
        #expect(follower.nextLook == now.addingTimeInterval(NotificationFollower.settle))
        #expect(!due(0))
        #expect(due(0.2))
        #expect(follower.nextLook == now.addingTimeInterval(NotificationFollower.again))
        #expect(!due(0.5))
        #expect(due(1))
        #expect(follower.nextLook == nil)
        // Writes in a burst put the looks after the last of them.
        follower.written(at: now)
        follower.written(at: now.addingTimeInterval(0.5))
        #expect(!due(0.55))
        #expect(due(0.6))
    }
}
