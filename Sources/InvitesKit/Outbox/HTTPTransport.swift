internal import CHTTPPost
import Foundation
import InvitesModel

/// POSTs a push answer (JSON) to the sender's server at the configured `respond_url`.
///
/// Network errors, 5xx answers and 408 or 429 (the server busy) are tried again after a pause
/// (1 s, then 2 s, then 4 s); any other 4xx answer is the server saying no, and is not. Redirects are not followed: the answer goes
/// where the user said, not where a server points it.
struct HTTPTransport: Transport {
    var url: RespondURL?
    /// How long one request may take.
    var timeout: TimeInterval = 15
    /// The pauses between tries within one `send`.
    var pauses: [TimeInterval] = [1, 2, 4]
    /// How long a message that still failed waits before a later `send` tries it on its own.
    var retryAfter: TimeInterval = 300
    var sleep: (TimeInterval) -> Void = { Thread.sleep(forTimeInterval: $0) }

    /// What one request came back with.
    enum Answer: Equatable {
        case status(Int, body: String)
        case network(String)
    }

    /// Tries the message; `clock` dates the next try from the last one.
    func deliver(_ message: OutboxMessage, clock: () -> Date) -> (Handover, tries: Int) {
        guard let url else { return (.retry(error: OutboxError.noRespondURL.description, retryAt: nil), 0) }
        var tries = 0
        var last = ""
        for pause in [0] + pauses {
            if pause > 0 { self.sleep(pause) }
            tries += 1
            switch post(message.body, to: url.url) {
            case .status(let code, _) where (200..<300).contains(code):
                return (.sent, tries)
            case .status(let code, let body) where (300..<400).contains(code):
                return (
                    .refused(
                        error: "\(url) redirects (\(code)); set respond_url to where it points"
                            + HTTPTransport.words(body)), tries
                )
            case .status(let code, let body) where code == 408 || code == 429:
                last = "\(url) answered \(code)" + HTTPTransport.words(body)
            case .status(let code, let body) where (400..<500).contains(code):
                return (.refused(error: "\(url) answered \(code)" + HTTPTransport.words(body)), tries)
            case .status(let code, let body):
                last = "\(url) answered \(code)" + HTTPTransport.words(body)
            case .network(let reason):
                last = "\(url): \(reason)"
            }
        }
        return (.retry(error: last, retryAt: clock().addingTimeInterval(retryAfter)), tries)
    }

    /// The start of what a server said, on one line, for the outbox listing.
    static func words(_ body: String) -> String {
        let line = body.split(whereSeparator: \.isNewline).map(String.init).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        return line.isEmpty ? "" : ": " + String(line.prefix(300))
    }

    /// One POST, through libcurl (loaded on first use): http or https only, no redirects.
    private func post(_ body: Data, to url: URL) -> Answer {
        let headers = [
            "Content-Type: application/json; charset=utf-8", "User-Agent: invites/\(ProductVersion.current)",
            "Expect:",
        ]
        var pointers: [UnsafeMutablePointer<CChar>?] = headers.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var answer = invites_http_answer()
        let result = body.withUnsafeBytes { bytes in
            pointers.withUnsafeMutableBytes { list in
                invites_http_post(
                    url.absoluteString, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count,
                    list.baseAddress?.assumingMemoryBound(to: UnsafePointer<CChar>?.self), Int(timeout * 1000),
                    &answer)
            }
        }
        defer { free(answer.body) }
        let words = withUnsafeBytes(of: answer.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard result == 0 else { return .network(words) }
        return .status(answer.status, body: answer.body.map { String(cString: $0) } ?? "")
    }
}
