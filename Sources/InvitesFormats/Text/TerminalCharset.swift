import Foundation

/// What the terminal can show, as the locale says: any character (a UTF-8 locale), or only
/// ASCII.
///
/// The timelines label their rows with the events' own titles, in whatever script they were
/// written; only a locale that cannot show them gets them transliterated. The locale is named by
/// the environment (`LC_ALL`, then `LC_CTYPE`, then `LANG`, the first one set and not empty, as
/// setlocale(3) reads them), which the caller passes in: the library reads no environment.
package enum TerminalCharset: Sendable, Hashable {
    /// A UTF-8 locale: titles are shown as written, measured in terminal cells.
    case unicode
    /// Any other locale, `C` and `POSIX` among them, and none at all: titles are transliterated
    /// to ASCII.
    case ascii

    /// The charset of the locale `variables` name.
    package init(environment variables: [String: String]) {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { variables[$0] }.first { !$0.isEmpty } ?? ""
        // `en_US.UTF-8`, `C.utf8`, `de_DE.utf-8@euro`: the codeset is between the dot and the modifier.
        let codeset = locale.split(separator: ".", maxSplits: 1).dropFirst().first?.split(separator: "@").first
        let name = codeset.map { $0.lowercased().replacingOccurrences(of: "-", with: "") } ?? ""
        self = name == "utf8" ? .unicode : .ascii
    }
}
