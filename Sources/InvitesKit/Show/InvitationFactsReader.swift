import Foundation
import InvitesFormats
import InvitesModel

/// Works out an invitation's ``InvitationFacts`` from what the inbox holds of it: the series'
/// message, expanded to its end once, and the organizer's own instances.
///
/// It is run for the invitations whose facts are missing (new, changed, or kept by an earlier
/// `invites`), so an inbox pays for each version of each invitation once.
struct InvitationFactsReader {
    /// Two days: all-day dates and floating times end at midnight or a wall-clock time in the
    /// display zone, and zones lie up to 26 hours apart; the display zone may be another by the
    /// next call.
    static let zoneMargin: TimeInterval = 172_800
    /// More instances than this and the series is treated as going on: a bound, never a miss.
    static let instanceLimit = 2_000

    /// The facts of each invitation, its series expanded once per message for every invitation
    /// the message carries.
    func facts(of invitations: [StoredInvite], display: DisplayZone) -> [InvitationFacts] {
        let outlines = invitations.map { $0.invite.properties?.outline ?? .none }
        let messages = invitations.map { TaskSeries.expandable($0, display: display) }
        var recurring: [Data: Set<String>] = [:]
        for (index, outline) in outlines.enumerated() where outline.recurs && !outline.isEndless {
            recurring[messages[index], default: []].insert(invitations[index].invite.uid)
        }
        var lastEnds: [Data: [String: Date]] = [:]
        var unbounded: [Data: Set<String>] = [:]
        let query = CalendarQuery(sources: [], display: display, me: MyAddresses([]), clock: { Date() })
        for (message, uids) in recurring {
            let found = query.occurrences(
                inMessage: message, of: uids, in: StorableTime.interval,
                instanceLimit: InvitationFactsReader.instanceLimit)
            var counts: [String: Int] = [:]
            for occurrence in found.occurrences {
                counts[occurrence.uid, default: 0] += 1
                guard occurrence.free != .cancelled else { continue }
                lastEnds[message, default: [:]][occurrence.uid] = max(
                    lastEnds[message]?[occurrence.uid] ?? occurrence.end, occurrence.end)
            }
            unbounded[message] =
                found.ranOut ? uids : Set(counts.filter { $0.value >= InvitationFactsReader.instanceLimit }.keys)
        }
        return invitations.indices.map { index in
            let (stored, outline, message) = (invitations[index], outlines[index], messages[index])
            let invite = stored.invite
            if outline.isEndless || (outline.recurs && unbounded[message, default: []].contains(invite.uid)) {
                return InvitationFacts(overAfter: nil, revision: stored.revision)
            }
            var ends: [Date?] = [invite.end, invite.dates.map(utcEnd), lastEnds[message]?[invite.uid]]
            for instance in stored.instances.compactMap(\.organizer) where !instance.cancelled {
                ends += [instance.end, instance.dates.map(utcEnd)]
            }
            let last = ends.compactMap { $0 }.max() ?? invite.end
            return InvitationFacts(
                overAfter: last.addingTimeInterval(InvitationFactsReader.zoneMargin), revision: stored.revision)
        }
    }

    /// An all-day end at midnight UTC, which ``zoneMargin`` puts past its midnight in any zone.
    private func utcEnd(_ dates: Occurrence.AllDayDates) -> Date {
        dates.endExclusive.midnight(in: TimeZone(secondsFromGMT: 0) ?? .current)
    }
}
