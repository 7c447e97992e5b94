// Placeholder until the BeforeAfter pattern lands.
