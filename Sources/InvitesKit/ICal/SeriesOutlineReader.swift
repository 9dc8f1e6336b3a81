internal import CLibical
import Foundation

/// Reads the ``SeriesOutline`` of invitations, parsing each message once: a message that
/// carries 3,000 invitations is one parse for all of them, not 3,000 parses of the whole
/// message, which made a listing of such an inbox take minutes.
///
/// Messages are told apart by their bytes; the store hands every invitation of a message the
/// same buffer, so telling two apart costs no comparison of their contents.
public final class SeriesOutlineReader {
    private var byMessage: [Data: [String: SeriesOutline]] = [:]

    public init() {}

    /// The outline of an invitation's series: what its master (from the message that carried
    /// it) says of how it repeats.
    public func outline(of stored: StoredInvite) -> SeriesOutline {
        let invite = stored.invite
        guard invite.source != .push, invite.recurrenceID == nil else { return .none }
        return outlines(in: invite.raw)[invite.uid] ?? .none
    }

    /// Every master VEVENT of a message that recurs, by UID. Messages that mention neither
    /// RRULE nor RDATE are not parsed at all: most invitations are one-off.
    private func outlines(in raw: Data) -> [String: SeriesOutline] {
        if let known = byMessage[raw] { return known }
        var found: [String: SeriesOutline] = [:]
        if raw.range(of: Data("RRULE".utf8)) != nil || raw.range(of: Data("RDATE".utf8)) != nil {
            let calendars =
                raw.withUnsafeBytes { ICalComponent.parse($0) }?.selfOrChildren(ICAL_VCALENDAR_COMPONENT) ?? []
            for event in calendars.flatMap({ $0.children(ICAL_VEVENT_COMPONENT) })
            where event.firstProperty(ICAL_RECURRENCEID_PROPERTY) == nil {
                guard let uid = event.text(ICAL_UID_PROPERTY), found[uid] == nil else { continue }
                let outline = SeriesOutline(
                    rules: event.properties(ICAL_RRULE_PROPERTY).compactMap(\.value),
                    extraDates: event.properties(ICAL_RDATE_PROPERTY).reduce(0) { count, property in
                        count + (property.value?.split(separator: ",").count ?? 1)
                    })
                if outline.recurs { found[uid] = outline }
            }
        }
        byMessage[raw] = found
        return found
    }
}
