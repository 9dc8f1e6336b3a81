import Foundation

/// How the store keeps instants: whole Unix seconds, the fraction dropped.
extension Date {
    /// The instant as whole seconds since 1970, rounded down.
    var unixSeconds: Int { Int(timeIntervalSince1970.rounded(.down)) }

    /// An instant kept as whole seconds since 1970.
    init(unixSeconds: Int) {
        self.init(timeIntervalSince1970: Double(unixSeconds))
    }
}
