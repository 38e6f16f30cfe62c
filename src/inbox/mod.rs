//! The answer inbox: a terminal where the asks of every agent of this user arrive, and the
//! asking side that sends an ask there (`ask --ui inbox`).
//!
//! An inbox listens on a Unix socket in a private folder ([`place`]), one thread per asker
//! ([`server`]), each answered through its [`held::Outbox`]; askers speak a small versioned
//! JSON-lines protocol ([`wire`]) through [`client`]. What the person sees and answers is the
//! core's `Inbox` surface.

pub mod arrival;
pub mod behind;
pub mod client;
pub mod held;
pub mod place;
pub mod server;
pub mod wire;
