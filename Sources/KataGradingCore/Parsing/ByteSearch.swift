#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding a few bytes in many, at the speed a flooding run needs (`OutputFacts`, the supervisor's
/// `OutputLog`): `memmem`, which Glibc's Swift module does not export, as `memchr` for the first
/// byte, then `memcmp`.
public enum ByteSearch {
    /// The offset of `marker`'s first occurrence in `raw`, if any.
    public static func find(_ marker: [UInt8], in raw: UnsafeRawBufferPointer) -> Int? {
        guard let base = raw.baseAddress, !marker.isEmpty, raw.count >= marker.count else { return nil }
        var offset = 0
        while raw.count - offset >= marker.count {
            guard let hit = memchr(base + offset, Int32(marker[0]), raw.count - offset - marker.count + 1) else { return nil }
            let at = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + at, marker, marker.count) == 0 { return at }
            offset = at + 1
        }
        return nil
    }
}
