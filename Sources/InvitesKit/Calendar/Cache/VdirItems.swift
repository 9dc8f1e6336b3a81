/// What every item of a vdir is after a read, for hashing its version and writing its index.
///
/// By position, as the stored index and the items read again make it; or, when every item was
/// read in name order (a cold read, with nothing stored), straight from what reading each gave:
/// a place made first for each of 100,000 items is 14 MB of fresh memory, and its page faults
/// were 17 ms of a cold run on the one core that waits for them.
enum VdirItems: Sendable {
    case placed([VdirIndex.Item?])
    case loaded(names: [String], results: [Result<VdirItemLoader.Loaded, CalendarError>])

    /// An upper bound on how many items there are.
    var count: Int {
        switch self {
        case .placed(let items): items.count
        case .loaded(let names, _): names.count
        }
    }

    /// Hands `body` each item in name order.
    func forEach(_ body: (VdirIndex.Item) -> Void) {
        switch self {
        case .placed(let items):
            for case let item? in items { body(item) }
        case .loaded(let names, let results):
            for (name, result) in zip(names, results) {
                if case .success(let file) = result { body(file.item(named: name)) }
            }
        }
    }
}
