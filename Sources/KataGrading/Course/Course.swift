import Foundation
import KataGradingCore

/// The course as this checkout has it: the catalog (with the attendee's framework first), the
/// variants of the legacy modules and the text of the shipped starters. Loaded once per
/// command; every command but `--help` and `--check` starts here.
public struct Course: Sendable {
    public let paths: KataPaths
    public let catalog: Catalog
    public let variants: [Variant]
    public let starters: ShippedStarters

    /// `recordingStarters`: for `--refresh-starters`, which writes `Catalog/starters.json` and so
    /// must not need it.
    public init(paths: KataPaths, recordingStarters: Bool = false) throws {
        self.paths = paths
        catalog = try Catalog.load(from: paths.catalog).preferring(FrameworkChoice.load(paths))
        variants = try Variant.loadAll(from: paths.variants)
        starters = recordingStarters ? ShippedStarters(texts: [:]) : try ShippedStarters.load(from: paths.starters)
        try checkVariantNames()
    }

    func checkVariantNames() throws {
        if let (exercise, name, kind) = catalog.missingVariants(in: variants).first {
            throw CatalogError("\(paths.relative(paths.catalog)): exercise '\(exercise.id)' lists the \(kind.rawValue) '\(name)', but Catalog/Variants/\(exercise.module)/\(name).\(kind.rawValue) does not exist.")
        }
    }

    public var starterStore: StarterStore {
        StarterStore(paths: paths, catalog: catalog, starters: starters)
    }

    /// The folder laid out like `Exercises/` that `source` names.
    public func testsRoot(for source: TestSource) -> URL {
        switch source {
        case .exercises: return paths.exercises
        case .solutions: return paths.solutions
        case .directory(let url): return url
        }
    }
}
