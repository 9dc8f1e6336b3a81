internal import CSQLite
import Foundation

extension Statement.Value {
    static func optional(_ text: String?) -> Statement.Value { text.map { .text($0) } ?? .null }
    static func optional(_ number: Int?) -> Statement.Value { number.map { .int(Int64($0)) } ?? .null }
    static func integer(_ number: Int) -> Statement.Value { .int(Int64(number)) }
    static func bool(_ flag: Bool) -> Statement.Value { .int(flag ? 1 : 0) }
}
