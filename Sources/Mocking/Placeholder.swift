// Placeholder until the Mocking pattern lands.
