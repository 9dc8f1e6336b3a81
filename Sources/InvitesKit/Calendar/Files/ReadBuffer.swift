import Foundation

/// Room that one thread reads file after file into, grown to the largest read so far: reading
/// each of 100,000 vdir items into memory of its own cost an allocation, a free and a Data
/// object per item.
final class ReadBuffer {
    private(set) var base: UnsafeMutableRawPointer?
    private var capacity = 0

    /// Room for `count` bytes at ``base``, which may move; `nil` when the memory cannot be had.
    func room(for count: Int) -> UnsafeMutableRawPointer? {
        if count > capacity || base == nil {
            let wanted = max(count, 64 << 10)
            guard let grown = realloc(base, wanted) else { return nil }
            base = grown
            capacity = wanted
        }
        return base
    }

    deinit {
        free(base)
    }
}
