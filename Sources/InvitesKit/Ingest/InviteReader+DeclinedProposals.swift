import Foundation
import InvitesFormats
import InvitesModel

extension InviteReader {
    /// The organizer's DECLINECOUNTERs in an input (an iTIP file or an e-mail), for an input that
    /// ``read(_:file:warn:)`` refused as one: they answer a proposal of yours, and are filed on
    /// the invitation instead of being refused.
    package func declinedProposals(_ data: Data, file: String) throws(IngestError) -> [DeclinedProposal] {
        let parts = try InviteReader.calendarParts(of: data, file: file).parts
        var found: [DeclinedProposal] = []
        for part in parts {
            guard let read = DeclineCounterReader.read(part.data, display: display),
                (read.method ?? part.method?.uppercased()) == "DECLINECOUNTER"
            else { continue }
            found += read.declined
        }
        guard !found.isEmpty else {
            throw .notAnInvite(file: file, reason: "a DECLINECOUNTER whose VEVENT names no UID")
        }
        return found
    }
}
