import Foundation
import InvitesModel

/// The link that joins an invitation's video meeting, found where producers put it.
///
/// Teams writes it in `X-MICROSOFT-SKYPETEAMSMEETINGURL` and in the DESCRIPTION; Google in
/// `X-GOOGLE-CONFERENCE` and the DESCRIPTION; Zoom (through Outlook) in the LOCATION and the
/// DESCRIPTION; RFC 7986 producers in `CONFERENCE`. A property that exists for the meeting's link
/// is taken whatever its host; text written for people (URL, LOCATION, DESCRIPTION) is taken only
/// for a meeting service's join address, so that a map link or the Teams "meeting options" page
/// is never offered as the way in.
package struct JoinLink: Sendable, Hashable {
    /// The address, exactly as found (checked to be a plain http(s) URL).
    package var url: String
    /// `Teams`, `Zoom`, `Google Meet`, `Webex`, `Jitsi`, or `video call` for one not known.
    package var provider: String
    /// Where it was found: the property's name (`X-GOOGLE-CONFERENCE`, `LOCATION`, …).
    package var source: String

    /// The longest address taken: a join link is a few hundred bytes; more is not one.
    static let longest = 2_048

    /// The first join link of an invitation, looking in the order producers mean it.
    package static func find(in invite: Invite, properties: EventProperties?) -> JoinLink? {
        var candidates: [(source: String, text: String, dedicated: Bool)] = []
        if let properties {
            for name in ["X-MICROSOFT-SKYPETEAMSMEETINGURL", "X-GOOGLE-CONFERENCE"] {
                if let value = properties.extensions[name] { candidates.append((name, value, true)) }
            }
            let video = properties.conferences.filter { $0.features.contains("VIDEO") }
            for conference in video + properties.conferences.filter({ !$0.features.contains("VIDEO") }) {
                candidates.append(("CONFERENCE", conference.uri, true))
            }
            if let url = properties.url { candidates.append(("URL", url, false)) }
        }
        if let location = invite.location { candidates.append(("LOCATION", location, false)) }
        if let description = invite.description { candidates.append(("DESCRIPTION", description, false)) }
        for candidate in candidates {
            for url in urls(in: candidate.text) {
                if let provider = provider(of: url) {
                    return JoinLink(url: url, provider: provider, source: candidate.source)
                }
                if candidate.dedicated { return JoinLink(url: url, provider: "video call", source: candidate.source) }
            }
        }
        return nil
    }

    /// The http(s) addresses in a text, in order: each runs to a space, a control character or
    /// a character a URL never holds unescaped (`<>"'` and the backquote), and loses the
    /// punctuation that ends a sentence after it.
    static func urls(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: "http", options: .caseInsensitive) {
            let tail = rest[range.lowerBound...]
            rest = rest[range.upperBound...]
            let lower = tail.prefix(8).lowercased()
            guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { continue }
            var url = String(
                tail.prefix { character in
                    guard let ascii = character.asciiValue else { return false }
                    return ascii > 0x20 && ascii < 0x7F && !"<>\"'`\\{}|^".contains(character)
                })
            while let last = url.last, ".,;:!?)]".contains(last) { url.removeLast() }
            guard url.count <= longest, let host = host(of: url), !host.isEmpty else { continue }
            found.append(url)
        }
        return found
    }

    /// The lower-cased host of an http(s) URL.
    static func host(of url: String) -> String? {
        guard let scheme = url.range(of: "://") else { return nil }
        let afterScheme = url[scheme.upperBound...]
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else { return nil }
        return String(authority.prefix { $0 != ":" }).lowercased()
    }

    /// The meeting service a URL joins, `nil` for any other address.
    static func provider(of url: String) -> String? {
        guard let host = host(of: url), let scheme = url.range(of: "://") else { return nil }
        let path = String(url[scheme.upperBound...].drop { $0 != "/" }).lowercased()
        func under(_ domain: String) -> Bool { host == domain || host.hasSuffix("." + domain) }
        if host == "teams.microsoft.com" || host == "teams.live.com" {
            return ["/l/meetup-join/", "/meet/", "/l/meet/"].contains { path.hasPrefix($0) } ? "Teams" : nil
        }
        if under("zoom.us") || under("zoomgov.com") {
            return ["/j/", "/w/", "/my/", "/s/", "/wc/join/"].contains { path.hasPrefix($0) } ? "Zoom" : nil
        }
        if host == "meet.google.com" { return path.count > 1 ? "Google Meet" : nil }
        if under("webex.com") {
            return ["/meet/", "/join/", "/j.php", "/wbxmjs/joinservice/"].contains { path.contains($0) } ? "Webex" : nil
        }
        if host == "meet.jit.si" { return path.count > 1 ? "Jitsi" : nil }
        return nil
    }
}
