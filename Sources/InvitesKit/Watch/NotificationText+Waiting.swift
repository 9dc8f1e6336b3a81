import Foundation
import InvitesFormats
import InvitesModel

/// What the one notification says of the invitations already waiting when `watch` starts:
/// `50 invitations waiting`, and the first few titles. A Maildir that holds fifty unanswered
/// invitations once gave fifty notifications at once; its Show action (`Review`) opens
/// `review`, which goes through them all.
extension NotificationText {
    /// How many titles the body names before "and N more".
    static let namedWaiting = 3

    /// The summary and the body for `invitations` (at least four), every title made printable
    /// and each line bounded as any notification's is.
    package static func waiting(_ invitations: [StoredInvite]) -> (summary: String, body: String) {
        let titles = invitations.prefix(namedWaiting).map {
            fitted(Printable.title($0.invite.title), cells: longestConflictTitle)
        }
        let more = invitations.count - titles.count
        var body = titles.joined(separator: ", ")
        if more > 0 { body += " and \(more) more" }
        return ("\(invitations.count) invitations waiting", fitted(body))
    }
}
