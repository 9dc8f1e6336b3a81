/// What an Outlook message class says a TNEF message is, in its MAPI spelling
/// (`IPM.Schedule.Meeting.Request`) or the older one TNEF's `attMessageClass` keeps
/// (`IPM.Microsoft Schedule.MtgReq`), compared without case ([MS-OXOCAL] 2.2.6.1, [MS-OXTNEF]
/// 2.1.3.3.8).
enum OutlookMessageClass: Equatable, Sendable {
    case request
    case cancellation
    case answer(Answer)
    case taskRequest
    case other(String)

    enum Answer: String, Sendable {
        case accepted
        case declined
        case tentative = "tentatively accepted"
    }

    init(_ name: String) {
        let lower = name.lowercased()
        func either(_ old: String, _ new: String) -> Bool {
            lower == old || lower == new || lower.hasPrefix(new + ".")
        }
        if either("ipm.microsoft schedule.mtgreq", "ipm.schedule.meeting.request") {
            self = .request
        } else if either("ipm.microsoft schedule.mtgcncl", "ipm.schedule.meeting.canceled") {
            self = .cancellation
        } else if either("ipm.microsoft schedule.mtgrespp", "ipm.schedule.meeting.resp.pos") {
            self = .answer(.accepted)
        } else if either("ipm.microsoft schedule.mtgrespn", "ipm.schedule.meeting.resp.neg") {
            self = .answer(.declined)
        } else if either("ipm.microsoft schedule.mtgrespa", "ipm.schedule.meeting.resp.tent") {
            self = .answer(.tentative)
        } else if lower == "ipm.taskrequest" || lower.hasPrefix("ipm.taskrequest.") {
            self = .taskRequest
        } else {
            self = .other(name)
        }
    }
}
