internal import CGMime
import Foundation

/// An RFC 5322 message parsed by GMime, reduced to the parts that can carry an invitation.
///
/// GMime walks nested multiparts and attached messages, undoes base64 and quoted-printable and
/// converts charsets; this type is the only code that touches it.
struct MIMEMessage {
    /// One `text/calendar` (or `.ics`) part, decoded to UTF-8 bytes.
    struct CalendarPart {
        var data: Data
        /// The `method=` parameter of the part's Content-Type, if it has one.
        var method: String?
        var contentType: String
    }

    var calendarParts: [CalendarPart]
    /// The message's Message-ID and References, when it has a usable one.
    var thread: MailThread?

    private static let initialised: Bool = {
        g_mime_init()
        return true
    }()

    /// Initialises GMime once per process; always true.
    static func configure() -> Bool { initialised }

    /// Parses a message; `nil` when GMime finds no message in the bytes.
    static func parse(_ data: Data) -> MIMEMessage? {
        precondition(initialised, "GMime initialises once")
        let message: UnsafeMutablePointer<GMimeMessage>? = data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
                let stream = g_mime_stream_mem_new_with_buffer(base, bytes.count)
            else { return nil }
            defer { CGMime_unref(stream) }
            guard let parser = g_mime_parser_new_with_stream(stream) else { return nil }
            defer { CGMime_unref(parser) }
            return g_mime_parser_construct_message(parser, nil)
        }
        guard let message else { return nil }
        defer { CGMime_unref(message) }
        var result = MIMEMessage(calendarParts: [], thread: thread(of: message))
        if let body = g_mime_message_get_mime_part(message) {
            collect(body, depth: 0, into: &result.calendarParts)
        }
        return result
    }

    private static func thread(of message: UnsafeMutablePointer<GMimeMessage>) -> MailThread? {
        guard let identifier = g_mime_message_get_message_id(message) else { return nil }
        var references: [String] = []
        let object = UnsafeMutableRawPointer(message).assumingMemoryBound(to: GMimeObject.self)
        if let header = g_mime_object_get_header(object, "References"),
            let parsed = g_mime_references_parse(nil, header)
        {
            defer { g_mime_references_free(parsed) }
            for index in 0..<max(g_mime_references_length(parsed), 0) {
                if let reference = g_mime_references_get_message_id(parsed, index) {
                    references.append(String(cString: reference))
                }
            }
        }
        return MailThread(messageID: String(cString: identifier), references: references)
    }

    private static func collect(
        _ object: UnsafeMutablePointer<GMimeObject>, depth: Int, into parts: inout [CalendarPart]
    ) {
        guard depth < 32 else { return }
        if CGMime_is_multipart(object) != 0 {
            let multipart = CGMime_as_multipart(object)
            for index in 0..<max(g_mime_multipart_get_count(multipart), 0) {
                if let child = g_mime_multipart_get_part(multipart, index) {
                    collect(child, depth: depth + 1, into: &parts)
                }
            }
        } else if CGMime_is_message_part(object) != 0 {
            if let inner = g_mime_message_part_get_message(CGMime_as_message_part(object)),
                let body = g_mime_message_get_mime_part(inner)
            {
                collect(body, depth: depth + 1, into: &parts)
            }
        } else if CGMime_is_part(object) != 0, let part = calendarPart(object) {
            parts.append(part)
        }
    }

    private static func calendarPart(_ object: UnsafeMutablePointer<GMimeObject>) -> CalendarPart? {
        guard let type = g_mime_object_get_content_type(object) else { return nil }
        let media = (g_mime_content_type_get_media_type(type).map { String(cString: $0) } ?? "").lowercased()
        let subtype = (g_mime_content_type_get_media_subtype(type).map { String(cString: $0) } ?? "").lowercased()
        let part = CGMime_as_part(object)
        let filename = g_mime_part_get_filename(part).map { String(cString: $0) }?.lowercased() ?? ""
        let calendarTypes: Set<String> = ["text/calendar", "application/ics", "text/x-vcalendar", "application/x-ics"]
        let mediaType = "\(media)/\(subtype)"
        guard calendarTypes.contains(mediaType) || filename.hasSuffix(".ics") else { return nil }
        guard let content = g_mime_part_get_content(part), let memory = g_mime_stream_mem_new() else { return nil }
        defer { CGMime_unref(memory) }
        let charset = g_mime_content_type_get_parameter(type, "charset").map { String(cString: $0) }
        if let filtered = g_mime_stream_filter_new(memory) {
            defer { CGMime_unref(filtered) }
            if let charset, !["utf-8", "utf8", "us-ascii"].contains(charset.lowercased()),
                let filter = g_mime_filter_charset_new(charset, "UTF-8")
            {
                _ = g_mime_stream_filter_add(
                    UnsafeMutableRawPointer(filtered).assumingMemoryBound(to: GMimeStreamFilter.self), filter)
                CGMime_unref(filter)
            }
            _ = g_mime_data_wrapper_write_to_stream(content, filtered)
            _ = g_mime_stream_flush(filtered)
        }
        guard
            let array = g_mime_stream_mem_get_byte_array(
                UnsafeMutableRawPointer(memory).assumingMemoryBound(to: GMimeStreamMem.self))
        else { return nil }
        let data = array.pointee.data.map { Data(bytes: $0, count: Int(array.pointee.len)) } ?? Data()
        let method = g_mime_content_type_get_parameter(type, "method").map { String(cString: $0) }
        return CalendarPart(data: data, method: method, contentType: mediaType)
    }
}
