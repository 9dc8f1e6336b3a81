internal import CGLibOnDemand
import InvitesSystem

/// GMime, loaded and initialised the first time mail is read or written (CGLibOnDemand), so
/// that the commands that never touch mail start without it.
enum GMimeLibrary {
    static func load() throws(LibraryLoadError) {
        if let failure = lazy_load_gmime() { throw LibraryLoadError(description: String(cString: failure)) }
    }
}
