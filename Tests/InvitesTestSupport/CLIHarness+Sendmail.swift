import Foundation

extension CLIHarness {
    /// The folder the sendmail stand-in keeps each message it is given in.
    package var sentFolder: String { home + "/sent" }

    /// Writes a config whose `sendmail` is a stand-in that keeps each message it is given in
    /// ``sentFolder`` (one file each), followed by `extra` lines: end-to-end tests count and
    /// read what would have gone to the organizer.
    package func keepSentMail(config extra: String = "") throws {
        let folder = sentFolder
        let script = write("sendmail", "#!/bin/sh\nmkdir -p \"\(folder)\"\ncat > \"\(folder)/$$.eml\"\n")
        try FileManager.default.createDirectory(atPath: home + "/config/invites", withIntermediateDirectories: true)
        FileManager.default.createFile(
            atPath: home + "/config/invites/config", contents: Data("sendmail = /bin/sh \(script) -t -i\n\(extra)".utf8)
        )
    }

    /// The messages the stand-in kept, in the order of their file names.
    package var sentMail: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sentFolder)) ?? []).sorted().compactMap {
            try? String(contentsOfFile: sentFolder + "/" + $0, encoding: .utf8)
        }
    }
}
