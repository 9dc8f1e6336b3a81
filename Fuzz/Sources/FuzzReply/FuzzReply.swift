import Foundation
import FuzzSupport

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// Any bytes as an invitation, answered: the iTIP REPLY (`ITIPComposer.reply`), the copy for
/// your calendar (`ITIPComposer.calendarEntry`) and the whole reply message (`Reply.make` with
/// MIME), with an answer, a comment and your address as the input chooses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReply(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = FuzzDriver.data(start, count)
    let choice = FuzzDriver.choice(data, among: 3 * 2 * 2)
    let action = [AnswerAction.accepted, .declined, .tentative][choice % 3]
    let comment = choice / 3 % 2 == 0 ? nil : "Running late,\r\n\"ok\"; see you ü"
    let me = MyAddresses(choice / 6 == 0 ? ["me@example.com"] : [])
    let invites =
        (try? ITIPParser(display: .utc).parse(data, file: "fuzz", source: .itip, fallbackMethod: "REQUEST")) ?? []
    for invite in invites.prefix(3) {
        let address = invite.attendees.first?.address ?? "me@example.com"
        // The invitation as the inbox holds it, each instance answered as the input chooses.
        let stored = StoredInvite(
            handle: "a1", invite: invite, status: action.status ?? .pending, receivedAt: FuzzDriver.now,
            updatedAt: FuzzDriver.now,
            instances: invite.instances.enumerated().map { index, instance in
                StoredInstance(
                    recurrenceID: instance.recurrenceID, organizer: instance, message: invite.raw,
                    answer: index % 2 == 0 ? nil : .declined)
            })
        let answers = Reply.reported(stored, history: [], comment: nil).map {
            (key: $0.key, action: $0.action, comment: comment)
        }
        _ = ITIPComposer.reply(
            for: stored, answers: answers, me: address, name: "Me", now: FuzzDriver.now, display: .utc)
        _ = ITIPComposer.calendarEntry(for: stored, keys: nil, me: me, now: FuzzDriver.now, display: .utc)
        let answer = HistoryEntry(
            handle: "a1", uid: invite.uid, recurrenceID: invite.recurrenceID, senderID: invite.senderID,
            title: invite.title, start: invite.start, end: invite.end, sequence: invite.sequence,
            dtstamp: invite.dtstamp, action: action, comment: comment, at: FuzzDriver.now, delivery: .pending)
        _ = try? Reply.make(
            for: stored, history: [answer], me: me, name: nil, mime: true, now: FuzzDriver.now, display: .utc)
    }
    return 0
}

@main
enum FuzzReplyMain {
    static func main() { FuzzDriver.run(fuzzReply) }
}
