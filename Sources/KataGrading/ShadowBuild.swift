import Foundation

/// One compiler error, mapped back to the file the attendee edits.
public struct CompileError: Sendable, Equatable {
    public var file: String
    public var line: Int
    public var message: String
    public var location: String { "\(file):\(line)" }
}

/// Builds the shadow package, leaving out exercises that do not compile.
///
/// The common case is one incremental `swift build`. When it fails, the errors name the exercises
/// at fault; those are left out of the manifest and the rest is built again, so a half-typed
/// exercise never changes another exercise's verdict.
public struct ShadowBuild {
    public struct Result {
        /// The test binary with every exercise that compiled.
        public var testBinary: URL
        public var broken: [String: CompileError]
        public var missing: [String: String]
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public var paths: KataPaths
    public var catalog: Catalog
    public var variants: [Variant]
    public var shadow: ShadowPackage
    public var swift: String
    public var progress: BuildProgress
    public var variantSwitch: VariantSwitch

    public init(paths: KataPaths, catalog: Catalog, variants: [Variant], shadow: ShadowPackage,
                swift: String, progress: BuildProgress, variantSwitch: VariantSwitch) {
        self.variantSwitch = variantSwitch
        self.paths = paths
        self.catalog = catalog
        self.variants = variants
        self.shadow = shadow
        self.swift = swift
        self.progress = progress
    }

    public func run() throws -> Result {
        var broken: [String: CompileError] = [:]
        var missing: [String: String] = [:]
        let log = shadow.directory.appendingPathComponent("build.log")
        var rebuiltFromScratch = false
        var cold = !FileManager.default.fileExists(atPath: shadow.directory.appendingPathComponent(".build").path)

        for _ in 0...catalog.exercises.count {
            missing = try shadow.sync(paths: paths, catalog: catalog, variants: variants,
                                      variantSwitch: variantSwitch, excluded: Set(broken.keys))
            let result = try progress.during(log: log, cold: cold) {
                try ProcessRunner.shared.run(swift, ["build", "--build-tests", "--package-path", shadow.directory.path],
                                             timeout: 1800, log: log)
            }
            cold = false
            if result.termination == .exited(0) {
                return Result(testBinary: try testBinary(), broken: broken, missing: missing)
            }
            let errors = Self.compileErrors(in: result.output)
            var newlyBroken = false
            for (path, error) in errors {
                guard let (exercise, file) = exerciseFile(atShadowPath: path) else { continue }
                if broken[exercise.id] == nil {
                    let display = paths.relative(shadow.testFile(file, of: exercise, in: catalog))
                    broken[exercise.id] = CompileError(file: display, line: error.line, message: error.message)
                    newlyBroken = true
                }
            }
            if !newlyBroken {
                // A failure no exercise explains is most often a damaged or stale build folder
                // (moved checkout, interrupted write, toolchain change): start it afresh, once.
                if !rebuiltFromScratch {
                    rebuiltFromScratch = true
                    StandardError().write("The grader's build folder looks damaged; rebuilding it from scratch…\n")
                    try? FileManager.default.removeItem(at: shadow.directory.appendingPathComponent(".build"))
                    cold = true
                    continue
                }
                throw Failure(description: Self.describeUnattributed(result, errors: errors, log: paths.relative(log)))
            }
        }
        throw Failure(description: "the build kept failing; see \(paths.relative(log)).")
    }

    func testBinary() throws -> URL {
        let debug = shadow.directory.appendingPathComponent(".build/debug")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: debug.resolvingSymlinksInPath().path)) ?? []
        guard let name = names.first(where: { $0.hasSuffix("PackageTests.xctest") }) else {
            throw Failure(description: "the build succeeded but left no test binary in \(paths.relative(debug)).")
        }
        return debug.appendingPathComponent(name)
    }

    /// Which exercise, and which of its files, a shadow path belongs to.
    func exerciseFile(atShadowPath path: String) -> (Catalog.Exercise, String)? {
        let gradeDir = shadow.directory.appendingPathComponent("Grade").standardizedFileURL.path + "/"
        guard path.hasPrefix(gradeDir) else { return nil }
        let parts = path.dropFirst(gradeDir.count).split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2, let exercise = catalog.exercises.first(where: { Catalog.targetName(of: $0) == parts[0] })
        else { return nil }
        return (exercise, parts[1])
    }

    /// `path:line:column: error: message` lines, first error per file, in order.
    static func compileErrors(in output: String) -> [(String, (line: Int, message: String))] {
        var result: [(String, (line: Int, message: String))] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let range = line.range(of: ": error: ") else { continue }
            let location = line[..<range.lowerBound].split(separator: ":")
            guard location.count >= 2, let lineNumber = Int(location[1]) else { continue }
            let path = String(location[0])
            guard path.hasPrefix("/") else { continue }
            result.append((path, (lineNumber, String(line[range.upperBound...]))))
        }
        return result
    }

    static func describeUnattributed(_ result: ProcessResult, errors: [(String, (line: Int, message: String))], log: String) -> String {
        if let (path, error) = errors.first {
            return "a file outside the exercises does not compile (\(path):\(error.line): \(error.message)). This is a bug in the kata, not in your tests; the full log is \(log)."
        }
        let tail = result.output.split(separator: "\n").suffix(5).joined(separator: "\n    ")
        return "swift build failed without a compiler error:\n    \(tail)\nThe full log is \(log)."
    }
}
