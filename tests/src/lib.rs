//! End-to-end tests and the load generator for Chaupal, run against a real server.
