/// Why the catalog could not be used, in words that name the file and what to do.
public struct CatalogError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
