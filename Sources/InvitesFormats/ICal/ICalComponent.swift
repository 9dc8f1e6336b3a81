internal import CLibical
import Foundation

/// The Swift owner of a libical component tree.
///
/// A root component frees its tree when it goes away; a child borrows its memory from the root and
/// keeps the root alive, so no pointer outlives the tree it points into.
package final class ICalComponent {
    let raw: OpaquePointer
    private let root: ICalComponent?

    private init(owning raw: OpaquePointer) {
        self.raw = raw
        self.root = nil
    }

    private init(borrowing raw: OpaquePointer, root: ICalComponent) {
        self.raw = raw
        self.root = root
    }

    deinit {
        if root == nil {
            icalcomponent_free(raw)
        }
    }

    /// The longest content line libical would be handed, unfolded. libical's parser takes time
    /// in the square of a line's length (a 10 MB DESCRIPTION takes ten seconds), so no line
    /// longer than this is given to it.
    package static let longestLine = 1 << 20

    /// The 1-based number of the first content line longer than ``longestLine`` once unfolded.
    static func overlongLine(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count > longestLine, let base = bytes.baseAddress else { return nil }
        var start = 0
        var logical = 0
        var logicalStart = 1
        var number = 0
        while start < bytes.count {
            number += 1
            let rest = bytes.count - start
            let end =
                memchr(base + start, 0x0A, rest).map { $0 - UnsafeMutableRawPointer(mutating: base) } ?? bytes.count
            let folded = bytes[start] == 0x20 || bytes[start] == 0x09
            if !folded {
                logical = 0
                logicalStart = number
            }
            logical += end - start
            if logical > longestLine { return logicalStart }
            start = end + 1
        }
        return nil
    }

    /// The most VEVENTs one message may carry. Exchange and Google send a series with its moved
    /// occurrences, a few hundred at the very most; a stranger's 460,000 (54 MB) would take
    /// libical a gigabyte and the store minutes, for an inbox nobody could read.
    package static let mostEvents = 10_000

    /// The lines that open a component an invitation is made of: a meeting's and a task's.
    private static let openings = [Array("BEGIN:VEVENT".utf8), Array("BEGIN:VTODO".utf8)]

    /// How many lines open a VEVENT or a VTODO (`BEGIN:VEVENT`, in any case, folded or not),
    /// counted at byte level before libical is given the text; counting stops past `limit`.
    package static func eventCount(in bytes: UnsafeRawBufferPointer, limit: Int = mostEvents) -> Int {
        var count = 0
        var start = 0
        var scratch: [UInt8] = []
        while start < bytes.count, count <= limit {
            let line = ContentLine.read(bytes, at: start, limit: bytes.count)
            start = line.next
            guard bytes[line.start] | 0x20 == UInt8(ascii: "b") || line.firstEnd == line.start else { continue }
            let opens = line.withHead(bytes, scratch: &scratch) { head, start, end in
                // Letters and the colon match in either case; blanks may trail the name.
                guard
                    let opening = ICalComponent.openings.first(where: { opening in
                        end - start >= opening.count
                            && opening.indices.allSatisfy({ head[start + $0] | 0x20 == opening[$0] | 0x20 })
                    })
                else { return false }
                var rest = start + opening.count
                while rest < end, head[rest] == 0x0D || head[rest] == 0x20 || head[rest] == 0x09 { rest += 1 }
                return rest == end
            }
            if opens { count += 1 }
        }
        return count
    }

    /// Parses iCalendar text; `nil` when libical finds no component at all in it, or when a
    /// line is longer than ``longestLine``.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> ICalComponent? {
        LibICal.configure()
        guard overlongLine(in: bytes) == nil else { return nil }
        var text = [CChar](repeating: 0, count: bytes.count + 1)
        text.withUnsafeMutableBytes { $0.copyMemory(from: bytes) }
        for index in 0..<bytes.count where text[index] == 0 {
            text[index] = 0x20
        }
        guard let raw = text.withUnsafeBufferPointer({ icalparser_parse_string($0.baseAddress) }) else {
            return nil
        }
        return ICalComponent(owning: raw)
    }

    /// Parses iCalendar text held in a Swift string.
    static func parse(_ text: String) -> ICalComponent? {
        var copy = text
        return copy.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// Takes ownership of a component that libical built and nothing else owns.
    static func adopt(_ raw: OpaquePointer) -> ICalComponent {
        ICalComponent(owning: raw)
    }

    var kind: icalcomponent_kind { icalcomponent_isa(raw) }

    /// Direct children of one kind, in file order.
    func children(_ kind: icalcomponent_kind) -> [ICalComponent] {
        var result: [ICalComponent] = []
        let owner = root ?? self
        var child = icalcomponent_get_first_component(raw, kind)
        while let current = child {
            result.append(ICalComponent(borrowing: current, root: owner))
            child = icalcomponent_get_next_component(raw, kind)
        }
        return result
    }

    /// The component itself when it is of `kind`, else its direct children of that kind.
    func selfOrChildren(_ kind: icalcomponent_kind) -> [ICalComponent] {
        self.kind == kind ? [self] : children(kind)
    }

    /// Every property of one kind, in file order.
    func properties(_ kind: icalproperty_kind) -> [ICalProperty] {
        var result: [ICalProperty] = []
        var property = icalcomponent_get_first_property(raw, kind)
        while let current = property {
            result.append(ICalProperty(raw: current, owner: root ?? self))
            property = icalcomponent_get_next_property(raw, kind)
        }
        return result
    }

    func firstProperty(_ kind: icalproperty_kind) -> ICalProperty? {
        icalcomponent_get_first_property(raw, kind).map { ICalProperty(raw: $0, owner: root ?? self) }
    }

    /// The text value of the first property of a kind, if there is one.
    func text(_ kind: icalproperty_kind) -> String? {
        firstProperty(kind)?.value
    }

    /// A deep copy that owns itself, for handing to libical APIs that take ownership.
    func cloned() -> ICalComponent {
        guard let copy = icalcomponent_new_clone(raw) else {
            preconditionFailure("icalcomponent_new_clone failed: out of memory")
        }
        return ICalComponent(owning: copy)
    }

    /// The serialised, folded and escaped iCalendar text of the component.
    var serialized: String {
        guard let text = icalcomponent_as_ical_string_r(raw) else { return "" }
        defer { free(text) }
        return String(cString: text)
    }
}
