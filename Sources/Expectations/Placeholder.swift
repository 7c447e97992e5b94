// Placeholder until the Expectations pattern lands.
