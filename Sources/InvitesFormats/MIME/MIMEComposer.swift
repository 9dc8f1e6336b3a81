internal import CGLibOnDemand
import Foundation
import InvitesModel
import InvitesSystem

/// Builds the e-mail that carries an iTIP REPLY, through GMime, so that headers are encoded
/// (RFC 2047) and bodies are transfer-encoded as a mail system expects.
package enum MIMEComposer {
    package struct Address {
        var name: String?
        package var email: String

        /// The memberwise initializer, for the targets above this one.
        package init(name: String? = nil, email: String) {
            self.name = name
            self.email = email
        }
    }

    /// A complete RFC 5322 message: text/plain for people, `text/calendar; method=REPLY` (or the
    /// `method` given: COUNTER) for calendar software, ready for `sendmail -t`, with a fresh
    /// Message-ID (returned, without angle brackets) and, for an invitation that came by mail,
    /// the headers that thread it there.
    package static func replyMessage(
        from: Address, to: Address, subject: String, text: String, calendar: String, date: Date, thread: MailThread?,
        method: String = "REPLY", sender: Address? = nil, copy: Address? = nil
    ) throws(LibraryLoadError) -> (text: String, messageID: String) {
        try GMimeLibrary.load()
        guard let message = lazy_g_mime_message_new(1) else {
            preconditionFailure("g_mime_message_new failed: out of memory")
        }
        defer { lazy_unref(message) }
        lazy_g_mime_message_add_mailbox(message, GMIME_ADDRESS_TYPE_FROM, from.name.map(readable), clean(from.email))
        if let sender {
            lazy_g_mime_message_add_mailbox(
                message, GMIME_ADDRESS_TYPE_SENDER, sender.name.map(readable), clean(sender.email))
        }
        lazy_g_mime_message_add_mailbox(message, GMIME_ADDRESS_TYPE_TO, to.name.map(readable), clean(to.email))
        // A copy (the delegator of an invitation delegated to you): sendmail -t reads Cc too.
        if let copy {
            lazy_g_mime_message_add_mailbox(message, GMIME_ADDRESS_TYPE_CC, copy.name.map(readable), clean(copy.email))
        }
        lazy_g_mime_message_set_subject(message, readable(subject), "utf-8")
        if let when = lazy_g_date_time_new_from_unix_utc(gint64(date.timeIntervalSince1970)) {
            lazy_g_mime_message_set_date(message, when)
            lazy_g_date_time_unref(when)
        }
        let domain = from.email.split(separator: "@").last.map(String.init) ?? "invites.invalid"
        var messageID = ""
        if let identifier = lazy_g_mime_utils_generate_message_id(clean(domain)) {
            messageID = String(cString: identifier)
            lazy_g_mime_message_set_message_id(message, identifier)
            lazy_g_free(identifier)
        }
        if let thread {
            // The identifiers were checked to be printable ASCII without brackets (MailThread).
            lazy_g_mime_object_set_header(message, "In-Reply-To", "<\(thread.messageID)>", nil)
            lazy_g_mime_object_set_header(
                message, "References", thread.replyReferences.map { "<\($0)>" }.joined(separator: " "), nil)
        }
        guard let alternative = lazy_g_mime_multipart_new_with_subtype("alternative") else {
            preconditionFailure("out of memory")
        }
        defer { lazy_unref(alternative) }
        // The text part is read in terminals too (mutt, aerc): the sender's ESC, BEL, C1 and bidi
        // controls in it become visible, as on the terminal; the calendar part is for software.
        let readableText = Printable.sanitize(text, keepNewlines: true)
        for (subtype, body) in [("plain", readableText), ("calendar", calendar)] {
            guard let part = lazy_g_mime_text_part_new_with_subtype(subtype) else { continue }
            // The body goes in as its UTF-8 bytes: g_mime_text_part_set_text would convert text
            // that Latin-1 can hold to ISO-8859-1, and iCalendar is UTF-8 (RFC 5545 §3.1.4).
            var bytes = Array(body.utf8)
            guard
                let stream = bytes.withUnsafeMutableBytes({
                    lazy_g_mime_stream_mem_new_with_buffer(
                        $0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count)
                })
            else { preconditionFailure("out of memory") }
            guard let content = lazy_g_mime_data_wrapper_new_with_stream(stream, GMIME_CONTENT_ENCODING_DEFAULT) else {
                preconditionFailure("out of memory")
            }
            lazy_g_mime_part_set_content(part, content)
            lazy_unref(content)
            lazy_unref(stream)
            if subtype == "calendar" { lazy_g_mime_object_set_content_type_parameter(part, "method", method) }
            lazy_g_mime_object_set_content_type_parameter(part, "charset", "UTF-8")
            lazy_g_mime_part_set_content_encoding(
                part,
                GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE)
            lazy_g_mime_multipart_add(alternative, part)
            lazy_unref(part)
        }
        lazy_g_mime_message_set_mime_part(
            message, alternative)
        guard
            let text = lazy_g_mime_object_to_string(
                message, nil)
        else { return ("", messageID) }
        defer { lazy_g_free(text) }
        return (String(cString: text), messageID)
    }

    /// A name or subject made of a stranger's text, as the terminal shows it: no line breaks,
    /// every control (C0, DEL, C1) and bidi override visible (`^[`, `<U+202E>`), since a mail
    /// reader in a terminal shows the decoded header.
    private static func readable(_ text: String) -> String {
        Printable.sanitize(text)
    }

    /// An address never carries line breaks or other controls from a stranger's text.
    private static func clean(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
    }
}
