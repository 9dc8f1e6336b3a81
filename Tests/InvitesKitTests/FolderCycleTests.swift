import Foundation
import InvitesTestSupport
import Testing

/// Each library target's folders form a graph you can draw: this test fails on any cycle
/// between two folders of one target. Between targets the compiler keeps the arrows.
@Suite struct FolderCycleTests {
    /// The folders that reach each other: none. A cycle here means a type is in the wrong room;
    /// the last ones were broken up by moving values down (CalendarEntry to Model, the outbox's
    /// records to Store, one zone folder inside ICal, `HumanTime` beside the display zone).
    static let known: Set<[String]> = []

    @Test(arguments: ["InvitesKit", "InvitesModel", "InvitesFormats"])
    func noNewCycleBetweenFolders(target: String) throws {
        let graph = try FolderGraph(root: Fixture.repositoryFile("Sources/\(target)"))
        #expect(graph.folders.count > 1)
        let cycles = Set(graph.cycles())
        let new = cycles.subtracting(FolderCycleTests.known)
        #expect(new.isEmpty, "new cycles between folders: \(new.map { $0.joined(separator: " <-> ") })")
        let gone = FolderCycleTests.known.subtracting(cycles)
        #expect(gone.isEmpty, "cycles no longer there, take them off the list: \(gone)")
    }

    @Test func theGraphSeesAnEdgeAndACycle() {
        let graph = FolderGraph(files: [
            ("A", "struct Alpha { var b = Beta.make() }"),
            ("B", "struct Beta {}\n// Alpha in a comment\nlet s = \"Alpha\""),
            ("C", "enum Gamma { case one }\nfunc use(_ d: Delta) {}"), ("D", "struct Delta { var g: Gamma }"),
        ])
        #expect(graph.edges["A"] == ["B"])
        #expect(graph.edges["B"] == nil)
        #expect(graph.cycles() == [["C", "D"]])
    }

    /// A name used only inside an interpolation is a use; the text around it is not.
    @Test func theGraphSeesInterpolations() {
        let graph = FolderGraph(files: [
            ("A", #"struct Alpha { var text: String { "Beta: \(Beta.quoted("Gamma (\(1 + 2))")) Delta" } }"#),
            ("B", "enum Beta {}"), ("C", "struct Gamma {}"), ("D", "struct Delta {}"),
            ("E", "let block = \"\"\"\n    Gamma \\(Epsilon.name)\n    Delta\n    \"\"\"\nstruct Epsilon {}"),
        ])
        #expect(graph.edges["A"] == ["B"])
        #expect(graph.edges["E"] == nil)
        #expect(FolderGraph.code(of: #"f("a \"(\" b") /* Beta */ + g(1)"#) == "f( )  + g(1)")
    }

    /// A member an extension declares in another folder belongs to that folder: `Beta.read` names
    /// C, where the extension is, as well as B, where `Beta` is.
    @Test("A member an extension declares in another folder belongs to that folder")
    func extensionMembers() {
        let graph = FolderGraph(files: [
            ("A", "func load() { _ = Beta.read(data) }"),
            ("B", "struct Beta { var value = 0 }"),
            ("C", "extension Beta {\n    static func read(_ data: Data) -> Beta { Beta() }\n}\nstruct Gamma {}"),
            ("D", "extension Beta {\n    var count: Int { 1 }\n}"),
            ("E", "extension Beta {\n    var count: Int { 2 }\n}"),
            ("F", "let n = Beta.count"),
        ])
        #expect(graph.edges["A"] == ["B", "C"])
        #expect(graph.edges["F"] == ["B"])
    }
}
