import Foundation

/// The checkout these tests were compiled from: the kata's root folder, where `Package.swift`,
/// `Catalog/`, `Scripts/` and `Tests/` are. The one place the tests find it.
public enum KataCheckout {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/KataTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()
}
