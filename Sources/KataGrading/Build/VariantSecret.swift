import Foundation
import KataGradingCore

extension VariantSwitch {
    /// The switch of one shadow copy, its secret made once and kept beside it, so that the
    /// generated source (and so the build) stays the same from one grade to the next.
    public static func load(in directory: URL) throws -> VariantSwitch {
        let file = directory.appendingPathComponent("variant-secret")
        if let text = try? String(contentsOf: file, encoding: .utf8), isSecret(text) {
            return VariantSwitch(secret: text)
        }
        let made = withNewSecret()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try made.secret.write(to: file, atomically: true, encoding: .utf8)
        return made
    }
}
