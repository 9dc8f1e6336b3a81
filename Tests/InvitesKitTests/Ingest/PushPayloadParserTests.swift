import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

@Suite struct PushPayloadParserTests {
    let parser = PushPayloadParser()

    func parse(_ json: String) throws(IngestError) -> [Invite] {
        try parser.parse(Data(json.utf8), file: "p.json")
    }

    @Test func theSpecPayload() throws {
        let invites = try parser.parse(
            try Data(contentsOf: URL(fileURLWithPath: Fixture.repositoryFile("fixtures/invite.json"))),
            file: "invite.json")
        let invite = try #require(invites.first)
        #expect(invites.count == 1)
        #expect(invite.title == "Family Reunion")
        #expect(RFC3339.utc(invite.start) == "2018-04-10T16:00:00Z")
        #expect(RFC3339.utc(invite.end) == "2018-04-10T20:00:00Z")
        #expect(invite.senderID == "12")
        #expect(invite.uid == "push-12@invites")
        #expect(invite.source == .push)
    }

    @Test func arraysAndJSONLines() throws {
        let array = try parse(
            #"[{"title":"A","start":"2024-01-01T10:00:00Z","end":"2024-01-01T11:00:00Z","id":"a"},{"title":"B","start":"2024-01-01T12:00:00+01:00","end":"2024-01-01T13:00:00+01:00","id":2}]"#
        )
        #expect(array.map(\.uid) == ["push-a@invites", "push-2@invites"])
        #expect(RFC3339.utc(array[1].start) == "2024-01-01T11:00:00Z")
        let lines = try parse(
            "{\"title\":\"A\",\"start\":\"2024-01-01T10:00:00Z\",\"end\":\"2024-01-01T11:00:00Z\",\"id\":1}\n\n{\"title\":\"B\",\"start\":\"2024-01-01T10:00:00.500Z\",\"end\":\"2024-01-01T11:00:00Z\",\"id\":2}\n"
        )
        #expect(lines.map(\.title) == ["A", "B"])
    }

    @Test func optionalFieldsAreKept() throws {
        let invite = try #require(
            try parse(
                #"{"title":"T","start":"2024-01-01T10:00:00Z","end":"2024-01-01T11:00:00Z","id":7,"location":"Room 1","notes":"Bring cake","organizer":{"name":"Ann","email":"ann@example.org"},"timezone":"Europe/Berlin"}"#
            ).first)
        #expect(invite.location == "Room 1")
        #expect(invite.description == "Bring cake")
        #expect(invite.organizer == Invite.Person(name: "Ann", email: "ann@example.org"))
        #expect(invite.timeZone == "Europe/Berlin")
        let named = try #require(
            try parse(
                #"{"title":"T","start":"2024-01-01T10:00:00Z","end":"2024-01-01T11:00:00Z","organizer":"Bob <bob@example.org>"}"#
            ).first)
        #expect(named.organizer == Invite.Person(name: "Bob", email: "bob@example.org"))
    }

    @Test func allDayDates() throws {
        let invite = try #require(
            try parse(#"{"title":"Off","start":"2024-05-01","end":"2024-05-03","allDay":true,"id":3}"#).first)
        #expect(invite.dates?.first.description == "2024-05-01")
        #expect(invite.dates?.endExclusive.description == "2024-05-03")
    }

    @Test func sameIdGivesTheSameUIDOnEveryRun() throws {
        let first = try parse(#"{"title":"A","start":"2024-01-01T10:00:00Z","end":"2024-01-01T11:00:00Z","id":12}"#)
        let second = try parse(
            #"{"title":"Changed","start":"2024-01-02T10:00:00Z","end":"2024-01-02T11:00:00Z","id":"12"}"#)
        #expect(first[0].uid == second[0].uid)
    }

    @Test(arguments: [
        (
            #"{"start":"2024-01-01T10:00:00Z","end":"2024-01-01T11:00:00Z"}"#,
            IngestError.missingField(file: "p.json", place: "payload", field: "title")
        ),
        (
            #"{"title":"  ","start":"2024-01-01T10:00:00Z","end":"2024-01-01T11:00:00Z"}"#,
            .missingField(file: "p.json", place: "payload", field: "title")
        ),
        (
            #"{"title":"T","end":"2024-01-01T11:00:00Z"}"#,
            .missingField(file: "p.json", place: "payload", field: "start")
        ),
        (
            #"{"title":"T","start":"2024-01-01T10:00:00Z","end":"2024-01-01T09:00:00Z"}"#,
            .endBeforeStart(file: "p.json", place: "payload")
        ),
        (
            #"{"aps":{"category":"Chat"},"title":"T","start":"2024-01-01T10:00:00Z","end":"2024-01-01T11:00:00Z"}"#,
            .wrongCategory(file: "p.json", place: "payload", category: "Chat")
        ),
        (
            #"[{"title":"A","start":"2024-01-01T10:00:00Z","end":"2024-01-01T11:00:00Z"},{"title":"B","start":"2024-01-01T10:00:00Z"}]"#,
            .missingField(file: "p.json", place: "[1]", field: "end")
        ),
    ])
    func refusals(json: String, error: IngestError) {
        #expect(throws: error) { try parse(json) }
    }

    @Test func unparseableTimesNameTheField() {
        #expect {
            try parse(#"{"title":"T","start":"next tuesday","end":"2024-01-01T11:00:00Z"}"#)
        } throws: { error in
            guard case IngestError.invalidField(_, _, let field, _) = error else { return false }
            return field == "start"
        }
        #expect {
            try parse(#"{"title":"T","start":"2024-01-01T10:00:00","end":"2024-01-01T11:00:00Z"}"#)
        } throws: { error in
            guard case IngestError.invalidField(_, _, let field, let reason) = error else { return false }
            return field == "start" && reason.contains("offset")
        }
    }

    @Test func jsonLinesErrorsNameTheLine() {
        #expect(throws: IngestError.missingField(file: "p.json", place: "line 2", field: "title")) {
            try parse(
                "{\"title\":\"A\",\"start\":\"2024-01-01T10:00:00Z\",\"end\":\"2024-01-01T11:00:00Z\"}\n{\"start\":\"2024-01-01T10:00:00Z\",\"end\":\"2024-01-01T11:00:00Z\"}\n"
            )
        }
    }

    @Test func hostileInputIsAnsweredNotCrashedOn() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: IngestError.self) { try parse(deep) }
        #expect(throws: IngestError.self) { try parser.parse(Data([0xFF, 0xFE, 0x00, 0x7B]), file: "p.json") }
        let huge = String(repeating: "x", count: 5_000_000)
        let invites = try? parse(
            #"{"title":""# + huge + #"","start":"2024-01-01T10:00:00Z","end":"2024-01-01T11:00:00Z"}"#)
        #expect(invites?.first?.title.count == 5_000_000)
    }
}
