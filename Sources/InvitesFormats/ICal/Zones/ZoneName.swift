/// The gate every zone name passes before libical is asked for it.
///
/// libical 3.0 finds a zone it does not list in `zone.tab` by opening
/// `<zoneinfo directory>/<name>` (`icaltzutil_fetch_timezone`, `snprintf("%s/%s")` and `fopen`,
/// no check of the name), and TZIDs, `--tz`, `tz =`, `X-WR-TIMEZONE` and a push payload's
/// `timezone` are all written by someone else. `TZID=../../../../dev/tty` opened the terminal
/// and waited for the user to type; any readable file could be opened. Only a name spelled as the
/// zone database spells its names is let through (tz's theory.html, "Names of timezones"):
/// components of ASCII letters, digits, `_`, `-` and `+`, none empty, none starting with `-` or
/// `+`, none longer than 14 characters, at most four of them (`right/America/Argentina/Salta`),
/// joined by single `/` with none at either end. `.` and `..` cannot be spelled, nor an absolute
/// path, a NUL (which C would end the name at) or a line break. A name refused is an unknown zone.
enum ZoneName {
    /// The most characters one component may have: tzdata keeps to POSIX's portable 14.
    static let componentLimit = 14
    /// The most components a name may have: `posix/` or `right/` before a three-part name.
    static let componentCountLimit = 4

    /// Whether `name` is spelled as a zone database name, and so may reach libical's loader.
    static func allows(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= componentLimit * componentCountLimit + componentCountLimit - 1 else {
            return false
        }
        let components = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard components.count <= componentCountLimit else { return false }
        return components.allSatisfy(allowsComponent)
    }

    /// Whether `name` climbs out of a folder (a `.` or `..` component) or holds a control
    /// character (NUL, a line break): such a name is no zone by any reading, not even by its last
    /// components, as a vendor's prefixed name (`/mozilla.org/20050126_1/Europe/Berlin`) is read.
    static func isPath(_ name: String) -> Bool {
        name.utf8.contains { $0 < 0x20 || $0 == 0x7F }
            || name.split(separator: "/").contains { $0 == ".." || $0 == "." }
    }

    private static func allowsComponent(_ component: ArraySlice<UInt8>) -> Bool {
        guard let first = component.first, component.count <= componentLimit,
            first != UInt8(ascii: "-"), first != UInt8(ascii: "+")
        else { return false }
        return component.allSatisfy(isNameByte)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"):
            return true
        default:
            return false
        }
    }
}
