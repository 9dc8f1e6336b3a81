import Foundation
import InvitesKit
import InvitesSystem

/// How wide and how tall a terminal is, asked of the terminal itself.
///
/// Shells keep `COLUMNS` as a shell variable and do not export it, so a program started from
/// bash never sees it; the kernel knows the size of every terminal (`TIOCGWINSZ`), and it is
/// the size now, after any resize.
enum TerminalSize {
    /// The columns of the terminal `descriptor` is; `nil` when it is not a terminal or the
    /// terminal does not know (a pseudo-terminal nobody sized says 0).
    static func columns(of descriptor: Int32) -> Int? {
        guard let size = try? Posix.windowSize(descriptor), size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The rows of the terminal `descriptor` is; `nil` as for ``columns(of:)``.
    static func rows(of descriptor: Int32) -> Int? {
        guard let size = try? Posix.windowSize(descriptor), size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }
}
