// Placeholder until the BusyAssertion pattern lands.
