import Foundation
import InvitesKit

/// A line of the config file that cannot be used.
struct ConfigError: Error, CustomStringConvertible {
    var path: String
    var line: Int
    var message: String

    var description: String { "\(path):\(line): \(message)" }
}
