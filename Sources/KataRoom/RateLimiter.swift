import Foundation

/// A token bucket per key: `burst` requests at once, then one every `interval` seconds. A grade
/// every few seconds never meets it; a loop that posts as fast as it can is refused with 429.
public struct RateLimiter: Sendable {
    public var burst: Double
    public var interval: TimeInterval
    private var buckets: [String: (tokens: Double, at: Date)] = [:]

    public init(burst: Int, interval: TimeInterval) {
        self.burst = Double(burst)
        self.interval = interval
    }

    public mutating func allow(_ key: String, now: Date) -> Bool {
        var bucket = buckets[key] ?? (burst, now)
        bucket.tokens = min(burst, bucket.tokens + now.timeIntervalSince(bucket.at) / interval)
        bucket.at = now
        let allowed = bucket.tokens >= 1
        if allowed { bucket.tokens -= 1 }
        buckets[key] = bucket
        // Forget full buckets now and then, so keys made up by a flood cannot grow memory forever.
        if buckets.count > 10_000 {
            buckets = buckets.filter { $0.value.tokens + now.timeIntervalSince($0.value.at) / interval < burst }
        }
        return allowed
    }
}
