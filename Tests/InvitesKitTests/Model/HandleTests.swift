import InvitesModel
import Testing

@testable import InvitesKit

/// The handles an invitation may take: its hash's characters, read easily, longer on a clash.
@Suite struct HandleTests {
    static let uids = ["a@example.org", "weekly-standup@example.org", "", "ünïcode@example.org"]

    @Test("Candidates grow from four characters to twelve, then are numbered", arguments: uids)
    func candidatesGrowThenAreNumbered(uid: String) {
        let first = Array(Handle.candidates(uid: uid, recurrenceID: nil).prefix(11))
        #expect(first.prefix(9).map(\.count) == Array(4...12))
        #expect(first.dropFirst().prefix(8).allSatisfy { $0.hasPrefix(first[0]) })
        #expect(first[9] == first[8] + "2")
        #expect(first[10] == first[8] + "3")
        #expect(first.prefix(9).allSatisfy { $0.allSatisfy(Handle.alphabet.contains) })
    }

    @Test("A handle leaves out the characters that read alike", arguments: ["0", "o", "1", "l", "i"])
    func theAlphabetLeavesOutLookAlikes(character: Character) {
        #expect(!Handle.alphabet.contains(character))
    }

    @Test func anInstanceKeptApartHasAHandleOfItsOwn() {
        let series = Handle.candidates(uid: "a@example.org", recurrenceID: nil).first { _ in true }
        let instance = Handle.candidates(uid: "a@example.org", recurrenceID: "2026-12-07").first { _ in true }
        #expect(series != instance)
    }
}
