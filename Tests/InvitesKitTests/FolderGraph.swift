import Foundation
import Testing

/// Which folder's declarations each folder's files name, within one target: a top-level
/// `struct`, `class`, `enum`, `protocol`, `actor` or `typealias` belongs to its folder, and so
/// does a member an `extension` declares there (`EventProperties.readAll` belongs to the folder
/// of its extension, not to `EventProperties`'s). A name declared twice, or also nested
/// somewhere, is left out, since a bare word cannot tell which one is meant. Comments and the
/// text of string literals are not read; the code inside an interpolation is.
///
/// The compiler keeps the arrows between targets; this keeps those between one target's folders.
struct FolderGraph {
    var folders: Set<String> = []
    var edges: [String: Set<String>] = [:]

    /// The graph of the Swift files under `root`; a file at the top of it is in the folder `.`.
    init(root: String) throws {
        let paths = try #require(FileManager.default.enumerator(atPath: root)?.allObjects as? [String])
        var files: [(String, String)] = []
        for path in paths.sorted() where path.hasSuffix(".swift") {
            let parts = path.split(separator: "/")
            let folder = parts.count > 1 ? String(parts[0]) : "."
            files.append((folder, try String(contentsOfFile: root + "/" + path, encoding: .utf8)))
        }
        self.init(files: files)
    }

    init(files: [(folder: String, text: String)]) {
        let declaration =
            #/^(\s*)(?:@\w+\s+)*(?:(?:public|package|internal|private|fileprivate|final|indirect)\s+)*(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)/#
        let codes = files.map { (folder: $0.folder, lines: FolderGraph.code(of: $0.text).split(separator: "\n")) }
        var owner: [String: String] = [:]
        var ambiguous: Set<String> = []
        for (folder, lines) in codes {
            folders.insert(folder)
            for line in lines {
                guard let match = line.firstMatch(of: declaration) else { continue }
                let name = String(match.output.2)
                if !match.output.1.isEmpty || (owner[name].map { $0 != folder } ?? false) { ambiguous.insert(name) }
                if match.output.1.isEmpty, owner[name] == nil { owner[name] = folder }
            }
        }
        for name in ambiguous { owner[name] = nil }
        let members = FolderGraph.extensionMembers(codes)
        for (folder, lines) in codes {
            for line in lines {
                // Simple word boundaries: Unicode's would take `Type.member` for one word.
                for word in line.matches(of: #/\b[A-Z]\w*\b/#.wordBoundaryKind(.simple)) {
                    if let other = owner[String(word.output)], other != folder {
                        edges[folder, default: []].insert(other)
                    }
                }
                for use in line.matches(of: #/\b([A-Z]\w*)\.([a-z_]\w*)\b/#.wordBoundaryKind(.simple)) {
                    if let other = members["\(use.output.1).\(use.output.2)"], other != folder {
                        edges[folder, default: []].insert(other)
                    }
                }
            }
        }
    }

    /// `Type.member` for each member a top-level `extension Type` declares, with the folder of
    /// the extension; a member declared in the extensions of two folders is left out.
    private static func extensionMembers(_ codes: [(folder: String, lines: [Substring])]) -> [String: String] {
        let opening = #/^(?:(?:public|package|internal|private|fileprivate)\s+)?extension\s+([A-Z]\w*)/#
        let member =
            #/^    (?:@\w+\s+)*(?:(?:public|package|internal|private|fileprivate|static|class|final|mutating|nonmutating|nonisolated|override|convenience)\s+)*(?:func|var|let|case|struct|class|enum|typealias)\s+([a-zA-Z_]\w*)/#
        var members: [String: String] = [:]
        var ambiguous: Set<String> = []
        for (folder, lines) in codes {
            var extended: String?
            for line in lines {
                if let match = line.firstMatch(of: opening) {
                    extended = String(match.output.1)
                } else if let first = line.first, !first.isWhitespace, first != "}" {
                    extended = nil
                } else if let extended, let match = line.firstMatch(of: member) {
                    let key = "\(extended).\(match.output.1)"
                    if let other = members[key], other != folder { ambiguous.insert(key) }
                    members[key] = members[key] ?? folder
                }
            }
        }
        for key in ambiguous { members[key] = nil }
        return members
    }

    /// `text` with comments and the text of string literals blanked out, lines kept, and the
    /// code inside each interpolation (`"\(Printable.quoted(name))"`) kept as code.
    static func code(of text: String) -> String {
        enum Context { case code(depth: Int), string(multiline: Bool) }
        let characters = Array(text.unicodeScalars)
        var contexts: [Context] = [.code(depth: 0)]
        var kept = String.UnicodeScalarView()
        var index = 0
        func at(_ offset: Int, _ literal: String) -> Bool {
            let scalars = Array(literal.unicodeScalars)
            guard offset + scalars.count <= characters.count else { return false }
            return Array(characters[offset..<offset + scalars.count]) == scalars
        }
        while index < characters.count {
            let character = characters[index]
            switch contexts.last ?? .code(depth: 0) {
            case .code(let depth):
                if at(index, "//") {
                    while index < characters.count, characters[index] != "\n" { index += 1 }
                    continue
                }
                if at(index, "/*") {
                    index += 2
                    while index < characters.count, !at(index, "*/") {
                        if characters[index] == "\n" { kept.append("\n") }
                        index += 1
                    }
                    index += 2
                    continue
                }
                if at(index, "\"\"\"") {
                    contexts.append(.string(multiline: true))
                    kept.append(" ")
                    index += 3
                    continue
                }
                if character == "\"" {
                    contexts.append(.string(multiline: false))
                    kept.append(" ")
                } else if character == "(" {
                    contexts[contexts.count - 1] = .code(depth: depth + 1)
                    kept.append(character)
                } else if character == ")", depth == 0, contexts.count > 1 {
                    contexts.removeLast()  // the end of an interpolation: back into its string
                    kept.append(" ")
                } else if character == ")" {
                    contexts[contexts.count - 1] = .code(depth: depth - 1)
                    kept.append(character)
                } else {
                    kept.append(character)
                }
            case .string(let multiline):
                if at(index, "\\(") {
                    contexts.append(.code(depth: 0))
                    kept.append(" ")
                    index += 2
                    continue
                }
                if character == "\\" {
                    index += 2
                    continue
                }
                if multiline ? at(index, "\"\"\"") : character == "\"" {
                    contexts.removeLast()
                    index += multiline ? 3 : 1
                    continue
                }
                if character == "\n" {
                    kept.append("\n")
                    if !multiline { contexts.removeLast() }  // never past the line it opened on
                }
            }
            index += 1
        }
        return String(kept)
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
