import Foundation

/// With `KATA_TRACE` set, when each stage of a grade ended, for maintainers measuring where a
/// grade's time goes (`Scripts/bench.sh` measures the whole).
struct PhaseClock {
    private let start = Date()
    private let on = ProcessInfo.processInfo.environment["KATA_TRACE"] != nil

    func note(_ step: String) {
        guard on else { return }
        StandardError().write(String(format: "[kata] %6.3f s  %@\n", Date().timeIntervalSince(start), step))
    }
}
