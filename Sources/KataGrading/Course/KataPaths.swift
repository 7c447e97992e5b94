import Foundation
import KataGradingCore

/// Where everything lives in a kata checkout, and where the grader keeps its own state.
public struct KataPaths: Sendable {
    public let root: URL
    public let manifest: URL
    public let catalog: URL
    public let variants: URL
    public let starters: URL
    public let sources: URL
    public let exercises: URL
    public let solutions: URL
    /// Grader-owned state. Lives under `.build`, so `swift package clean` or deleting `.build` resets it.
    public let state: URL

    /// Every path is found here, once, from the root: the stages read them as stored values.
    public init(root: URL) {
        self.root = root.standardizedFileURL
        manifest = self.root.appendingPathComponent("Package.swift")
        catalog = self.root.appendingPathComponent("Catalog/catalog.json")
        variants = self.root.appendingPathComponent("Catalog/Variants")
        starters = self.root.appendingPathComponent("Catalog/starters.json")
        sources = self.root.appendingPathComponent("Sources")
        exercises = self.root.appendingPathComponent("Exercises")
        solutions = self.root.appendingPathComponent("Solutions")
        state = self.root.appendingPathComponent(".build/kata")
    }

    /// Path of `url` relative to the checkout, for messages.
    public func relative(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
