import Foundation

/// What the server that took a mail in recorded of its checks (`Authentication-Results`,
/// RFC 8601), read for the one thing invites needs: which checks failed for the domain of the
/// mail's From.
///
/// Only the topmost such header is read: it is the one your own server adds last, and a sender
/// can write any header below it. Only failures are kept, so a sender who forges a header can
/// only make its own mail look worse.
enum AuthenticationResults {
    /// The methods whose failure says the From is not what it claims.
    static let methods: Set<String> = ["dmarc", "dkim", "spf"]

    /// The failed checks (`dmarc=fail`) of a header's text that concern `fromDomain`: DMARC is
    /// about the From domain by definition (its `header.from`, where given, must be it); DKIM
    /// counts when its `header.d` (or `header.i`) is that domain or under it; SPF when its
    /// `smtp.mailfrom` (or `smtp.helo`) is. A check of another domain says nothing of this From.
    static func failures(in header: String, fromDomain: String) -> [String] {
        let domain = fromDomain.lowercased()
        var failed: [String] = []
        // The first part is the server's own name (authserv-id), and may carry a version.
        for part in withoutComments(header).split(separator: ";").dropFirst() {
            let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" })
            guard let first = words.first, let equals = first.firstIndex(of: "=") else { continue }
            let method = first[..<equals].lowercased()
            let result = first[first.index(after: equals)...].lowercased()
            guard methods.contains(method), result == "fail" || result == "permerror" else { continue }
            var properties: [String: String] = [:]
            for word in words.dropFirst() {
                guard let sign = word.firstIndex(of: "=") else { continue }
                properties[word[..<sign].lowercased()] = String(word[word.index(after: sign)...]).lowercased()
            }
            let subject: [String?]
            switch method {
            case "dmarc": subject = [properties["header.from"] ?? domain]
            case "dkim": subject = [properties["header.d"], properties["header.i"]]
            default: subject = [properties["smtp.mailfrom"], properties["smtp.helo"]]
            }
            guard subject.contains(where: { $0.map { concerns($0, domain) } ?? false }) else { continue }
            let check = "\(method)=\(result)"
            if !failed.contains(check) { failed.append(check) }
        }
        return failed
    }

    /// Whether an identity (`example.org`, `@example.org`, `bounce@mail.example.org`) is the
    /// domain or one under it.
    static func concerns(_ identity: String, _ domain: String) -> Bool {
        let host = identity.split(separator: "@").last.map(String.init) ?? identity
        let trimmed = host.trimmingCharacters(in: CharacterSet(charactersIn: "\"<>."))
        return !domain.isEmpty && (trimmed == domain || trimmed.hasSuffix("." + domain))
    }

    /// The text with its comments (`(…)`, nested) and the content of quoted strings taken out,
    /// so that a `;` inside them does not split a result.
    static func withoutComments(_ text: String) -> String {
        var result = ""
        var depth = 0
        var quoted = false
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
                continue
            }
            switch character {
            case "\\" where depth > 0 || quoted: escaped = true
            case "\"" where depth == 0: quoted.toggle()
            case "(" where !quoted: depth += 1
            case ")" where !quoted && depth > 0: depth -= 1
            default: if depth == 0 && !quoted { result.append(character) }
            }
        }
        return result
    }
}
