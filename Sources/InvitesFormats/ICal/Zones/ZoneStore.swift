internal import CLibical
import Foundation
import InvitesModel

/// The VTIMEZONEs of one query, each parsed once and freed together.
package final class ZoneStore {
    /// One VTIMEZONE as libical reads it, with the stretch of time its transitions cover
    /// (``VTimezoneSpan``); `span` is `nil` when it names no usable onset.
    struct Embedded {
        var tzid: String
        var zone: OpaquePointer
        var span: ClosedRange<Int>?
    }

    private var byText: [UInt64: Embedded?] = [:]
    private var owned: [OpaquePointer] = []
    /// The zones found by name so far (`nil` for a name none is found for), by how they were
    /// looked up: libical finds a built-in zone by comparing the name with each of its ~600 in
    /// turn, and the thousands of vdir items that can reach a day name the same few zones.
    private var byName: [LookUp: [String: OpaquePointer?]] = [:]

    /// The ways a zone is looked up by name (``ZoneResolver``'s).
    enum LookUp {
        /// By its IANA name, as the system knows it.
        case system
        /// By any name a producer writes.
        case named
    }

    /// An empty store, made by each query above this target.
    package init() {}

    deinit {
        for zone in owned { icaltimezone_free(zone, 1) }
    }

    /// The TZID and zone of a VTIMEZONE block, parsed the first time its bytes are seen.
    func zone(forBlock bytes: UnsafeRawBufferPointer) -> Embedded? {
        let key = StableHash.fnv1a(bytes)
        if let known = byText[key] { return known }
        let made = ICalComponent.parse(bytes).flatMap(make)
        byText[key] = made
        return made
    }

    /// The zone `lookUp` finds for `name`, looked up once per query.
    func zone(
        named name: String, by lookUp: LookUp, _ find: (String) -> OpaquePointer?
    ) -> OpaquePointer? {
        if let known = byName[lookUp]?[name] { return known }
        let found = find(name)
        byName[lookUp, default: [:]][name] = .some(found)
        return found
    }

    func zone(for vtimezone: ICalComponent) -> Embedded? {
        make(vtimezone)
    }

    private func make(_ vtimezone: ICalComponent) -> Embedded? {
        guard vtimezone.kind == ICAL_VTIMEZONE_COMPONENT,
            let tzid = vtimezone.firstProperty(ICAL_TZID_PROPERTY)?.value, !tzid.isEmpty,
            VTimezoneLimits.allow(vtimezone),
            let zone = icaltimezone_new()
        else { return nil }
        guard let raw = icalcomponent_new_clone(vtimezone.raw), icaltimezone_set_component(zone, raw) != 0 else {
            icaltimezone_free(zone, 1)
            return nil
        }
        owned.append(zone)
        return Embedded(tzid: tzid, zone: zone, span: VTimezoneSpan.of(vtimezone))
    }
}
