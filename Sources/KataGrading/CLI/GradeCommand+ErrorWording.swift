import Foundation

extension GradeCommand {
    /// One line for an error: Foundation's file errors say which file and how to fix it, instead
    /// of an `NSCocoaErrorDomain Code=513` dump.
    static func describe(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError {
            let path = cocoa.filePath ?? (cocoa.userInfo[NSURLErrorKey] as? URL)?.path ?? "a file"
            switch cocoa.code {
            case .fileWriteNoPermission, .fileReadNoPermission:
                if ownedByAnotherUser(path) {
                    // chmod cannot help: only the owner (root, after a `sudo grade.sh`) may change it.
                    return "no permission to use \(path): it belongs to another user (a grade run with sudo?). Give the build folder back, in the kata's folder: sudo chown -R \"$USER\" .build"
                }
                return "no permission to use \(path). Make the checkout yours and writable (for example: chmod -R u+w on it), or clone the kata into a folder of yours."
            case .fileWriteOutOfSpace:
                return "the disk is full while writing \(path). Free some space and grade again."
            case .fileWriteVolumeReadOnly:
                return "\(path) is on a read-only disk. Clone the kata into a folder you can write."
            default:
                return "cannot use \(path): \(cocoa.localizedDescription)"
            }
        }
        return "\(error)"
    }

    /// Whether `path`, or the nearest folder above it that exists, is not this user's.
    static func ownedByAnotherUser(_ path: String) -> Bool {
        var url = URL(fileURLWithPath: path)
        while true {
            if let owner = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.ownerAccountID] as? NSNumber {
                return owner.uint32Value != getuid()
            }
            if url.path == "/" { return false }
            url.deleteLastPathComponent()
        }
    }
}
