import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// An answer whose calendar write fails leaves no trace: no history entry, no calendar record,
/// the status as it was.
@Suite struct ResponderWriteFailureTests {
    let folder: String
    let store: InboxStore
    let now = Date.utc("2024-06-01T12:00:00Z")

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("invites-unwritable-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try InboxStore(home: folder + "/home")
    }

    @Test("A failed calendar write leaves the store as it was")
    func aFailedCalendarWriteLeavesTheStoreAsItWas() throws {
        let invites = try ITIPParser(display: .utc).parse(
            Data(ResponderTests.invitation.utf8), file: "invite.ics", source: .itip, fallbackMethod: nil)
        let stored = try #require(try InvitationFiler(store: store).file(invites, now: now).first).stored
        // A calendar in a folder that does not exist: the copy cannot even be created, as root too.
        let path = folder + "/gone/calendar.ics"
        let responder = Responder(
            store: store, calendar: .defaultCalendar(path), me: MyAddresses(["mailto:bob@example.org"]), display: .utc,
            lockFolder: folder + "/home/locks")
        #expect(throws: CalendarError.self) {
            try responder.answer(stored, action: .accepted, comment: "yes", addToCalendar: true, now: now)
        }
        #expect(try store.calendarRecord(for: stored) == nil)
        #expect(try store.history(handle: stored.handle).isEmpty)
        #expect(try store.resolve(stored.handle).status == .pending)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
