import Foundation

/// The version written into PRODID.
package enum ProductVersion {
    package static let current = "0.1.0"
}
