import Foundation
import InvitesKit
import InvitesModel

/// The version `invites --version` prints.
enum Version {
    static let current = ProductVersion.current
}
