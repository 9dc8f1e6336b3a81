import Testing

@testable import InvitesFormats
@testable import InvitesKit

/// Columns as a terminal draws them: wide scripts and emoji take two, combining marks none.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("Standup", 7), ("日本語", 6), ("한국어", 6), ("ｆｕｌｌ", 8), ("e\u{301}te\u{301}", 3), ("Ünïcödé", 7),
        ("👍", 2), ("👩‍💻", 2), ("❤️", 2), ("a\u{200B}b", 2), ("", 0), ("Straße – Café", 13),
    ])
    func widths(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test("Fitting cuts at a column and never splits a wide character")
    func fittingCutsAtAColumnAndNeverSplitsAWideCharacter() {
        #expect(DisplayWidth.fit("Standup", to: 10) == "Standup")
        #expect(DisplayWidth.fit("Quarterly planning", to: 10) == "Quarter...")
        #expect(DisplayWidth.fit("日本語テキスト", to: 7) == "日本...")
        #expect(DisplayWidth.fit("日本語テキスト", to: 8) == "日本...")
        #expect(DisplayWidth.fit("日本語テキスト", to: 9) == "日本語...")
        #expect(DisplayWidth.fit("e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}", to: 4) == "e\u{301}...")
        #expect(DisplayWidth.fit("anything", to: 2) == "..")
        #expect(
            DisplayWidth.wrap("Tue 10 Apr 2018 09:30-10:30 PDT", to: 20, indent: 2) == [
                "Tue 10 Apr 2018", "  09:30-10:30 PDT",
            ])
        #expect(DisplayWidth.wrap("東京本社第三会議室十二階", to: 10, indent: 0) == ["東京本社第", "三会議室十", "二階"])
        #expect(DisplayWidth.wrap(String(repeating: "word ", count: 40), to: 20, limit: 2).count == 2)
        #expect(DisplayWidth.wrap("", to: 20) == [""])
        for width in 0...20 {
            #expect(DisplayWidth.of(DisplayWidth.fit("四半期の予算レビューと計画", to: width)) <= width)
        }
    }
}
