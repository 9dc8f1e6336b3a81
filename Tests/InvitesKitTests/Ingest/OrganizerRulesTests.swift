import Foundation
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// The two rules behind "only the organizer speaks for a meeting", case by case.
@Suite struct OrganizerRulesTests {
    static func person(_ email: String?, _ name: String? = nil) -> Invite.Person? {
        email == nil && name == nil ? nil : Invite.Person(name: name, email: email)
    }

    @Test(
        "Organizers are compared by address without regard to case",
        arguments: [
            ("alice@corp.example", "alice@corp.example", true),
            ("Alice@Corp.Example", "alice@corp.example", true),
            ("mailto:alice@corp.example", "ALICE@corp.example", true),
            ("alice@corp.example", "mallory@evil.example", false),
            ("alice@corp.example", nil, false),
            (nil, "alice@corp.example", false),
            (nil, nil, true),
        ] as [(String?, String?, Bool)])
    func organizersAreComparedByAddressWithoutRegardToCase(_ one: String?, _ other: String?, _ same: Bool) {
        #expect(ForeignUpdate.sameOrganizer(Self.person(one), Self.person(other)) == same)
    }

    @Test func aNameNeverStandsInForAnAddress() {
        let alice = Invite.Person(name: "Alice Example", email: "alice@corp.example")
        let named = Invite.Person(name: "Alice Example", email: "mallory@evil.example")
        #expect(!ForeignUpdate.sameOrganizer(alice, named))
        #expect(!ForeignUpdate.sameOrganizer(alice, Invite.Person(name: "Alice Example", email: nil)))
    }

    static let me = MyAddresses(["me@example.org", "me@work.example"])

    /// The invitation's organizer, whether invites wrote it before, the component's organizer,
    /// and what the rule says: nil (its copy), "yours" or "other".
    @Test(
        arguments: [
            ("alice@corp.example", false, "alice@corp.example", nil),
            ("alice@corp.example", true, "ALICE@corp.example", nil),
            ("alice@corp.example", true, "mallory@evil.example", "other"),
            ("alice@corp.example", false, "me@work.example", "yours"),
            ("me@example.org", true, "me@example.org", "yours"),
            ("alice@corp.example", false, nil, "yours"),
            ("alice@corp.example", true, nil, "yours"),
            (nil, true, nil, nil),
            (nil, false, nil, "yours"),
            (nil, true, "alice@corp.example", "other"),
        ] as [(String?, Bool, String?, String?)])
    func anInvitationChangesOnlyItsOwnCopy(
        _ invitation: String?, _ written: Bool, _ holder: String?, _ verdict: String?
    ) {
        let claim = CalendarClaim(organizer: Self.person(invitation), me: Self.me, written: written)
        let component = CalendarClaim.Holder(organizer: Self.person(holder), title: "Planning")
        switch claim.refusal(of: component) {
        case nil: #expect(verdict == nil)
        case .yours?: #expect(verdict == "yours")
        case .otherOrganizer?: #expect(verdict == "other")
        }
    }

    @Test func oneComponentNotItsOwnRefusesTheWholeUID() {
        let claim = CalendarClaim(organizer: Self.person("alice@corp.example"), me: Self.me, written: true)
        let own = CalendarClaim.Holder(organizer: Self.person("alice@corp.example"), title: "Weekly")
        let moved = CalendarClaim.Holder(organizer: Self.person("mallory@evil.example"), title: "Weekly (moved)")
        #expect(claim.refusal(of: [own, own]) == nil)
        #expect(claim.refusal(of: [own, moved]) == .otherOrganizer(moved))
    }
}
