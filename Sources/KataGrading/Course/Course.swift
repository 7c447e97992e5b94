import Foundation
import KataGradingCore

/// The course as this checkout has it: the catalog (with the attendee's framework first), the
/// variants of the legacy modules and the text of the shipped starters. Loaded once per
/// command; every command but `--help` and `--check` starts here.
public struct Course: Sendable {
    public let paths: KataPaths
    public let catalog: Catalog
    /// Every chaff and wheat of the catalog, and the templates of each module's perturbation
    /// points (`Perturbation.templates`), which the shadow copy compiles in with them.
    public let variants: [Variant]
    /// The perturbation points of every module.
    public let points: [PerturbationPoint]
    public let starters: ShippedStarters
    /// Every track of the course, each exercise's first then its alternate (`Catalog.allTracks`),
    /// listed once here for every stage that looks a track up.
    public let tracks: [Catalog.Exercise]
    /// The newest Swift a track of the course requires, if any: the platform confirms a kept
    /// toolchain version below it (`TestPlatform.current(needed:)`).
    public let newestSwiftNeeded: Version?
    /// Whether an attendee's file is still the starter, and what the starter said.
    public let starterStore: StarterStore

    /// `recordingStarters`: for `--refresh-starters`, which writes `Catalog/starters.json` and so
    /// must not need it.
    public init(paths: KataPaths, recordingStarters: Bool = false) throws {
        self.paths = paths
        let files = try CourseFiles.load(paths, recordingStarters: recordingStarters)
        // The catalog, and what is made of it: its tracks and the newest Swift they need.
        let catalog = files.catalog.preferring(files.framework)
        self.catalog = catalog
        tracks = catalog.allTracks
        newestSwiftNeeded = tracks.compactMap(\.requires.swift).max()
        // The variants, with the templates of the points.
        let points = files.points
        self.points = points
        variants = files.variants
            + Set(points.map(\.module)).sorted().flatMap { Perturbation.templates(module: $0, points: points, exercises: catalog.exercises) }
        starters = files.starters
        starterStore = StarterStore(paths: paths, catalog: catalog, starters: starters)
        try checkVariantNames()
    }

    func checkVariantNames() throws {
        if let (exercise, name, kind) = catalog.missingVariants(in: variants).first {
            throw CatalogError("\(paths.relative(paths.catalog)): exercise '\(exercise.id)' lists the \(kind.rawValue) '\(name)', but Catalog/Variants/\(exercise.module)/\(name).\(kind.rawValue) does not exist.")
        }
        for exercise in catalog.exercises {
            for name in exercise.perturbs where !points.contains(where: { $0.module == exercise.module && $0.name == name }) {
                throw CatalogError("\(paths.relative(paths.catalog)): exercise '\(exercise.id)' perturbs '\(name)', but Catalog/Variants/\(exercise.module)/\(name).point does not exist.")
            }
        }
    }
}
