import Foundation
import Testing

@testable import InvitesFormats
@testable import InvitesKit

/// The timelines' labels: titles as written under UTF-8, measured and cut in terminal cells,
/// right-to-left ones isolated; transliterated under any other locale.
@Suite struct TimelineTextTests {
    let unicode = TimelineText(charset: .unicode)
    let ascii = TimelineText(charset: .ascii)

    @Test func aWideTitleIsCutAtACellBoundary() {
        // Eight cells of Japanese in six: the third character would straddle the ellipsis, so
        // two characters, the ellipsis and a space.
        let label = unicode.pad("定例会議", 6)
        #expect(label == "定例… ")
        #expect(DisplayWidth.of(label) == 6)
        #expect(unicode.pad("定例会議", 7) == "定例会…")
        #expect(unicode.pad("定例会議", 8) == "定例会議")
    }

    @Test func combiningMarksTakeNoCell() {
        let label = unicode.pad("Cafe\u{301}", 6)
        #expect(label == "Cafe\u{301}  ")
        #expect(DisplayWidth.of(label) == 6)
    }

    /// A row's label isolated starts one blank in: tmux drops an FSI in the first column.
    @Test func rightToLeftIsIsolatedAndClosedWhenCut() {
        #expect(unicode.pad("שלום", 6) == " \u{2068}שלום\u{2069} ")
        #expect(unicode.pad("اجتماع الفريق", 6) == " \u{2068}اجتم…\u{2069}")
        #expect(DisplayWidth.of(unicode.pad("اجتماع الفريق", 6)) == 6)
        #expect(unicode.pad("Standup", 8) == "Standup ")
        let line = unicode.fit("all day: " + unicode.label("ישיבת צוות") + " (free)", 14)
        #expect(line == "all day: \u{2068}ישיב\u{2069}…")
        #expect(DisplayWidth.of(line) == 14)
    }

    /// A title's own isolates and overrides are made visible: only ours isolate.
    @Test func strangersIsolatesAreNeutralised() {
        #expect(unicode.clean("a\u{2068}b\u{202E}c") == "a<U+2068>b<U+202E>c")
    }

    @Test func anASCIILocaleTransliterates() {
        #expect(ascii.clean("Встреча") == "Vstreca")
        #expect(ascii.clean("Köln") == "Koln")
        #expect(ascii.clean("定例").allSatisfy { $0.isASCII })
        #expect(!ascii.clean("定例").contains("?"))
        #expect(ascii.pad("Встреча с командой", 9) == "Vstrec...")
    }

    @Test(arguments: [
        (["LANG": "en_US.UTF-8"], TerminalCharset.unicode), (["LANG": "C.utf8"], .unicode),
        (["LC_ALL": "de_DE.UTF-8@euro"], .unicode), (["LC_ALL": "C", "LANG": "en_US.UTF-8"], .ascii),
        (["LC_ALL": "", "LC_CTYPE": "ja_JP.UTF-8", "LANG": "C"], .unicode), (["LANG": "en_US.ISO-8859-1"], .ascii),
        ([:], .ascii), (["LANG": "POSIX"], .ascii),
    ])
    func theLocaleSaysTheCharset(variables: [String: String], charset: TerminalCharset) {
        #expect(TerminalCharset(environment: variables) == charset)
    }
}
