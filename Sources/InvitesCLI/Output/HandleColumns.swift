/// The two columns that begin a line of `ingest`, `list` and `history`: the handle, padded to the
/// widest of the listing, and a state word padded to the longest one (`cancelled`), so that
/// the titles after them line up.
struct HandleColumns {
    /// The width of the handle column: the longest handle listed.
    var width: Int
    /// The width of the state column: the longest state word the listing can show.
    var stateWidth: Int

    init(handles: [String], stateWidth: Int = 9) {
        width = handles.map(\.count).max() ?? 4
        self.stateWidth = stateWidth
    }

    /// `handle  state      ` with the two spaces that part the columns.
    func prefix(_ handle: String, _ state: String) -> String {
        handle.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
            + state.padding(toLength: max(stateWidth, state.count), withPad: " ", startingAt: 0) + "  "
    }
}
