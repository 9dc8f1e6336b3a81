import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

@testable import InvitesCLI
@testable import InvitesFormats

/// The timelines of `show`, `day` and `review` label their rows with the titles as written, in
/// any script, under a UTF-8 locale: a row is known only by its title. Widths are counted in
/// terminal cells, right-to-left titles are isolated, and only a locale that cannot show them
/// gets them transliterated.
@Suite struct TimelineTitlesTests {
    let fixtures = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/scripts")

    /// Japanese, Hebrew, Arabic, Cyrillic and accented Latin titles in the calendar, a Russian
    /// invitation among them, on 15 April 2026, the clock two weeks before.
    func harness(_ locale: [String: String]) -> CLIHarness {
        var cli = CLIHarness()
        cli.now = { Date.utc("2026-04-01T00:00:00Z") }
        cli.variables.merge(locale) { $1 }
        #expect(cli.run(options() + ["ingest", fixtures + "/invite.json"]).status == 0)
        return cli
    }

    func options() -> [String] { ["--calendar", fixtures + "/calendar.ics", "--tz", "UTC"] }

    static let titles = ["定例会議", "ישיבת צוות", "اجتماع", "Встреча", "Café à Köln", "Планёрка"]

    func checkCells(_ text: String, width: Int) {
        for line in text.split(separator: "\n") where !line.hasPrefix("  join") {
            #expect(DisplayWidth.of(String(line)) <= width, "\(line)")
        }
    }

    /// Every Hebrew and Arabic letter stands between FSI and PDI, each isolate closed on its
    /// line, so no title can reorder a row; no line begins with the FSI, which tmux drops
    /// there (keeping the PDI, and shifting the row on the terminal it draws on).
    func checkIsolation(_ text: String) {
        for line in text.split(separator: "\n") {
            #expect(!line.hasPrefix("\u{2068}"), "\(line)")
            var depth = 0
            for scalar in line.unicodeScalars {
                if scalar == "\u{2068}" { depth += 1 }
                if scalar == "\u{2069}" { depth -= 1 }
                if (0x0590...0x08FF).contains(scalar.value) { #expect(depth == 1, "\(line)") }
            }
            #expect(depth == 0, "\(line)")
        }
    }

    @Test(arguments: [40, 80, 132])
    func showInFourScripts(width: Int) throws {
        let cli = harness(["LANG": "C.UTF-8"])
        let show = cli.run(options() + ["show", "41", "--width", "\(width)"])
        #expect(show.status == 0, "\(show.err)")
        #expect(!show.out.contains("??"))
        for title in ["定例", "ישיבת", "اجتماع", "Встреча", "Caf"] { #expect(show.out.contains(title), "\(title)") }
        #expect(show.out.contains("\u{2068}ישיבת"))
        checkCells(show.out, width: width)
        checkIsolation(show.out)
        try Snapshot.assert(show.out, named: "show-scripts-\(width)")
    }

    @Test(arguments: [40, 80, 132])
    func dayInFourScripts(width: Int) throws {
        let cli = harness(["LANG": "en_US.UTF-8"])
        let day = cli.run(options() + ["day", "2026-04-15", "--width", "\(width)"])
        #expect(day.status == 0, "\(day.err)")
        #expect(!day.out.contains("??"))
        for title in ["定例", "ישיבת", "اجتماع", "Встреча", "Caf", "Планёр", "חופשה"] {
            #expect(day.out.contains(title), "\(title)")
        }
        #expect(day.out.contains("all day: \u{2068}חופשה בצפון\u{2069} (free)"))
        checkCells(day.out, width: width)
        checkIsolation(day.out)
        try Snapshot.assert(day.out, named: "day-scripts-\(width)")
    }

    /// The locale is LC_ALL, then LC_CTYPE, then LANG: a `C` one, or none, cannot show the
    /// titles, which are transliterated rather than replaced by `?`.
    @Test(arguments: [
        ["LANG": "C"], ["LC_ALL": "C", "LANG": "en_US.UTF-8"], ["LC_CTYPE": "POSIX", "LANG": "C.UTF-8"], [:],
    ])
    func aLocaleThatCannotShowThemTransliterates(locale: [String: String]) throws {
        let cli = harness(locale)
        let day = cli.run(options() + ["day", "2026-04-15", "--width", "132"])
        #expect(day.status == 0)
        #expect(day.out.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(day.out.contains("Vstreca s komandoj"))
        #expect(day.out.contains("Cafe a Koln"))
        #expect(!day.out.contains("???"))
    }

    /// LC_ALL wins over LANG the other way too.
    @Test func aUTF8LocaleInLCALLWins() {
        let cli = harness(["LC_ALL": "de_DE.utf8", "LANG": "C"])
        let show = cli.run(options() + ["show", "41", "--width", "80"])
        #expect(show.out.contains("Встреча"))
    }
}
