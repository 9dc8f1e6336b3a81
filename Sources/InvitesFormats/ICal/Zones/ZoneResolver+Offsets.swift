internal import CLibical

extension ZoneResolver {
    /// The offsets from UTC, in seconds east, that libical can give a wall time in `vtimezone`:
    /// every TZOFFSETFROM and TZOFFSETTO of its STANDARD and DAYLIGHT parts, and 0 when no
    /// part has both a DTSTART and a TZOFFSETTO (libical then has no change to read one from).
    ///
    /// A byte-level filter bounds an event in a zone by these rather than by any zone's: an
    /// instant is its wall time less one of them (``ICalTimeValue/instant(display:)``).
    static func offsets(of vtimezone: ICalComponent) -> ClosedRange<Int> {
        var lower = Int.max
        var upper = Int.min
        var changes = false
        for kind in [ICAL_XSTANDARD_COMPONENT, ICAL_XDAYLIGHT_COMPONENT] {
            for part in vtimezone.children(kind) {
                let to = part.properties(ICAL_TZOFFSETTO_PROPERTY)
                let from = part.properties(ICAL_TZOFFSETFROM_PROPERTY)
                for offset in to.map({ Int(icalproperty_get_tzoffsetto($0.raw)) })
                    + from.map({ Int(icalproperty_get_tzoffsetfrom($0.raw)) })
                {
                    lower = min(lower, offset)
                    upper = max(upper, offset)
                }
                if !to.isEmpty, part.firstProperty(ICAL_DTSTART_PROPERTY) != nil { changes = true }
            }
        }
        if !changes {
            lower = min(lower, 0)
            upper = max(upper, 0)
        }
        return lower...upper
    }

    /// The TZID of a VTIMEZONE block, as ``register(block:)`` takes it, and its offsets; `nil`
    /// when libical reads no TZID from it.
    package static func offsets(ofBlock bytes: UnsafeRawBufferPointer) -> (tzid: String, offsets: ClosedRange<Int>)? {
        guard let component = ICalComponent.parse(bytes), component.kind == ICAL_VTIMEZONE_COMPONENT,
            let tzid = component.text(ICAL_TZID_PROPERTY), !tzid.isEmpty
        else { return nil }
        return (tzid, offsets(of: component))
    }

    /// The offsets of the zone a TZID names without an embedded VTIMEZONE (any of the ways
    /// ``zone(for:)`` knows), or `nil` when none knows it and its times are floating.
    ///
    /// Safe on any thread: a built-in zone's component is read through a copy, since walking
    /// libical's own would move the iterators it keeps inside it while another thread expands.
    package static func offsets(named tzid: String) -> ClosedRange<Int>? {
        LibICal.configure()
        return named(tzid).flatMap(offsets(ofZone:))
    }

    /// The offsets of one of libical's zones; `nil` when its definition cannot be copied.
    private static func offsets(ofZone zone: OpaquePointer) -> ClosedRange<Int>? {
        guard zone != utc, let shared = icaltimezone_get_component(zone) else { return 0...0 }
        guard let copy = icalcomponent_new_clone(shared) else { return nil }
        return offsets(of: ICalComponent.adopt(copy))
    }

    /// The offsets floating times and dates can be read with in `display` (UTC for a name
    /// libical does not know, as ``init(display:store:)`` takes it), 0 among them: a block's
    /// times in UTC are bounded together with its floating ones. `nil` when not known.
    package static func offsets(display: DisplayZone) -> ClosedRange<Int>? {
        LibICal.configure()
        guard let zone = builtin(display.identifier) else { return 0...0 }
        return offsets(ofZone: zone).map { min($0.lowerBound, 0)...max($0.upperBound, 0) }
    }
}
