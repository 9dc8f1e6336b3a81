import Foundation

/// Why no reply can be made.
public enum ReplyError: Error, Equatable, Sendable, CustomStringConvertible {
    case noAnswer(handle: String)
    case noAddress
    case noOrganizer(handle: String)
    case announcement(handle: String)

    public var description: String {
        switch self {
        case .noAnswer(let handle):
            return "\(handle) has no answer yet: accept, decline or tentative first"
        case .noAddress:
            return "replying needs your address"
        case .noOrganizer(let handle):
            return "\(handle) names no ORGANIZER to reply to"
        case .announcement(let handle):
            return "\(handle) was published (METHOD:PUBLISH), not an invitation: it expects no reply"
        }
    }
}
