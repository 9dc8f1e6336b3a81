import Foundation

/// A real HTTP/1.1 server on 127.0.0.1, on a port the system picks, that answers each request
/// with the next of a script of answers (`500`, `500`, `200`…) and keeps what it was sent: the
/// peer the outbox's HTTP transport talks to in tests that run without Python.
package final class LoopbackHTTPServer: @unchecked Sendable {
    /// One answer: a status and a body.
    package struct Answer: Sendable {
        package var status: Int
        package var body: String

        package init(_ status: Int, _ body: String = "") {
            self.status = status
            self.body = body
        }
    }

    package let port: UInt16
    private let socket: Int32
    private let lock = NSLock()
    private var answers: [Answer]
    private var received: [Data] = []

    /// Starts listening; the last answer repeats once the script runs out.
    package init(answers: [Answer]) throws {
        self.answers = answers
        #if canImport(Darwin)
            let stream = SOCK_STREAM
        #else
            let stream = Int32(SOCK_STREAM.rawValue)
        #endif
        let socket = Foundation.socket(AF_INET, stream, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(socket, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        self.socket = socket
        Thread.detachNewThread { [self] in serve() }
    }

    deinit {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }

    /// The bodies of the requests received so far, in order.
    package var bodies: [Data] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    package var url: String { "http://127.0.0.1:\(port)/answers" }

    private func serve() {
        while true {
            let client = accept(socket, nil, nil)
            guard client >= 0 else { return }
            handle(client)
            close(client)
        }
    }

    private func handle(_ client: Int32) {
        var request = Data()
        var buffer = [UInt8](repeating: 0, count: 8192)
        var bodyStart: Int?
        var length = 0
        while bodyStart.map({ request.count < $0 + length }) ?? true {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return }
            request.append(contentsOf: buffer[0..<count])
            if bodyStart == nil, let end = request.range(of: Data("\r\n\r\n".utf8)) {
                bodyStart = end.upperBound
                let head = String(decoding: request[..<end.lowerBound], as: UTF8.self).lowercased()
                for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
                    length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
        }
        lock.lock()
        received.append(request.suffix(from: bodyStart ?? request.endIndex))
        let answer = answers.count > 1 ? answers.removeFirst() : answers.first ?? Answer(200)
        lock.unlock()
        let reply =
            "HTTP/1.1 \(answer.status) Scripted\r\nContent-Type: text/plain\r\nContent-Length: \(answer.body.utf8.count)\r\n"
            + "Connection: close\r\n\r\n" + answer.body
        _ = Array(reply.utf8).withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
    }
}
