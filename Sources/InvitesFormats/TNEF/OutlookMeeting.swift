import InvitesModel

/// An Outlook meeting request or cancellation read from TNEF's MAPI properties ([MS-OXOCAL]),
/// with what it needs to become an iTIP message: nothing here is written anywhere yet.
package struct OutlookMeeting: Sendable, Equatable {
    package struct Person: Sendable, Equatable {
        package enum Role: String, Sendable {
            case required = "REQ-PARTICIPANT"
            case optional = "OPT-PARTICIPANT"
            case resource = "NON-PARTICIPANT"
        }

        var address: String
        var name: String?
        var role: Role = .required

        /// The memberwise initializer, for the targets above this one.
        package init(address: String, name: String? = nil, role: Role = .required) {
            self.address = address
            self.name = name
            self.role = role
        }
    }

    package var cancelled: Bool
    var uid: String
    var title: String
    /// Seconds since 1970, UTC.
    var start: Int
    var end: Int
    var allDay: Bool
    /// The IANA zone of the appointment's own time zone, when it names one invites knows.
    var zone: String?
    var location: String?
    var organizer: Person?
    var attendees: [Person]
    var description: String?
    var sequence: Int
    var stamp: Int?
    var recurrence: OutlookRecurrence?
    /// For a request about one occurrence of a series (its GlobalObjectId names the
    /// occurrence's date): the occurrence's original start, seconds since 1970, UTC
    /// (PidLidExceptionReplaceTime), or its date at the start's time of day.
    var occurrence: Occurrence?

    /// Which occurrence of a series a request or cancellation is about.
    enum Occurrence: Sendable, Equatable {
        case instant(Int)
        case date(LocalDate)
    }

    /// The mail around the stream: who sent it and to whom, for a stream that does not say.
    package struct Mail: Sendable {
        package var from: Person?
        package var to: [Person] = []
        package var cc: [Person] = []

        /// An empty mail: its people are filled in one by one.
        package init() {}
    }

    /// What a TNEF stream is: a meeting, or why it is not an invitation.
    package enum Reading: Sendable, Equatable {
        case meeting(OutlookMeeting)
        case refused(String)
    }

    package static func read(_ stream: TNEFStream, mail: Mail) -> Reading {
        let properties = stream.properties
        guard let name = properties.text(0x001A) ?? stream.messageClass.flatMap({ $0.isEmpty ? nil : $0 }) else {
            return .refused("its winmail.dat (TNEF) names no message class")
        }
        let sender = OutlookMeeting.sender(properties, mail: mail)
        let subject = properties.text(0x0037) ?? stream.subject ?? ""
        let topic = properties.text(0x0070) ?? subject
        switch OutlookMessageClass(name) {
        case .request:
            return meeting(stream, cancelled: false, subject: subject, mail: mail)
        case .cancellation:
            // Its subject says "Canceled: …"; the topic is the meeting's own title.
            return meeting(stream, cancelled: true, subject: topic, mail: mail)
        case .answer(let answer):
            let who = sender?.name ?? sender?.address ?? "someone"
            return .refused(
                "its winmail.dat is an answer: \(Printable.sanitize(String(who.prefix(80)))) \(answer.rawValue) "
                    + Printable.quoted(topic, limit: 80))
        case .taskRequest:
            return .refused(
                "its winmail.dat is an Outlook task request (IPM.TaskRequest) \(Printable.quoted(topic, limit: 80)),"
                    + " not a meeting: invites reads only meetings")
        case .other(let other):
            return .refused(
                "its winmail.dat is an Outlook \(Printable.quoted(other, limit: 60)), not a meeting request")
        }
    }

    private static func meeting(_ stream: TNEFStream, cancelled: Bool, subject: String, mail: Mail) -> Reading {
        let properties = stream.properties
        let appointment = MAPIPropertySet.appointment
        let meetingSet = MAPIPropertySet.meeting
        guard
            let identifier = properties.named(meetingSet, 0x0003)?.bytes ?? properties.named(meetingSet, 0x0023)?.bytes
        else {
            return .refused("its winmail.dat has no GlobalObjectId, so no update could ever find it")
        }
        guard let uid = GlobalObjectID.uid(identifier) else {
            return .refused("its winmail.dat's GlobalObjectId is not one [MS-OXOCAL] describes")
        }
        let startTime = properties.named(appointment, 0x820D)?.integer ?? properties.tagged(0x0060)?.integer
        let endTime = properties.named(appointment, 0x820E)?.integer ?? properties.tagged(0x0061)?.integer
        guard let start = startTime.flatMap(unixTime) else {
            return .refused("its winmail.dat has no usable start (PidLidAppointmentStartWhole)")
        }
        let end = endTime.flatMap(unixTime) ?? start
        guard end >= start else { return .refused("its winmail.dat's meeting ends before it starts") }
        var recurrence: OutlookRecurrence?
        if properties.named(appointment, 0x8223)?.integer ?? 0 != 0,
            let blob = properties.named(appointment, 0x8216)?.bytes
        {
            do {
                recurrence = try OutlookRecurrence.read(blob)
            } catch {
                return .refused("its winmail.dat's meeting repeats, but \(error.description)")
            }
        }
        let organizer = sender(properties, mail: mail)
        var attendees = stream.recipients.compactMap(attendee)
        if attendees.isEmpty {
            attendees = mail.to + mail.cc.map { Person(address: $0.address, name: $0.name, role: .optional) }
        }
        let stamp =
            [
                properties.named(meetingSet, 0x001A), properties.named(meetingSet, 0x0001), properties.tagged(0x0039),
                properties.tagged(0x3008),
            ]
            .lazy.compactMap { $0?.integer.flatMap(unixTime) }.first
        // The GlobalObjectId's instance date (year, month, day in bytes 16 to 19) names an
        // occurrence; the clean id (and the UID) has it zeroed ([MS-OXOCAL] 2.2.1.27).
        var occurrence: Occurrence?
        let year = Int(identifier[16]) << 8 | Int(identifier[17])
        let month = Int(identifier[18])
        let day = Int(identifier[19])
        if year > 0, (1...12).contains(month), (1...31).contains(day) {
            if let replaced = properties.named(appointment, 0x8228)?.integer.flatMap(unixTime) {
                occurrence = .instant(replaced)
            } else {
                occurrence = .date(LocalDate(year: year, month: month, day: day))
            }
        }
        return .meeting(
            OutlookMeeting(
                cancelled: cancelled, uid: uid, title: subject, start: start, end: end,
                allDay: properties.named(appointment, 0x8215)?.integer ?? 0 != 0, zone: zone(properties),
                location: properties.named(appointment, 0x8208)?.text ?? properties.named(meetingSet, 0x0002)?.text,
                organizer: organizer, attendees: attendees, description: description(stream),
                sequence: Int(clamping: max(0, properties.named(appointment, 0x8201)?.integer ?? 0)), stamp: stamp,
                recurrence: occurrence == nil ? recurrence : nil, occurrence: occurrence))
    }

    /// A FILETIME (100 ns since 1601) as seconds since 1970, within the years 1601 to 3000.
    static func unixTime(_ fileTime: Int64) -> Int? {
        guard fileTime >= 0 else { return nil }
        let seconds = Int(fileTime / 10_000_000) - 11_644_473_600
        return seconds <= 32_503_680_000 ? seconds : nil
    }

    /// The sent-representing mailbox (whom the meeting is from), else the sender, else the mail's From.
    private static func sender(_ properties: MAPIProperties, mail: Mail) -> Person? {
        if let address = address(properties, smtp: 0x5D02, email: 0x0065, type: 0x0064) {
            return Person(address: address, name: properties.text(0x0042))
        }
        if let address = address(properties, smtp: 0x5D01, email: 0x0C1F, type: 0x0C1E) {
            return Person(address: address, name: properties.text(0x0C1A))
        }
        guard var from = mail.from else { return nil }
        from.name = from.name ?? properties.text(0x0042) ?? properties.text(0x0C1A)
        return from
    }

    /// An SMTP address: the SMTP property, or the e-mail address when its type is SMTP (an
    /// Exchange `EX` address is an X.500 path, not a mailbox).
    private static func address(_ properties: MAPIProperties, smtp: UInt16, email: UInt16, type: UInt16) -> String? {
        if let value = properties.text(smtp), value.contains("@") { return value }
        if properties.text(type)?.uppercased() == "SMTP", let value = properties.text(email), value.contains("@") {
            return value
        }
        return nil
    }

    /// A row of the recipient table: To is required, Cc optional, Bcc a resource
    /// ([MS-OXOCAL] 2.2.4.10); the organizer's own row (recipOrganizer) is not an attendee.
    private static func attendee(_ row: MAPIProperties) -> Person? {
        guard let address = address(row, smtp: 0x39FE, email: 0x3003, type: 0x3002) else { return nil }
        if (row.tagged(0x5FFD)?.integer ?? 0) & 0x0002 != 0 { return nil }
        let role: Person.Role
        switch row.tagged(0x0C15)?.integer ?? 1 {
        case 2: role = .optional
        case 3: role = .resource
        default: role = .required
        }
        return Person(address: address, name: row.text(0x3001), role: role)
    }

    /// The appointment's own zone: the key name of its start's TZDEFINITION
    /// (PidLidAppointmentTimeZoneDefinitionStartDisplay, [MS-OXOCAL] 2.2.1.41), else its
    /// description (PidLidTimeZoneDescription), as Windows names them.
    private static func zone(_ properties: MAPIProperties) -> String? {
        var names: [String] = []
        if let definition = properties.named(MAPIPropertySet.appointment, 0x825E)?.bytes {
            var reader = TNEFByteReader(definition)
            if (try? reader.u16("version")) != nil, (try? reader.u16("header size")) != nil,
                (try? reader.u16("reserved")) != nil, let count = try? reader.u16("key name length"),
                let name = try? reader.take(Int(count) * 2, item: "key name")
            {
                names.append(TNEFText.utf16(name))
            }
        }
        if let description = properties.named(MAPIPropertySet.appointment, 0x8234)?.text { names.append(description) }
        for name in names where !name.isEmpty {
            if let iana = WindowsZoneTable.shared.iana(forWindowsName: name), ZoneResolver.builtin(iana) != nil {
                return iana
            }
        }
        return nil
    }

    /// The body (PidTagBody, or TNEF's attBody), else the compressed RTF as text.
    private static func description(_ stream: TNEFStream) -> String? {
        if let body = stream.properties.text(0x1000) ?? stream.body, !body.isEmpty {
            return String(body.prefix(TNEFLimits.descriptionCharacters))
        }
        guard let compressed = stream.properties.tagged(0x1009)?.bytes,
            let rtf = try? CompressedRTF.decompress(compressed)
        else { return nil }
        let text = RTFText.text(rtf)
        return text.isEmpty ? nil : text
    }
}
