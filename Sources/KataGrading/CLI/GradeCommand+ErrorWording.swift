import Foundation

extension GradeCommand {
    /// One line for an error: Foundation's file errors say which file and how to fix it, instead
    /// of an `NSCocoaErrorDomain Code=513` dump.
    static func describe(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError {
            let path = cocoa.filePath ?? (cocoa.userInfo[NSURLErrorKey] as? URL)?.path ?? "a file"
            switch cocoa.code {
            case .fileWriteNoPermission, .fileReadNoPermission:
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
}
