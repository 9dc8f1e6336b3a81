import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// POSTs a push answer (JSON) to the sender's server at the configured `respond_url`.
///
/// Network errors and 5xx answers are tried again after a pause (1 s, then 2 s, then 4 s); a 4xx
/// answer is the server saying no, and is not. Redirects are not followed: the answer goes
/// where the user said, not where a server points it.
struct HTTPTransport {
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

    func deliver(_ message: OutboxMessage, now: Date) -> (InboxStore.Handover, tries: Int) {
        guard let url else { return (.retry(error: OutboxError.noRespondURL.description, retryAt: nil), 0) }
        var tries = 0
        var last = ""
        for pause in [0] + pauses {
            if pause > 0 { sleep(pause) }
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
            case .status(let code, let body) where (400..<500).contains(code):
                return (.refused(error: "\(url) answered \(code)" + HTTPTransport.words(body)), tries)
            case .status(let code, let body):
                last = "\(url) answered \(code)" + HTTPTransport.words(body)
            case .network(let reason):
                last = "\(url): \(reason)"
            }
        }
        return (.retry(error: last, retryAt: now.addingTimeInterval(retryAfter)), tries)
    }

    /// The start of what a server said, on one line, for the outbox listing.
    static func words(_ body: String) -> String {
        let line = body.split(whereSeparator: \.isNewline).map(String.init).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        return line.isEmpty ? "" : ": " + String(line.prefix(300))
    }

    private func post(_ body: Data, to url: URL) -> Answer {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.setValue("invites/\(ProductVersion.current)", forHTTPHeaderField: "User-Agent")
        request.httpBody = body
        let box = AnswerBox()
        let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        session.dataTask(with: request) { data, response, error in
            if let error {
                box.set(.network(error.localizedDescription))
            } else if let response = response as? HTTPURLResponse {
                box.set(.status(response.statusCode, body: String(decoding: data ?? Data(), as: UTF8.self)))
            } else {
                box.set(.network("no HTTP answer"))
            }
        }.resume()
        return box.wait()
    }

    /// Hands the answer from URLSession's queue to the waiting command.
    private final class AnswerBox: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var answer: Answer = .network("no answer")

        func set(_ value: Answer) {
            answer = value
            done.signal()
        }

        func wait() -> Answer {
            done.wait()
            return answer
        }
    }

    private final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }
}
