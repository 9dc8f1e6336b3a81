import Foundation

/// The version written into PRODID.
public enum ProductVersion {
    public static let current = "0.1.0"
}
