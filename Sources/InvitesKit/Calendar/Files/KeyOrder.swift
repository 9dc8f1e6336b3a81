/// The order of a list of 64-bit keys, found a byte at a time (a least-significant-digit radix
/// sort) rather than by comparing keys: a vdir's listing sorts 100,000 names by their first
/// eight bytes on the way to a cold read's first item, where a comparison sort took 10 ms.
enum KeyOrder {
    /// The indexes of `keys` in ascending order of key; equal keys keep their order.
    static func ascending(_ keys: [UInt64]) -> [Int] {
        let count = keys.count
        guard count > 1 else { return Array(0..<count) }
        // Each key travels with its index, so that every pass reads both in order.
        var current = keys.enumerated().map { Pair(key: $0.element, index: $0.offset) }
        var next = current
        var counts = [Int](repeating: 0, count: 256)
        current.withUnsafeMutableBufferPointer { current in
            next.withUnsafeMutableBufferPointer { next in
                counts.withUnsafeMutableBufferPointer { counts in
                    var from = current
                    var to = next
                    for shift in stride(from: UInt64(0), to: 64, by: 8) {
                        counts.update(repeating: 0)
                        for pair in from { counts[Int(truncatingIfNeeded: pair.key >> shift) & 0xFF] += 1 }
                        // A byte every key shares (names alike in one place) leaves the order as it is.
                        if counts.contains(count) { continue }
                        var sum = 0
                        for slot in counts.indices {
                            let here = counts[slot]
                            counts[slot] = sum
                            sum += here
                        }
                        for pair in from {
                            let slot = Int(truncatingIfNeeded: pair.key >> shift) & 0xFF
                            to[counts[slot]] = pair
                            counts[slot] += 1
                        }
                        swap(&from, &to)
                    }
                    // The sorted pairs are in `from`: in `current`'s storage after an even number
                    // of passes that moved them, else in `next`'s.
                    if from.baseAddress != current.baseAddress { current.update(fromContentsOf: from) }
                }
            }
        }
        return current.map(\.index)
    }

    private struct Pair {
        var key: UInt64
        var index: Int
    }
}
