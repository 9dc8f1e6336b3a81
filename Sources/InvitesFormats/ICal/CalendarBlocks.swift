internal import CLibical
import Foundation
import InvitesModel

/// What the calendar writer needs libical for: which instance a VEVENT block of your calendar
/// is, and how to keep what is yours in a block the organizer's new version replaces.
package enum CalendarBlocks {
    /// The ``RecurrenceKey`` of each VEVENT block (`nil` for a master), its TZIDs resolved with
    /// the calendar's own VTIMEZONE blocks; a block libical cannot read is `nil` too.
    package static func keys(
        of blocks: [Range<Int>], zones: [Range<Int>], in bytes: UnsafeRawBufferPointer, display: DisplayZone
    ) -> [String?] {
        let resolver = ZoneResolver(display: display)
        for zone in zones { resolver.register(block: UnsafeRawBufferPointer(rebasing: bytes[zone])) }
        return blocks.map { block in
            guard
                let event = ICalComponent.parse(UnsafeRawBufferPointer(rebasing: bytes[block]))?
                    .selfOrScheduled().first
            else { return nil }
            return ICalDocument.recurrenceID(of: event, resolver: resolver)
        }
    }

    /// The ORGANIZER and title of each VEVENT block, for telling whose component it is before
    /// an invitation writes over it; a block libical cannot read names no organizer.
    package static func owners(of blocks: [Range<Int>], in bytes: UnsafeRawBufferPointer) -> [CalendarClaim.Holder] {
        blocks.map { block in
            guard
                let event = ICalComponent.parse(UnsafeRawBufferPointer(rebasing: bytes[block]))?
                    .selfOrScheduled().first
            else { return CalendarClaim.Holder(organizer: nil, title: "") }
            return CalendarClaim.Holder(
                organizer: ICalDocument.organizer(of: event), title: event.text(ICAL_SUMMARY_PROPERTY) ?? "")
        }
    }

    /// The new text of a component, carrying over from the block it replaces what the organizer
    /// does not own: the alarms you added, and `X-` properties other clients wrote that the new
    /// version does not have. The text is returned as it is when there is nothing to carry.
    package static func keepingYours(new text: String, old block: UnsafeRawBufferPointer) -> String {
        guard let old = ICalComponent.parse(block)?.selfOrScheduled().first,
            let new = ICalComponent.parse(text)?.selfOrScheduled().first
        else { return text }
        var changed = false
        if new.children(ICAL_VALARM_COMPONENT).isEmpty {
            for alarm in old.children(ICAL_VALARM_COMPONENT) {
                new.add(child: alarm)
                changed = true
            }
        }
        let present = Set(new.properties(ICAL_X_PROPERTY).compactMap { $0.xName?.uppercased() })
        for property in old.properties(ICAL_X_PROPERTY) {
            guard let name = property.xName?.uppercased(), !name.hasPrefix("X-LIC-"), !present.contains(name) else {
                continue
            }
            new.add(icalproperty_new_clone(property.raw))
            changed = true
        }
        return changed ? new.serialized : text
    }
}
