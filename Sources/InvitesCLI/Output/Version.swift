import Foundation
import InvitesKit

/// The version `invites --version` prints.
enum Version {
    static let current = ProductVersion.current
}
