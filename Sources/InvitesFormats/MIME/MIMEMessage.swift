internal import CGLibOnDemand
import Foundation
import InvitesModel

/// An RFC 5322 message parsed by GMime, reduced to the parts that can carry an invitation.
///
/// GMime walks nested multiparts and attached messages, undoes base64 and quoted-printable and
/// converts charsets; this type is the only code that touches it.
package struct MIMEMessage {
    /// One `text/calendar` (or `.ics`) part, decoded to UTF-8 bytes.
    package struct CalendarPart {
        package var data: Data
        /// The `method=` parameter of the part's Content-Type, if it has one.
        package var method: String?
        var contentType: String

        /// The memberwise initializer, for the targets above this one.
        package init(data: Data, method: String? = nil, contentType: String) {
            self.data = data
            self.method = method
            self.contentType = contentType
        }
    }

    package var calendarParts: [CalendarPart]
    /// The decoded bytes of each `application/ms-tnef` part or `winmail.dat` attachment, which
    /// Outlook sends instead of iCalendar when "rich text" is on for a recipient.
    package var tnefParts: [Data] = []
    /// The mailboxes of its To and Cc headers (address, display name).
    package var to: [(address: String, name: String?)] = []
    package var cc: [(address: String, name: String?)] = []
    /// Whether Exchange marked the message as a meeting (`Content-Class:
    /// urn:content-classes:calendarmessage`, or an `X-MS-Exchange-Calendar-…` header).
    package var exchangeMeeting = false
    /// The message's Message-ID and References, when it has a usable one.
    package var thread: MailThread?
    /// The addresses of its From and Sender mailboxes, as GMime parses them.
    package var from: String?
    package var sender: String?
    /// Its topmost `Authentication-Results` header, as written.
    package var authenticationResults: String?

    /// The memberwise initializer, for the targets above this one.
    package init(
        calendarParts: [MIMEMessage.CalendarPart],
        tnefParts: [Data] = [],
        to: [(address: String, name: String?)] = [],
        cc: [(address: String, name: String?)] = [],
        exchangeMeeting: Bool = false,
        thread: MailThread? = nil,
        from: String? = nil,
        sender: String? = nil,
        authenticationResults: String? = nil
    ) {
        self.calendarParts = calendarParts
        self.tnefParts = tnefParts
        self.to = to
        self.cc = cc
        self.exchangeMeeting = exchangeMeeting
        self.thread = thread
        self.from = from
        self.sender = sender
        self.authenticationResults = authenticationResults
    }

    /// Parses a message; `nil` when GMime finds no message in the bytes. A message with more
    /// lines that may open a part than ``MIMEPartLimit/mostParts`` is refused unread.
    package static func parse(_ data: Data) throws(MIMEError) -> MIMEMessage? {
        let delimiters = data.withUnsafeBytes { MIMEPartLimit.delimiterLines(in: $0) }
        guard delimiters <= MIMEPartLimit.mostParts else { throw .tooManyParts(limit: MIMEPartLimit.mostParts) }
        do {
            try GMimeLibrary.load()
        } catch {
            throw .library(error)
        }
        let message: OpaquePointer? = data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
                let stream = lazy_g_mime_stream_mem_new_with_buffer(base, bytes.count)
            else { return nil }
            defer { lazy_unref(stream) }
            guard let parser = lazy_g_mime_parser_new_with_stream(stream) else { return nil }
            defer { lazy_unref(parser) }
            return lazy_g_mime_parser_construct_message(parser, nil)
        }
        guard let message else { return nil }
        defer { lazy_unref(message) }
        var result = MIMEMessage(calendarParts: [], thread: thread(of: message))
        result.from = mailbox(lazy_g_mime_object_get_header(message, "From"))
        result.sender = mailbox(lazy_g_mime_object_get_header(message, "Sender"))
        result.authenticationResults = lazy_g_mime_object_get_header(message, "Authentication-Results").map {
            String(cString: $0)
        }
        result.to = mailboxes(lazy_g_mime_object_get_header(message, "To"))
        result.cc = mailboxes(lazy_g_mime_object_get_header(message, "Cc"))
        for name in exchangeCalendarHeaders where lazy_g_mime_object_get_header(message, name) != nil {
            result.exchangeMeeting = true
        }
        if let body = lazy_g_mime_message_get_mime_part(message) {
            // GMime gives a message's Content-* headers to its top part.
            for object in [message, body] {
                if let header = lazy_g_mime_object_get_header(object, "Content-Class"),
                    String(cString: header).lowercased().contains("calendarmessage")
                {
                    result.exchangeMeeting = true
                }
            }
            collect(body, depth: 0, into: &result)
        }
        return result
    }

    /// The headers Exchange puts on a meeting's mail (besides Content-Class).
    private static let exchangeCalendarHeaders = [
        "X-MS-Exchange-Calendar-Series-Instance-Id", "X-MS-Exchange-Calendar-Originator-Id",
        "X-MS-Exchange-Calendar-Meeting-Request",
    ]

    /// The address of the first mailbox of an address header, with GMime's parser (groups,
    /// comments, encoded words and quoting as RFC 5322 has them).
    private static func mailbox(_ header: UnsafePointer<CChar>?) -> String? {
        mailboxes(header, limit: 1).first?.address
    }

    /// The most mailboxes kept of one address header: a stranger's header may list thousands,
    /// and they stand in for a meeting's attendees, which are bounded so.
    static let mostMailboxes = 5_000

    /// The mailboxes of an address header, at most `limit`.
    private static func mailboxes(
        _ header: UnsafePointer<CChar>?, limit: Int = mostMailboxes
    ) -> [(address: String, name: String?)] {
        guard let header, let list = lazy_internet_address_list_parse(nil, header) else { return [] }
        defer { lazy_unref(list) }
        var result: [(address: String, name: String?)] = []
        for index in 0..<max(lazy_internet_address_list_length(list), 0) where result.count < limit {
            guard let address = lazy_internet_address_list_get_address(list, index), lazy_is_mailbox(address) != 0,
                let text = lazy_internet_address_mailbox_get_addr(address)
            else { continue }
            let value = String(cString: text)
            let name = lazy_internet_address_get_name(address).map { String(cString: $0) }
            if !value.isEmpty { result.append((value, name.flatMap { $0.isEmpty ? nil : $0 })) }
        }
        return result
    }

    private static func thread(of message: OpaquePointer) -> MailThread? {
        guard let identifier = lazy_g_mime_message_get_message_id(message) else { return nil }
        var references: [String] = []
        if let header = lazy_g_mime_object_get_header(message, "References"),
            let parsed = lazy_g_mime_references_parse(nil, header)
        {
            defer { lazy_g_mime_references_free(parsed) }
            for index in 0..<max(lazy_g_mime_references_length(parsed), 0) {
                if let reference = lazy_g_mime_references_get_message_id(parsed, index) {
                    references.append(String(cString: reference))
                }
            }
        }
        return MailThread(messageID: String(cString: identifier), references: references)
    }

    private static func collect(_ object: OpaquePointer, depth: Int, into message: inout MIMEMessage) {
        guard depth < 32 else { return }
        if lazy_is_multipart(object) != 0 {
            for index in 0..<max(lazy_g_mime_multipart_get_count(object), 0) {
                if let child = lazy_g_mime_multipart_get_part(object, index) {
                    collect(child, depth: depth + 1, into: &message)
                }
            }
        } else if lazy_is_message_part(object) != 0 {
            if let inner = lazy_g_mime_message_part_get_message(object),
                let body = lazy_g_mime_message_get_mime_part(inner)
            {
                collect(body, depth: depth + 1, into: &message)
            }
        } else if lazy_is_part(object) != 0 {
            if let part = calendarPart(object) {
                message.calendarParts.append(part)
            } else if isTNEF(object), let content = lazy_g_mime_part_get_content(object),
                let data = decoded(content)
            {
                message.tnefParts.append(data)
            }
        }
    }

    /// An `application/ms-tnef` (or `vnd.ms-tnef`) part, or an attachment named `winmail.dat`
    /// whatever its type (gateways relabel it `application/octet-stream`).
    private static func isTNEF(_ object: OpaquePointer) -> Bool {
        guard let type = lazy_g_mime_object_get_content_type(object) else { return false }
        let media = (lazy_g_mime_content_type_get_media_type(type).map { String(cString: $0) } ?? "").lowercased()
        let subtype = (lazy_g_mime_content_type_get_media_subtype(type).map { String(cString: $0) } ?? "").lowercased()
        let filename = lazy_g_mime_part_get_filename(object).map { String(cString: $0) }?.lowercased() ?? ""
        return (media == "application" && (subtype == "ms-tnef" || subtype == "vnd.ms-tnef"))
            || filename == "winmail.dat"
    }

    /// A part's content with its transfer encoding undone, as bytes.
    private static func decoded(_ content: OpaquePointer) -> Data? {
        guard let memory = lazy_g_mime_stream_mem_new() else { return nil }
        defer { lazy_unref(memory) }
        _ = lazy_g_mime_data_wrapper_write_to_stream(content, memory)
        guard let array = lazy_g_mime_stream_mem_get_byte_array(memory) else { return nil }
        return array.pointee.data.map { Data(bytes: $0, count: Int(array.pointee.len)) } ?? Data()
    }

    private static func calendarPart(_ object: OpaquePointer) -> CalendarPart? {
        guard let type = lazy_g_mime_object_get_content_type(object) else { return nil }
        let media = (lazy_g_mime_content_type_get_media_type(type).map { String(cString: $0) } ?? "").lowercased()
        let subtype = (lazy_g_mime_content_type_get_media_subtype(type).map { String(cString: $0) } ?? "").lowercased()
        let filename = lazy_g_mime_part_get_filename(object).map { String(cString: $0) }?.lowercased() ?? ""
        let calendarTypes: Set<String> = ["text/calendar", "application/ics", "text/x-vcalendar", "application/x-ics"]
        let mediaType = "\(media)/\(subtype)"
        guard calendarTypes.contains(mediaType) || filename.hasSuffix(".ics") else { return nil }
        guard let content = lazy_g_mime_part_get_content(object), let memory = lazy_g_mime_stream_mem_new() else {
            return nil
        }
        defer { lazy_unref(memory) }
        let charset = lazy_g_mime_content_type_get_parameter(type, "charset").map { String(cString: $0) }
        if let filtered = lazy_g_mime_stream_filter_new(memory) {
            defer { lazy_unref(filtered) }
            if let charset, !["utf-8", "utf8", "us-ascii"].contains(charset.lowercased()),
                let filter = lazy_g_mime_filter_charset_new(charset, "UTF-8")
            {
                _ = lazy_g_mime_stream_filter_add(
                    filtered, filter)
                lazy_unref(filter)
            }
            _ = lazy_g_mime_data_wrapper_write_to_stream(content, filtered)
            _ = lazy_g_mime_stream_flush(filtered)
        }
        guard
            let array = lazy_g_mime_stream_mem_get_byte_array(
                memory)
        else { return nil }
        let data = array.pointee.data.map { Data(bytes: $0, count: Int(array.pointee.len)) } ?? Data()
        let method = lazy_g_mime_content_type_get_parameter(type, "method").map { String(cString: $0) }
        return CalendarPart(data: data, method: method, contentType: mediaType)
    }
}
