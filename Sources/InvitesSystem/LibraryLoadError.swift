/// A library that `invites` loads only when it first needs it (GMime to read or write mail, GIO
/// to notify) is not there: a broken installation, reported as the loader saw it, with the
/// package that brings the library back.
package struct LibraryLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    package var description: String

    /// The memberwise initializer, for the targets above this one.
    package init(description: String) {
        self.description = description
    }
}
