import Foundation

/// Checks a JSON value against a JSON Schema (draft 2020-12), for the keywords
/// `docs/json-schema.json` uses; a keyword it does not know makes every check fail, so the
/// schema cannot grow past what the tests check.
///
/// Python's `jsonschema` checks the same documents in `Tests/Scripts/json-schema.sh` where PyPI
/// can be reached; this one needs nothing, so the Swift tests cover the schema everywhere.
package struct JSONSchemaValidator {
    /// The whole schema document, for `$ref`s into its `$defs`.
    package let root: [String: Any]

    package init(root: [String: Any]) {
        self.root = root
    }

    /// Loads a schema file.
    package init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        self.init(root: root)
    }

    static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]
    static let keywords: Set<String> = [
        "$ref", "type", "properties", "required", "additionalProperties", "items", "minItems", "enum", "const",
        "oneOf", "anyOf", "minimum", "maximum", "minLength", "pattern",
    ]

    /// The problems of `value` against `schema` (the root when `nil`), each with the path of the
    /// value at fault; empty when it is valid.
    package func problems(_ value: Any, against schema: Any? = nil, at path: String = "$") -> [String] {
        let schema = schema ?? root
        if let allowed = schema as? Bool { return allowed ? [] : ["\(path): no value is allowed here"] }
        guard let schema = schema as? [String: Any] else { return ["\(path): the schema is not an object"] }
        var found: [String] = []
        for key in schema.keys where !JSONSchemaValidator.keywords.contains(key) {
            if !JSONSchemaValidator.annotations.contains(key) { found.append("\(path): unsupported keyword \(key)") }
        }
        if let reference = schema["$ref"] as? String {
            guard reference.hasPrefix("#/$defs/"), let defs = root["$defs"] as? [String: Any],
                let target = defs[String(reference.dropFirst(8))]
            else { return found + ["\(path): unresolved $ref \(reference)"] }
            found += problems(value, against: target, at: path)
        }
        if let types = schema["type"] {
            let names = (types as? [String]) ?? [(types as? String) ?? ""]
            if !names.contains(where: { JSONSchemaValidator.has(value, type: $0) }) {
                found.append(
                    "\(path): \(JSONSchemaValidator.describe(value)) is not \(names.joined(separator: " or "))")
            }
        }
        if let constant = schema["const"], !JSONSchemaValidator.equal(value, constant) {
            found.append("\(path): \(JSONSchemaValidator.describe(value)) is not \(constant)")
        }
        if let choices = schema["enum"] as? [Any], !choices.contains(where: { JSONSchemaValidator.equal(value, $0) }) {
            found.append("\(path): \(JSONSchemaValidator.describe(value)) is none of \(choices)")
        }
        if let options = schema["oneOf"] as? [Any] {
            let matching = options.filter { problems(value, against: $0, at: path).isEmpty }.count
            if matching != 1 { found.append("\(path): matches \(matching) of oneOf, not exactly one") }
        }
        if let options = schema["anyOf"] as? [Any],
            !options.contains(where: { problems(value, against: $0, at: path).isEmpty })
        {
            found.append("\(path): matches none of anyOf")
        }
        if let number = JSONSchemaValidator.number(value) {
            if let minimum = schema["minimum"] as? Double, number < minimum {
                found.append("\(path): below \(minimum)")
            }
            if let maximum = schema["maximum"] as? Double, number > maximum {
                found.append("\(path): above \(maximum)")
            }
        }
        if let text = value as? String {
            if let minimum = schema["minLength"] as? Int, text.count < minimum {
                found.append("\(path): shorter than \(minimum)")
            }
            if let pattern = schema["pattern"] as? String,
                text.range(of: pattern, options: .regularExpression) == nil
            {
                found.append("\(path): \"\(text)\" does not match \(pattern)")
            }
        }
        if let array = value as? [Any], !JSONSchemaValidator.isBoolean(value) {
            if let minimum = schema["minItems"] as? Int, array.count < minimum {
                found.append("\(path): fewer than \(minimum) items")
            }
            if let items = schema["items"] {
                for (index, item) in array.enumerated() {
                    found += problems(item, against: items, at: "\(path)[\(index)]")
                }
            }
        }
        if let object = value as? [String: Any] {
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                found.append("\(path): no \"\(key)\"")
            }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (key, item) in object {
                if let property = properties[key] {
                    found += problems(item, against: property, at: "\(path).\(key)")
                } else if let additional = schema["additionalProperties"] {
                    if let allowed = additional as? Bool, !allowed {
                        found.append("\(path): \"\(key)\" is not in the schema")
                    } else if !(additional is Bool) {
                        found += problems(item, against: additional, at: "\(path).\(key)")
                    }
                }
            }
        }
        return found
    }

    /// JSONSerialization gives `true` and `1` alike as NSNumbers that cast to Bool; a boolean
    /// is the one whose C type is `char`.
    static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    static func number(_ value: Any) -> Double? {
        guard !isBoolean(value), let number = value as? NSNumber else { return nil }
        return number.doubleValue
    }

    static func has(_ value: Any, type: String) -> Bool {
        switch type {
        case "null": return value is NSNull
        case "boolean": return isBoolean(value)
        case "integer": return number(value).map { $0.rounded() == $0 } ?? false
        case "number": return number(value) != nil
        case "string": return value is String
        case "array": return value is [Any] && !isBoolean(value)
        case "object": return value is [String: Any]
        default: return false
        }
    }

    static func equal(_ a: Any, _ b: Any) -> Bool {
        if isBoolean(a) || isBoolean(b) {
            return isBoolean(a) && isBoolean(b) && (a as? Bool) == (b as? Bool)
        }
        if let x = number(a), let y = number(b) { return x == y }
        if let x = a as? String, let y = b as? String { return x == y }
        return a is NSNull && b is NSNull
    }

    static func describe(_ value: Any) -> String {
        if value is NSNull { return "null" }
        if let text = value as? String { return "\"\(text.prefix(60))\"" }
        return "\(value)".prefix(60).description
    }
}
