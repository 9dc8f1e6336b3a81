import Foundation
import InvitesTestSupport
import Testing

/// InvitesKit's folders form a graph you can draw, Model at the bottom: this test fails on any
/// cycle between two folders.
@Suite struct FolderCycleTests {
    /// The folders that reach each other: none. A cycle here means a type is in the wrong room;
    /// the last two were broken up by moving values down (CalendarEntry to Model, the outbox's
    /// records to Store, one zone folder inside ICal).
    static let known: Set<[String]> = []

    @Test func noNewCycleBetweenFolders() throws {
        let graph = try FolderGraph(root: Fixture.repositoryFile("Sources/InvitesKit"))
        #expect(graph.folders.count > 10)
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
}

/// Which folder's types each folder's files name: a top-level `struct`, `class`, `enum`,
/// `protocol`, `actor` or `typealias` belongs to its folder; a name declared twice, or also
/// nested somewhere, is left out, since a bare word cannot tell which one is meant.
struct FolderGraph {
    var folders: Set<String> = []
    var edges: [String: Set<String>] = [:]

    init(root: String) throws {
        let paths = try #require(FileManager.default.enumerator(atPath: root)?.allObjects as? [String])
        var files: [(String, String)] = []
        for path in paths where path.hasSuffix(".swift") {
            let folder = String(path.split(separator: "/").first ?? "")
            files.append((folder, try String(contentsOfFile: root + "/" + path, encoding: .utf8)))
        }
        self.init(files: files)
    }

    init(files: [(folder: String, text: String)]) {
        let declaration =
            #/^(\s*)(?:@\w+\s+)*(?:(?:public|package|internal|private|fileprivate|final|indirect)\s+)*(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)/#
        var owner: [String: String] = [:]
        var ambiguous: Set<String> = []
        for (folder, text) in files {
            folders.insert(folder)
            for line in text.split(separator: "\n") {
                guard let match = line.firstMatch(of: declaration) else { continue }
                let name = String(match.output.2)
                if !match.output.1.isEmpty || (owner[name].map { $0 != folder } ?? false) { ambiguous.insert(name) }
                if match.output.1.isEmpty, owner[name] == nil { owner[name] = folder }
            }
        }
        for name in ambiguous { owner[name] = nil }
        for (folder, text) in files {
            for line in text.split(separator: "\n") {
                var code = String(line)
                if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
                code = code.replacing(#/"(?:[^"\\]|\\.)*"/#, with: "\"\"")
                // Simple word boundaries: Unicode's would take `Type.member` for one word.
                for word in code.matches(of: #/\b[A-Z]\w*\b/#.wordBoundaryKind(.simple)) {
                    if let other = owner[String(word.output)], other != folder {
                        edges[folder, default: []].insert(other)
                    }
                }
            }
        }
    }

    /// The groups of two or more folders that reach each other (strongly connected), each sorted.
    func cycles() -> [[String]] {
        var reach: [String: Set<String>] = [:]
        for folder in folders {
            var seen: Set<String> = []
            var queue = Array(edges[folder] ?? [])
            while let next = queue.popLast() {
                guard seen.insert(next).inserted else { continue }
                queue += edges[next] ?? []
            }
            reach[folder] = seen
        }
        var groups: Set<[String]> = []
        for folder in folders {
            let group = folders.filter {
                $0 == folder || (reach[folder]?.contains($0) == true && reach[$0]?.contains(folder) == true)
            }
            if group.count > 1 { groups.insert(group.sorted()) }
        }
        return groups.sorted { $0.joined() < $1.joined() }
    }
}
