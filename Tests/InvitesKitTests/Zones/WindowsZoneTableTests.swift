import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// Every Windows name in CLDR's and Microsoft's tables, in every spelling Outlook has used, names
/// a zone the system has.
@Suite struct WindowsZoneTableTests {
    static let official: [(name: String, target: String)] = WindowsZoneTable.officialNameData.split(separator: "\n")
        .map { line in
            let fields = line.split(separator: "\t").map(String.init)
            return (fields[0], fields.count > 1 ? fields[1] : "")
        }

    static let displayNames = official.map(\.name).filter { $0.hasPrefix("(") }

    /// The spellings one display name has had: as written, with `and` for `&` (and back), with
    /// `(GMT` for `(UTC`, and in upper case.
    static func spellings(_ name: String) -> [String] {
        let swapped =
            name.contains(" & ")
            ? name.replacingOccurrences(of: " & ", with: " and ") : name.replacingOccurrences(of: " and ", with: " & ")
        return [name, swapped, "(GMT" + name.dropFirst(4), name.uppercased()]
    }

    @Test func everyOfficialNameMapsToAZoneTheSystemHas() {
        #expect(WindowsZoneTableTests.official.count == 161)
        for (name, _) in WindowsZoneTableTests.official {
            let iana = WindowsZoneTable.shared.iana(forWindowsName: name)
            #expect(iana.map(ZoneResolver.knows) == true, "\(name) -> \(iana ?? "nothing")")
        }
    }

    @Test func everyDisplayNameIsKnownInEverySpelling() {
        for name in WindowsZoneTableTests.displayNames {
            let expected = WindowsZoneTable.shared.iana(forWindowsName: name)
            for spelling in WindowsZoneTableTests.spellings(name) {
                #expect(WindowsZoneTable.shared.iana(forWindowsName: spelling) == expected, "\(spelling)")
            }
        }
    }

    @Test func noTwoSpellingsOfOneNameNameTwoZones() {
        var seen: [String: (String, String)] = [:]
        let all = WindowsZoneTable.cldrData + "\n" + WindowsZoneTable.displayNameData
        let names =
            all.split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) }
            + WindowsZoneTableTests.displayNames
        for name in names where name.hasPrefix("(") {
            let iana = WindowsZoneTable.shared.iana(forWindowsName: name) ?? ""
            let key = WindowsZoneTable.normalized(name)
            if let (other, otherIANA) = seen[key] {
                #expect(otherIANA == iana, "\(other) and \(name) are one name for two zones")
            }
            seen[key] = (name, iana)
        }
    }

    @Test(arguments: [
        ("(UTC-05:00) Eastern Time (US and Canada)", "America/New_York"),
        ("(GMT-05:00) Eastern Time (US & Canada)", "America/New_York"),
        ("(UTC+03:00) Moscow, St Petersburg", "Europe/Moscow"),
        ("(UTC+03:00) Moscow, St. Petersburg", "Europe/Moscow"),
        ("(UTC-11:00) Co-ordinated Universal Time-11", "Etc/GMT+11"),
        ("(UTC+00:00) Co-ordinated Universal Time", "Etc/UTC"),
        // Windows moved Caracas to -04:00 in 2016; the older name still says -04:30.
        ("(UTC-04:30) Caracas", "America/Caracas"),
        ("(UTC+02:00) Helsinki, Kyiv, Riga, Sofia, Tallinn, Vilnius", "Europe/Kiev"),
        ("Russia TZ 2 Standard Time", "Europe/Moscow"),
        ("Jerusalem Standard Time", "Asia/Jerusalem"),
        ("Malay Peninsula Standard Time", "Asia/Singapore"),
    ])
    func outlooksFormsMap(name: String, iana: String) {
        #expect(WindowsZoneTable.shared.iana(forWindowsName: name) == iana)
    }

    @Test func anOutlookDisplayNameTZIDIsReadInItsZone() throws {
        let lines = [
            "BEGIN:VEVENT", "UID:display", "DTSTAMP:20250101T000000Z",
            "DTSTART;TZID=\"(UTC+02:00) Helsinki, Kyiv, Riga, Sofia, Tallinn, Vilnius\":20250715T093000",
            "DTEND;TZID=\"(GMT-05:00) Eastern Time (US and Canada)\":20250715T033000", "END:VEVENT",
        ]
        let result = try CalendarText.occurrences(lines, from: "2025-07-15T00:00:00Z", to: "2025-07-16T00:00:00Z")
        // Summer time in Kyiv (+03:00), not the +02:00 the name says; New York's EDT (-04:00).
        #expect(CalendarText.spans(result) == ["2025-07-15T06:30:00Z/2025-07-15T07:30:00Z"])
        #expect(result.warnings.isEmpty)
    }

    @Test(
        "The corpus calendar zoned by a Windows display name is read in Eastern time",
        .enabled(if: Fixture.corpus != nil, "../shared/corpus is not here"))
    func theCorpusDisplayNameCalendarIsReadInEasternTime() throws {
        let corpus = try #require(Fixture.corpus)
        let path = corpus + "/calendars/hardcases/node-ical_windows-quoted-tz-rrule.ics"
        let query = CalendarQuery(sources: [try CalendarSource.named(path)], display: .utc, me: MyAddresses([]))
        let result = try query.occurrences(
            in: DateInterval(start: .utc("2015-07-06T00:00:00Z"), end: .utc("2015-07-09T00:00:00Z")))
        // 12:00 Eastern (EDT) to 13:00 Los Angeles (PDT), daily; the EXDATEs (12:00 LA) match none.
        #expect(
            CalendarText.spans(result) == [
                "2015-07-06T16:00:00Z/2015-07-06T20:00:00Z", "2015-07-07T16:00:00Z/2015-07-07T20:00:00Z",
                "2015-07-08T16:00:00Z/2015-07-08T20:00:00Z",
            ])
    }
}
