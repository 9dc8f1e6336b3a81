/// An optional that `--json` writes as `null` when it is absent, where the synthesised encoding
/// would leave its key out: every key the schema documents is in every document, so a reader
/// tells "none" (`"id": null`) from "not in this version".
@propertyWrapper
struct Nullable<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}
