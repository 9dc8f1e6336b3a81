import Foundation
import Testing

@testable import InvitesKit

/// A Maildir's messages are known by their unique names, wherever a client moved them.
@Suite struct MaildirTests {
    @Test(arguments: [
        ("1701000000.M1P2.host", "1701000000.M1P2.host"),
        ("1701000000.M1P2.host:2,S", "1701000000.M1P2.host"),
        ("1701000000.M1P2.host,U=42:2,RS", "1701000000.M1P2.host"),
        ("1701000000.M1P2.host;2,S", "1701000000.M1P2.host"),
        ("1701000000_1.host,U=7,FMD5=abc:2,", "1701000000_1.host,FMD5=abc"),
    ])
    func keys(_ name: String, _ key: String) {
        #expect(Maildir.key(of: name) == key)
    }

    @Test func messagesAreReadFromNewAndCurAndNothingElse() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("maildir-\(UUID().uuidString)").path
        for folder in ["new", "cur", "tmp", "cur/sub"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["new/1.a", "cur/2.b:2,S", "cur/.hidden", "tmp/3.c"] {
            FileManager.default.createFile(atPath: root + "/" + file, contents: Data("x".utf8))
        }
        let keys = try Maildir(root).messages().map(\.key)
        #expect(keys == ["1.a", "2.b"])
        #expect(throws: IngestError.self) { try Maildir(root + "/tmp") }
    }

    @Test func onlyMessagesThatNameACalendarPartAreParsed() {
        #expect(Maildir.mayHoldInvitation(Data("Content-Type: Text/Calendar; method=REQUEST".utf8)))
        #expect(Maildir.mayHoldInvitation(Data("Content-Disposition: attachment; filename=\"invite.ICS\"".utf8)))
        #expect(!Maildir.mayHoldInvitation(Data("Content-Type: text/plain\n\nHello".utf8)))
    }
}
