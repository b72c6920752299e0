//! Nothing here: the scenario is the integration test in tests/scenario.rs.
