// Placeholder until the SwiftConcurrency pattern lands.
