import Foundation
import InvitesSystem
import InvitesTestSupport
import Testing

/// Every system call goes through ``Posix`` (the one door, the `InvitesSystem` target):
/// this reads every other Swift file under `Sources/` and fails, naming the file and line, on
/// a bare call of a listed libc function, so that a new `open(` or `rename(` written around the
/// door is caught the day it is written.
///
/// A call is bare when the name is not preceded by a dot, a letter, a digit or `_`
/// (`Posix.open(`, `data.write(` and `Data(` are not); a name qualified by the C library's
/// module (`Glibc.poll(`, `Foundation.pipe(`) counts as bare. Comments, string literals and
/// declarations (`func read(`, an enum's `case read(`) are skipped. A method of our own named
/// like a libc call is called as `self.read(` or `Self.read(`, so that a bare `read(` always
/// means libc's.
@Suite struct SystemCallDoorTests {
    /// The libc functions that enter the kernel, or change the process, as this program uses
    /// them (and their near relatives, so that the next one is caught too).
    static let calls = [
        "open", "openat", "creat", "close", "read", "pread", "write", "pwrite", "lseek", "fsync", "fdatasync",
        "ftruncate", "truncate", "stat", "lstat", "fstat", "fstatat", "access", "faccessat", "rename", "renameat",
        "unlink", "unlinkat", "mkdir", "mkdirat", "rmdir", "link", "symlink", "readlink", "chmod", "fchmod", "chown",
        "fchown", "flock", "fcntl", "ioctl", "dup", "dup2", "pipe", "poll", "select", "mkstemp", "mkdtemp",
        "opendir", "fdopendir", "readdir", "closedir", "dirfd", "isatty", "tcgetattr", "tcsetattr", "getpid",
        "getppid", "geteuid", "getuid", "kill", "raise", "signal", "sigaction", "sigprocmask", "pthread_sigmask",
        "waitpid", "fork", "execv", "execvp", "posix_spawn", "posix_spawnp", "sleep", "usleep", "nanosleep", "exit",
        "_exit",
    ]

    /// Files that still make raw calls, to be routed through ``Posix`` and taken off this list.
    /// Shrinks only.
    static let notYetThroughTheDoor: Set<String> = []

    @Test func everySystemCallGoesThroughTheDoor() throws {
        let sources = Fixture.packageRoot.appendingPathComponent("Sources")
        let door = "InvitesSystem/"
        var found: [String] = []
        var allowed: [String] = []
        for file in try Self.swiftFiles(under: sources) where !file.hasPrefix(door) {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let calls = Self.rawCalls(in: text).map { "Sources/\(file):\($0.line): \($0.name)(" }
            if Self.notYetThroughTheDoor.contains(file) {
                allowed += calls
            } else {
                found += calls
            }
        }
        #expect(found.isEmpty, "raw system calls outside Sources/\(door); use Posix:\n\(found.joined(separator: "\n"))")
        for file in Self.notYetThroughTheDoor {
            #expect(
                allowed.contains { $0.hasPrefix("Sources/\(file):") },
                "Sources/\(file) makes no raw call any more: take it off notYetThroughTheDoor")
        }
    }

    /// The finder finds what it should and nothing else, or the test above proves nothing.
    @Test func theFinderSeesBareCallsOnly() {
        let text = """
            let a = open(path, O_RDONLY)  // read(here) is a comment
            let b = Posix.open(path, O_RDONLY)
            let c = Glibc.poll(&fds, 1, 0)
            let d = "rename(a, b) in a string"
            private func read(_ data: Data) {}
            enum Mode { case read(Int) }
            let e = self.read(data) + Self.write(x) + unlinked(y) + sleep(1)
            /* close(fd) in a block
               comment kill(pid, 0) */ _exit(1)
            """
        let calls = Self.rawCalls(in: text).map { "\($0.line):\($0.name)" }
        #expect(calls == ["1:open", "3:poll", "7:sleep", "9:_exit"])
    }

    /// The `.swift` files under `folder`, as paths relative to it.
    static func swiftFiles(under folder: URL) throws -> [String] {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        return paths.filter { $0.hasSuffix(".swift") }.sorted()
    }

    /// The bare calls of ``calls`` in Swift source `text`, with their 1-based lines.
    static func rawCalls(in text: String) -> [(line: Int, name: String)] {
        let names = calls.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|")
        let pattern = "(?<![.\\w])(?:(?:Glibc|Darwin|Foundation)\\.)?(?<!func )(?<!case )(\(names))\\("
        guard let expression = try? NSRegularExpression(pattern: pattern) else {
            preconditionFailure("the pattern of system calls compiles")
        }
        var found: [(line: Int, name: String)] = []
        for (index, line) in code(of: text).enumerated() {
            let range = NSRange(line.startIndex..., in: line)
            for match in expression.matches(in: line, range: range) {
                guard let name = Range(match.range(at: 1), in: line) else { continue }
                found.append((index + 1, String(line[name])))
            }
        }
        return found
    }

    /// The lines of `text` with comments and string literals blanked out, line numbers kept.
    static func code(of text: String) -> [String] {
        var lines: [String] = []
        var inBlockComment = false
        var inMultilineString = false
        for raw in text.components(separatedBy: "\n") {
            var kept = ""
            var characters = raw[...]
            var inString = false
            while let character = characters.first {
                let rest = characters
                characters = characters.dropFirst()
                if inBlockComment {
                    if rest.hasPrefix("*/") {
                        inBlockComment = false
                        characters = characters.dropFirst()
                    }
                    continue
                }
                if inMultilineString {
                    if rest.hasPrefix("\"\"\"") {
                        inMultilineString = false
                        characters = characters.dropFirst(2)
                    }
                    continue
                }
                if inString {
                    if character == "\\" {
                        characters = characters.dropFirst()
                    } else if character == "\"" {
                        inString = false
                    }
                    continue
                }
                if rest.hasPrefix("//") { break }
                if rest.hasPrefix("/*") {
                    inBlockComment = true
                    characters = characters.dropFirst()
                    kept.append(" ")
                    continue
                }
                if rest.hasPrefix("\"\"\"") {
                    inMultilineString = true
                    characters = characters.dropFirst(2)
                    kept.append(" ")
                    continue
                }
                if character == "\"" {
                    inString = true
                    kept.append(" ")
                    continue
                }
                kept.append(character)
            }
            lines.append(kept)
        }
        return lines
    }
}
