//! Form benchmarks.

fn main() {}
