import Foundation
import KataGradingCore

// Reading the course from disk. What the files mean is KataGradingCore's business; here they are
// only read, and a file that cannot be read is named with the command that restores it.

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

extension Variant {
    /// Loads every variant of every module under `Catalog/Variants/`.
    public static func loadAll(from directory: URL) throws -> [Variant] {
        let fm = FileManager.default
        guard let modules = try? fm.contentsOfDirectory(atPath: directory.path) else { return [] }
        var variants: [Variant] = []
        for module in modules.sorted() {
            let moduleDir = directory.appendingPathComponent(module)
            guard let files = try? fm.contentsOfDirectory(atPath: moduleDir.path) else { continue }
            for file in files.sorted() {
                let url = moduleDir.appendingPathComponent(file)
                guard let kind = Kind(rawValue: url.pathExtension) else { continue }
                let text = try String(contentsOf: url, encoding: .utf8)
                variants.append(try parse(text, module: module, name: url.deletingPathExtension().lastPathComponent,
                                          kind: kind, source: "Catalog/Variants/\(module)/\(file)"))
            }
        }
        return variants
    }
}

extension PerturbationPoint {
    /// Loads every perturbation point of every module under `Catalog/Variants/` (`<name>.point`).
    public static func loadAll(from directory: URL) throws -> [PerturbationPoint] {
        let fm = FileManager.default
        guard let modules = try? fm.contentsOfDirectory(atPath: directory.path) else { return [] }
        var points: [PerturbationPoint] = []
        for module in modules.sorted() {
            let moduleDir = directory.appendingPathComponent(module)
            guard let files = try? fm.contentsOfDirectory(atPath: moduleDir.path) else { continue }
            for file in files.sorted() where file.hasSuffix(".point") {
                let text = try String(contentsOf: moduleDir.appendingPathComponent(file), encoding: .utf8)
                points.append(try parse(text, module: module, name: String(file.dropLast(".point".count)),
                                        source: "Catalog/Variants/\(module)/\(file)"))
            }
        }
        return points
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
        (try? Data(contentsOf: url)).map(of)
    }
}
