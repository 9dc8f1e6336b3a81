import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// The version a calendar copy is made from hashes each message once: hashing a series' message
/// again for each of its instances made accepting one sent with 9,999 instances hash 12 GB.
@Suite struct ResponderVersionTests {
    static func stored(_ data: Data, instanceMessage: (Int) -> Data) throws -> StoredInvite {
        let invite = try #require(
            try ITIPParser(display: .utc).parse(data, file: "s.ics", source: .itip, fallbackMethod: nil).first)
        let now = Date.utc("2024-06-01T00:00:00Z")
        return StoredInvite(
            handle: "s", invite: invite, status: .accepted, receivedAt: now, updatedAt: now,
            instances: invite.instances.enumerated().map { index, instance in
                StoredInstance(
                    recurrenceID: instance.recurrenceID, organizer: instance, message: instanceMessage(index),
                    answer: nil)
            })
    }

    @Test("A message shared by thousands of instances is hashed once")
    func aMessageSharedByThousandsOfInstancesIsHashedOnce() throws {
        let data = InvitationComponentsTests.series()
        let shared = try ResponderVersionTests.stored(data) { _ in data }
        // How long it takes is for a benchmark to say, not this test (docs/benchmarks.md).
        let version = Responder.version(of: shared)
        #expect(Responder.version(of: shared) == version)
        // Another message for one instance is another version, as is another order of messages.
        let other = Data(data + Data("\r\n".utf8))
        let changed = try ResponderVersionTests.stored(data) { $0 == 7 ? other : data }
        #expect(Responder.version(of: changed) != version)
        let moved = try ResponderVersionTests.stored(data) { $0 == 8 ? other : data }
        #expect(Responder.version(of: moved) != Responder.version(of: changed))
    }
}
