/// Where the reply to an answer stands.
public enum Delivery: String, Sendable, Hashable, CaseIterable {
    /// A reply is owed to the organizer and has not been handed on.
    case pending
    /// The reply was handed on.
    case sent
    /// Nothing is owed: a comment kept for yourself, a cancellation, an announcement.
    case none
}
