internal import CLibical

/// One-time process set-up for libical.
///
/// libical aborts on the first error by default; a calendar written by a stranger must never take
/// the process down, so errors are made non-fatal before anything is parsed.
enum LibICal {
    private static let configured: Bool = {
        icalerror_set_errors_are_fatal(0)
        return true
    }()

    /// Makes sure the process-wide settings are in force; cheap after the first call.
    static func configure() {
        precondition(configured, "libical configuration runs once")
    }

    /// The shared library libical was loaded from, when the loader says.
    static let libraryPath: String? = CLibical_library_path().map { String(cString: $0) }
}
