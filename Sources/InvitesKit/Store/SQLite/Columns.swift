/// A row's values by column name, in the order a record gives them: what a
/// ``PersistableRecord`` encodes and what the statements it makes bind by name.
struct Columns {
    private(set) var names: [String] = []
    private(set) var values: [Statement.Value] = []

    subscript(name: String) -> Statement.Value? {
        get { names.firstIndex(of: name).map { values[$0] } }
        set {
            if let index = names.firstIndex(of: name) {
                if let newValue { values[index] = newValue } else { names.remove(at: index); values.remove(at: index) }
            } else if let newValue {
                names.append(name)
                values.append(newValue)
            }
        }
    }
}
