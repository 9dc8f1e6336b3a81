internal import CLibical

/// One-time process set-up for libical.
///
/// libical aborts on the first error by default; a calendar written by a stranger must never take
/// the process down, so errors are made non-fatal before anything is parsed.
///
/// Items of a vdir are parsed and expanded on several threads at once. libical 3.0 keeps its
/// error number and scratch buffers per thread, and takes a lock around its built-in zones and
/// around the transitions a zone computes as it is used; ICU's calendars, which its recurrence
/// iterators make, are per iterator. The one thing it sets up unguarded is the prefix of its
/// built-in zones' TZIDs, the first time it is needed: looking up a TZID here needs it, before
/// any other thread can.
package enum LibICal {
    private static let configured: Bool = {
        icalerror_set_errors_are_fatal(0)
        _ = icaltimezone_get_builtin_timezone_from_tzid("/")
        return true
    }()

    /// Makes sure the process-wide settings are in force; cheap after the first call.
    static func configure() {
        precondition(configured, "libical configuration runs once")
    }

    /// The shared library libical was loaded from, when the loader says.
    package static let libraryPath: String? = CLibical_library_path().map { String(cString: $0) }
}
