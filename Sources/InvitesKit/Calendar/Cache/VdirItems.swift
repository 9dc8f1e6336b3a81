/// What every item of a vdir is after a read, for hashing its version and writing its index.
///
/// By position, as the stored index and the items read again make it; or, when every item was
/// read (a cold read, with nothing stored), straight from what reading each gave, in the order
/// the folder listed them, and the names as the folder's bytes: a place made first for each of
/// 100,000 items is 14 MB of fresh memory, and its page faults were 17 ms of a cold run on the
/// one core that waits for them.
enum VdirItems: Sendable {
    case placed([VdirIndex.Item?])
    /// The names in name order, where each was listed (its place in `results`), and what
    /// reading each listed name gave.
    case listed(names: VdirListing.Entries, at: [Int], results: [Result<VdirItemLoader.Loaded, CalendarError>])

    /// An upper bound on how many items there are.
    var count: Int {
        switch self {
        case .placed(let items): items.count
        case .listed(let names, _, _): names.count
        }
    }

    /// Hands `body` each item in name order: its name's bytes and what the index keeps of it.
    func forEach(_ body: (UnsafeRawBufferPointer, VdirIndex.Facts) -> Void) {
        switch self {
        case .placed(let items):
            for case let item? in items { item.withName { body($0, item.facts) } }
        case .listed(let names, let listed, let results):
            for position in listed.indices {
                if case .success(let file) = results[listed[position]] {
                    names.withName(position) { body($0, file.facts) }
                }
            }
        }
    }
}
