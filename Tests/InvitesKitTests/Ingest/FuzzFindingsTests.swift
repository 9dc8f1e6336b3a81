import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// Every input a fuzz target ever crashed on (Fixtures/fuzz, one file per finding, named after
/// its target) goes through everything a stranger's input goes through: reading, expanding the
/// invitation's occurrences over a year, the calendar copy and the reply. Each must be read or
/// refused with an IngestError; a trap would end the test process.
@Suite struct FuzzFindingsTests {
    static let findings: [String] = {
        let folder = Fixture.path("fuzz")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }()

    @Test func thereAreFindings() {
        #expect(FuzzFindingsTests.findings.count >= 3)
    }

    @Test(arguments: findings)
    func aFindingIsReadOrRefused(name: String) throws {
        let data = try Fixture.data("fuzz/\(name)")
        let invites: [Invite]
        do {
            invites = try InviteReader(display: .utc).read(data, file: name)
        } catch {
            return
        }
        let query = CalendarQuery(sources: [], display: .utc, me: MyAddresses(["me@example.org"]))
        let now = Date(timeIntervalSince1970: 1_717_243_200)
        for invite in invites {
            let stored = StoredInvite(
                handle: "fuzz", invite: invite, status: .accepted, receivedAt: now, updatedAt: now,
                instances: invite.instances.map {
                    StoredInstance(recurrenceID: $0.recurrenceID, organizer: $0, message: invite.raw, answer: nil)
                })
            let copy = ITIPComposer.organizerCopy(of: stored, display: .utc)
            _ = query.occurrences(
                of: copy, uid: invite.uid, in: DateInterval(start: invite.start, duration: 366 * 86_400))
            _ = ITIPComposer.calendarEntry(
                for: stored, keys: nil, me: MyAddresses(["me@example.org"]), now: now, display: .utc)
            let answers = Reply.reported(stored, history: [], comment: nil)
            _ = ITIPComposer.reply(
                for: stored, answers: answers, me: "me@example.org", name: nil, now: now, display: .utc)
        }
    }
}
