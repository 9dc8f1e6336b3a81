import Foundation

/// The address a push sender's server takes answers at: the `respond_url` setting.
///
/// It comes from the user's configuration, never from a payload: a stranger's payload must not
/// choose where this machine sends requests. Plain http is allowed to this machine only (a
/// development server, a local bridge), since an answer and its comment are private.
package struct RespondURL: Sendable, Hashable, CustomStringConvertible {
    package var url: URL

    /// Checks a configured value; the error says what is wrong with it.
    package init(_ text: String) throws(OutboxError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty, let url = components.url
        else { throw .badRespondURL(text, reason: "it is not an absolute URL (https://host/path)") }
        switch scheme {
        case "https":
            break
        case "http":
            guard RespondURL.isLoopback(host) else {
                throw .badRespondURL(text, reason: "plain http is allowed to this machine only; use https")
            }
        default:
            throw .badRespondURL(text, reason: "it must be https (or http to 127.0.0.1)")
        }
        guard components.user == nil, components.password == nil else {
            throw .badRespondURL(text, reason: "it must not carry a user or password")
        }
        self.url = url
    }

    package var description: String { url.absoluteString }

    static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name == "localhost" || name == "::1" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
