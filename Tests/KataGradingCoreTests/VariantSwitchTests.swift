import XCTest
@testable import KataGradingCore

final class VariantSwitchTests: XCTestCase {
    func test_aTokenNamesItsVariantOnlyToWhoKnowsTheSecret() {
        let variantSwitch = VariantSwitch(secret: String(repeating: "ab", count: 16))
        let token = variantSwitch.token(for: "Mocking/wrong-url")
        let parts = token.split(separator: ".").map(String.init)
        XCTAssertEqual(parts.count, 2)
        XCTAssertEqual(VariantSwitch.digest(variantSwitch.secret, parts[0], "Mocking/wrong-url"), parts[1])
        XCTAssertNotEqual(VariantSwitch.digest(String(repeating: "cd", count: 16), parts[0], "Mocking/wrong-url"), parts[1])
        // Every run's token differs, real or not.
        XCTAssertNotEqual(variantSwitch.token(for: "Mocking/wrong-url"), token)
        XCTAssertNotEqual(variantSwitch.token(for: nil), variantSwitch.token(for: nil))
    }

    func test_theGeneratedModuleComputesTheSameDigest() throws {
        // The generated source carries a copy of the digest; compile-free check that it is the same text.
        let source = Schemata.switchSource(keys: ["M/a"], secret: "s")
        XCTAssertTrue(source.contains("0xcbf29ce484222325, 0x84222325cbf29ce4"))
        XCTAssertTrue(source.contains("\"\\(secret)|\\(nonce)|\\(key)\""))
        XCTAssertFalse(source.contains("KATA_VARIANT"))
    }
}
