import Foundation
import InvitesKit
import InvitesModel
import Testing

@testable import InvitesKit

/// How a reference that matched by sender id or UID prefix becomes one invitation, or an error
/// that words the candidates.
@Suite struct InviteLookupTests {
    static func stored(_ handle: String, title: String) -> StoredInvite {
        StoredInvite(
            handle: handle,
            invite: Invite(
                uid: handle + "@example.org", title: title, start: Date(), end: Date(), source: .itip, raw: Data()),
            status: .pending, receivedAt: Date(), updatedAt: Date())
    }

    @Test func noMatchIsNotFound() {
        #expect(throws: LookupError.notFound(reference: "zz")) { try InviteLookup.choose("zz", among: []) }
    }

    @Test func oneMatchIsTheInvitation() throws {
        let one = InviteLookupTests.stored("abcd", title: "Planning")
        #expect(try InviteLookup.choose("ab", among: [one]).handle == "abcd")
    }

    @Test func severalMatchesNameEachByHandleAndTitle() {
        let long = String(repeating: "x", count: 50)
        let matches = [
            InviteLookupTests.stored("abcd", title: "Planning"), InviteLookupTests.stored("abef", title: long),
        ]
        #expect(
            throws: LookupError.ambiguous(
                reference: "ab", candidates: ["abcd (Planning)", "abef (\(String(repeating: "x", count: 40)))"])
        ) { try InviteLookup.choose("ab", among: matches) }
    }
}
