import Foundation
import KataGradingCore

/// Where everything lives in a kata checkout, and where the grader keeps its own state.
public struct KataPaths: Sendable {
    public var root: URL

    public init(root: URL) { self.root = root.standardizedFileURL }

    public var manifest: URL { root.appendingPathComponent("Package.swift") }
    public var catalog: URL { root.appendingPathComponent("Catalog/catalog.json") }
    public var variants: URL { root.appendingPathComponent("Catalog/Variants") }
    public var starters: URL { root.appendingPathComponent("Catalog/starters.json") }
    public var sources: URL { root.appendingPathComponent("Sources") }
    public var exercises: URL { root.appendingPathComponent("Exercises") }
    public var solutions: URL { root.appendingPathComponent("Solutions") }
    /// Grader-owned state. Lives under `.build`, so `swift package clean` or deleting `.build` resets it.
    public var state: URL { root.appendingPathComponent(".build/kata") }

    /// Path of `url` relative to the checkout, for messages.
    public func relative(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
