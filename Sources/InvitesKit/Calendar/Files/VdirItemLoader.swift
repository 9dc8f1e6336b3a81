import Foundation
import InvitesSystem

/// Reads and scans the items of a vdir that a query must open, on every core, keeping the bytes
/// only of those whose events may reach the window, so that memory follows what is expanded
/// rather than the size of the vdir.
struct VdirItemLoader: Sendable {
    let folder: String
    /// The window the kept items must be able to reach; `nil` keeps every item.
    let window: Range<Int>?
    /// The offsets the display zone can have, 0 among them, for ruling out items whose times
    /// are floating or dates, which the index bounds by any zone's (``FileIndex/build(_:stamp:zones:floating:)``).
    var floating: ClosedRange<Int>?

    /// One item, read and scanned. Small, since a cold read holds one per item of the vdir,
    /// and its fields in an order that leaves no room between them: below 128 bytes a copy
    /// is made in registers, from there on by a call to memcpy.
    struct Loaded: Sendable {
        var stamp: FileStamp
        /// The bytes and the index, when the item may reach the window.
        var contents: Contents?
        var reach: Range<Int>?
        var filterable: Bool
        var sawCalendar: Bool
        var pattern: RulePattern?

        /// What the item, read under `name`, becomes in the vdir's index.
        func item(named name: String) -> VdirIndex.Item {
            VdirIndex.Item(name: name, stamp: stamp, reach: reach, pattern: pattern, filterable: filterable)
        }

        /// What the vdir's index keeps of the item besides its name.
        var facts: VdirIndex.Facts {
            VdirIndex.Facts(stamp: stamp, reach: reach, pattern: pattern, filterable: filterable)
        }
    }

    /// What is kept of an item that may reach the window.
    final class Contents: Sendable {
        let file: CalendarFile
        let index: FileIndex

        init(file: CalendarFile, index: FileIndex) {
            self.file = file
            self.index = index
        }
    }

    /// The folder's path ending in `/`, which an item's name follows in its path.
    private var prefix: String { folder.hasSuffix("/") ? folder : folder + "/" }

    /// What a thread keeps from one item to the next: the room it reads every item into, and
    /// the zones it scanned (every item of a vdir carries the same few).
    final class Room {
        let buffer = ReadBuffer()
        let zones = ZoneMemo()
    }

    /// Every named item in order: read and scanned, or the error reading it gave. Throws when
    /// the folder itself cannot be opened any more.
    func load(_ names: [String]) throws(CalendarError) -> [Result<Loaded, CalendarError>] {
        guard !names.isEmpty else { return [] }
        let directory = try OpenFolder(folder)
        defer { withExtendedLifetime(directory) {} }
        let descriptor = directory.descriptor
        let prefix = self.prefix
        return Parallel.map(names, minimumPerThread: 64, state: { Room() }) { room, name in
            name.withCString { entry in load(entry, in: descriptor, room: room) { prefix + name } }
        }
    }

    /// The items of a batch of names as the folder listed them, in the open folder `folder`: a
    /// string is made only of the name of an item kept or of one that fails.
    func load(_ batch: VdirListing.Batch, in folder: Int32, room: Room) -> [Result<Loaded, CalendarError>] {
        let prefix = self.prefix
        return batch.bytes.withUnsafeBytes { bytes in
            batch.names.map { name in
                guard let start = bytes.baseAddress?.advanced(by: name.lowerBound) else {
                    preconditionFailure("a listed name lies in its batch")
                }
                return load(start.assumingMemoryBound(to: CChar.self), in: folder, room: room) {
                    prefix + String(decoding: UnsafeRawBufferPointer(rebasing: bytes[name]), as: UTF8.self)
                }
            }
        }
    }

    /// The item `entry` (NUL-terminated) of the open folder `folder`, read into the room, `path`
    /// what it is called when kept or when it fails: joined only then, as most items are neither.
    private func load(
        _ entry: UnsafePointer<CChar>, in folder: Int32, room: Room, path: () -> String
    ) -> Result<Loaded, CalendarError> {
        let bytes: UnsafeRawBufferPointer
        let stamp: FileStamp
        do throws(CalendarError) {
            (bytes, stamp) = try CalendarFile.contents(entry: entry, in: folder, buffer: room.buffer, path: path)
        } catch {
            return .failure(error)
        }
        let index = FileIndex.build(bytes, stamp: stamp, zones: room.zones)
        var needed = window.map(index.mayMatter) ?? true
        // The few items the index cannot rule out are bounded again for this query alone.
        if needed, let window, let floating {
            needed = FileIndex.build(bytes, stamp: stamp, zones: room.zones, floating: floating).mayMatter(window)
        }
        let kept = needed && index.sawCalendar
        return .success(
            Loaded(
                stamp: stamp,
                contents: kept
                    ? Contents(file: CalendarFile(path: path(), data: Data(bytes), stamp: stamp), index: index) : nil,
                reach: index.reach, filterable: index.filterable, sawCalendar: index.sawCalendar,
                pattern: index.pattern))
    }
}
