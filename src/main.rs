//! `pi-agent-ask`: ask a human structured questions on behalf of a coding agent.

fn main() {}
