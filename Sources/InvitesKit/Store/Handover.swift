import Foundation
import InvitesModel

/// How handing a message over went.
package enum Handover: Sendable, Equatable {
    case sent
    /// Failed for now: it stays queued, and waits until `retryAt` (if any) when a `send` comes.
    case retry(error: String, retryAt: Date?)
    /// Refused for good: failed, until the user asks again.
    case refused(error: String)
    /// Cut off where it may or may not have gone: interrupted, never sent again on its own.
    case uncertain(error: String)

    /// The state it leaves the message in.
    package var state: Delivery {
        switch self {
        case .sent: return .sent
        case .retry: return .queued
        case .refused: return .failed
        case .uncertain: return .interrupted
        }
    }

    package var error: String? {
        switch self {
        case .sent: return nil
        case .retry(let error, _), .refused(let error), .uncertain(let error): return error
        }
    }

    package var retryAt: Date? {
        guard case .retry(_, let at) = self else { return nil }
        return at
    }

    /// The message as this leaves it.
    func applied(to message: OutboxMessage, tries: Int, now: Date) -> OutboxMessage {
        var result = message
        result.state = state
        result.lastError = error
        result.nextTry = retryAt
        result.attempts += max(tries, 1)
        result.sentAt = state == .sent ? now : nil
        return result
    }
}
