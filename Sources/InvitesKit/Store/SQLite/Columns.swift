/// A row's values by column name, in the order a record gives them: what a
/// ``PersistableRecord`` encodes and what the statements it makes bind by name.
struct Columns {
    private(set) var names: [String] = []
    private(set) var values: [Statement.Value] = []

    /// Gives a column its value; a name given again takes the later value.
    mutating func set(_ name: String, _ value: Statement.Value) {
        if let index = names.firstIndex(of: name) {
            values[index] = value
        } else {
            names.append(name)
            values.append(value)
        }
    }
}
