import Foundation
import KataGradingCore

// Reading the course from disk. What the files mean is KataGradingCore's business; here they are
// only read, and a file that cannot be read is named with the command that restores it.

/// The files a course is made of, read from the checkout in one pass before anything is made of
/// them (`Course.init`): the catalog as written and the attendee's framework, the perturbation
/// points and the variants of `Catalog/Variants/`, the shipped starters.
struct CourseFiles {
    let catalog: Catalog
    let framework: Catalog.Framework?
    let points: [PerturbationPoint]
    let variants: [Variant]
    let starters: ShippedStarters

    /// `recordingStarters`: `Catalog/starters.json` is not read (`--refresh-starters` writes it).
    static func load(_ paths: KataPaths, recordingStarters: Bool) throws -> CourseFiles {
        let catalog = try Catalog.load(from: paths.catalog)
        let framework = FrameworkChoice.load(paths)
        let points = try PerturbationPoint.loadAll(from: paths.variants)
        let variants = try Variant.loadAll(from: paths.variants)
        let starters = recordingStarters ? ShippedStarters(texts: [:]) : try ShippedStarters.load(from: paths.starters)
        return CourseFiles(catalog: catalog, framework: framework, points: points, variants: variants, starters: starters)
    }
}

extension Catalog {
    public static func load(from url: URL) throws -> Catalog {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CatalogError("cannot read the catalog at \(url.path): it is missing or unreadable. Restore it with `git checkout -- Catalog/catalog.json`.")
        }
        return try decoded(from: data, path: url.path)
    }
}

/// Every file of every module's folder under `Catalog/Variants/` with one of `extensions`, in
/// order of module then name: what variants and perturbation points are read from.
private func catalogVariantFiles(in directory: URL, extensions: Set<String>) -> [(module: String, file: String, url: URL)] {
    let fm = FileManager.default
    guard let modules = try? fm.contentsOfDirectory(atPath: directory.path) else { return [] }
    return modules.sorted().flatMap { module -> [(module: String, file: String, url: URL)] in
        let moduleDir = directory.appendingPathComponent(module)
        let files = (try? fm.contentsOfDirectory(atPath: moduleDir.path)) ?? []
        return files.sorted().map { (module, $0, moduleDir.appendingPathComponent($0)) }
            .filter { extensions.contains($0.url.pathExtension) }
    }
}

extension Variant {
    /// Loads every variant of every module under `Catalog/Variants/`.
    public static func loadAll(from directory: URL) throws -> [Variant] {
        try catalogVariantFiles(in: directory, extensions: [Kind.chaff.rawValue, Kind.wheat.rawValue]).map { module, file, url in
            try parse(String(contentsOf: url, encoding: .utf8), module: module, name: url.deletingPathExtension().lastPathComponent,
                      kind: Kind(rawValue: url.pathExtension)!, source: "Catalog/Variants/\(module)/\(file)")
        }
    }
}

extension PerturbationPoint {
    /// Loads every perturbation point of every module under `Catalog/Variants/` (`<name>.point`).
    public static func loadAll(from directory: URL) throws -> [PerturbationPoint] {
        try catalogVariantFiles(in: directory, extensions: ["point"]).map { module, file, url in
            try parse(String(contentsOf: url, encoding: .utf8), module: module, name: url.deletingPathExtension().lastPathComponent,
                      source: "Catalog/Variants/\(module)/\(file)")
        }
    }
}

extension ShippedStarters {
    public static func load(from url: URL) throws -> ShippedStarters {
        guard let data = try? Data(contentsOf: url) else {
            throw CatalogError("\(url.path) is missing, so the grader cannot tell a starter from your work. Restore it from a fresh copy of the kata (or `git checkout -- Catalog/starters.json`).")
        }
        do {
            return try decoded(from: data)
        } catch {
            throw CatalogError("\(url.path) is damaged (\(error)). Restore it from a fresh copy of the kata (or `git checkout -- Catalog/starters.json`).")
        }
    }
}

extension Fingerprint {
    public static func ofFile(at url: URL) -> String? {
        FileContents.data(at: url).map(of)
    }
}
