/// One key as `review` understands it, whatever bytes the terminal sent for it.
package enum Key: Sendable, Hashable {
    case character(Character)
    case enter
    case backspace
    case delete
    case escape
    case left
    case right
    case home
    case end
    /// Ctrl-U: everything before the cursor goes.
    case killToStart
    /// Ctrl-W: the word before the cursor goes.
    case killWord
    /// Ctrl-K: everything from the cursor on goes.
    case killToEnd
    /// Ctrl-L: draw the screen again.
    case refresh
    /// Ctrl-D on an empty line, or the end of the input.
    case endOfInput
    /// Something the terminal sent that means nothing here (an arrow up, a function key).
    case ignored
    /// Text the user pasted, as the terminal marked it (bracketed paste): text for a line being
    /// read, never keys, whatever newlines or letters it holds.
    case paste(String)
}

/// What `review` reads next: a key from a terminal, a whole line from a pipe, the terminal
/// resized (or given back after a suspend, which needs the same redraw), or the end.
package enum KeyboardEvent: Sendable, Hashable {
    case key(Key)
    case line(String)
    case resized
    case end
}

/// Where `review` reads what the user types.
///
/// A terminal gives single keys; anything else (a pipe, a file, `TERM=dumb`) gives lines, and
/// `review` then takes the first character of a line as its key.
package protocol Keyboard: AnyObject {
    /// Whether keys arrive one at a time, on a terminal that `review` may clear and redraw.
    var singleKeys: Bool { get }
    /// The next event; waits for it.
    func next() -> KeyboardEvent
    /// Gives the terminal back as it was found; safe to call more than once.
    func restore()
}
