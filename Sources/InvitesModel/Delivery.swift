/// Where the reply to an answer stands, as the history shows it.
///
/// An entry meant for the organizer points at the outbox message that carries it; a newer answer
/// supersedes a message not yet sent and takes along the older entries it still reports, since a
/// reply reports the whole state of the invitation. Those it does not carry (an answer it
/// replaced) are superseded: the history must not say sent for them.
package enum Delivery: String, Sendable, Hashable, CaseIterable {
    /// Nothing is owed: a comment kept for yourself, a cancellation, an announcement.
    case none
    /// In the outbox, waiting for `invites send` (perhaps after failed attempts).
    case queued
    /// A `send` is handing it over right now.
    case sending
    /// Handed over: to the mail command, which exited 0, or to the server, which answered 2xx.
    case sent
    /// Given up: the server refused it (4xx). `invites send --again` tries once more.
    case failed
    /// A `send` was killed while handing it over: it may or may not have gone. Mail is never
    /// sent twice on its own (at most once); `invites send --again` sends it again.
    case interrupted
    /// An outbox message replaced, before it was handed over, by a newer one for the same
    /// invitation: a reply by a reply, a proposal by a proposal for the same component. For a
    /// history entry: replaced by a newer message that does not carry it (a decline by an
    /// accept's reply), so neither it nor its comment was sent; the entries a newer reply still
    /// reports move to it instead.
    case superseded
    /// An outbox message that was waiting when the organizer cancelled the invitation: the
    /// meeting is off, so it is never sent (not by `send --again` either).
    case withdrawn
    /// Owed but never queued: answered before the outbox existed, or when no reply could be made
    /// (your address unknown). `invites reply` prints it.
    case pending
    /// Your calendar server sends the reply (RFC 6638 scheduling) once the changed item reaches
    /// it through your sync; invites queues nothing, so the organizer is answered once.
    case server
    /// Printed by `invites reply` before the outbox existed; whether it went on is unknown.
    case printed
    /// Held until your calendar server's copy of a mailed invitation arrives: the answer then
    /// goes into that copy and the server replies, once; a copy that does not come in time
    /// (the `server_wait` setting) makes invites write the calendar and reply itself.
    case held
    /// Held for your calendar server's copy, and the organizer moved the meeting (or the
    /// occurrence) before it came or the wait ended: the answer was to the earlier time, so it
    /// never went, neither into the copy (the server would have accepted the new time for you)
    /// nor by mail; the invitation is pending again.
    case outdated
}
