import Foundation
import KataGradingCore

/// Where the runs of done tracks are kept between grades (`KeptRuns`): one file per track and
/// key, `.build/kata/verdicts/<source>/<track>~<key>.json`, the last few keys of each track (an
/// edit undone finds its runs again).
///
/// Tests run with the attendee's rights and could write here, so this folder is the grader's like
/// the rest of `.build/kata/`: sealed before the runs of a grade and checked when they are over
/// (`GraderSeal`), so that a grade whose tests changed anything in it stops and the folder is
/// removed; and the grader writes it only after that check, from what it holds in memory. A file
/// is read only when it is a plain file, never through a link.
struct VerdictCache {
    /// Keys kept per track.
    static let keysPerTrack = 3

    let folder: URL
    let state: URL

    init(paths: KataPaths, source: TestSource) {
        state = paths.state
        folder = Self.root(in: paths.state).appendingPathComponent(source.shadowName)
    }

    /// The folder of every source's kept runs, which the seal covers.
    static func root(in state: URL) -> URL { state.appendingPathComponent("verdicts") }

    /// The runs kept for `track` under `key` that may stand in for new ones now, if any.
    func kept(_ track: Catalog.Exercise, key: VerdictKey, now: Date = Date()) -> KeptRuns? {
        guard let data = FileContents.data(at: url(track: track.key, key: key.digest), followingLinks: false),
              let runs = try? Self.decoder.decode(KeptRuns.self, from: data),
              runs.stands(for: track, key: key, now: now) else { return nil }
        return runs
    }

    /// Writes `runs`, and forgets the oldest keys of their tracks past `keysPerTrack`.
    func keep(_ runs: [KeptRuns]) {
        guard !runs.isEmpty, (try? GraderFolder.makeReal(folder, within: state)) != nil else { return }
        GraderFolder.removeLinks(under: folder)
        for kept in runs {
            guard let data = try? Self.encoder.encode(kept) else { continue }
            try? data.write(to: url(track: kept.track, key: kept.key), options: .atomic)
        }
        let tracks = Set(runs.map(\.track))
        var byTrack: [String: [(name: String, date: Date)]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            guard let cut = name.range(of: "~", options: .backwards) else { continue }
            let track = String(name[..<cut.lowerBound])
            guard tracks.contains(track) else { continue }
            let date = (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path))?[.modificationDate] as? Date
            byTrack[track, default: []].append((name, date ?? .distantPast))
        }
        for files in byTrack.values where files.count > Self.keysPerTrack {
            for old in files.sorted(by: { $0.date > $1.date }).dropFirst(Self.keysPerTrack) {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(old.name))
            }
        }
    }

    /// Forgets every kept run of every source.
    static func forgetAll(in state: URL) {
        GraderFolder.removeWhole(root(in: state))
    }

    private func url(track: String, key: String) -> URL {
        folder.appendingPathComponent(track.replacingOccurrences(of: "/", with: "_") + "~" + key + ".json")
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
