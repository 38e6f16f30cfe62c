//! Lock files: one process at a time holds each (an inbox's name, an MCP server's journal, a
//! `resume`'s ask), and the lock goes with the process however it ends. The files are the
//! user's alone (0600) and are never removed: removing one races the next taker.

use std::fs::{File, OpenOptions, TryLockError};
use std::io;
use std::os::unix::fs::OpenOptionsExt as _;
use std::path::Path;

/// Opens the lock file at `path`, made when missing, for reading and writing what its holder
/// says in it.
pub fn open(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .mode(0o600)
        .open(path)
}

/// Takes `lock` alone when no other holds it; whether it did.
pub fn try_take(lock: &File) -> io::Result<bool> {
    match lock.try_lock() {
        Ok(()) => Ok(true),
        Err(TryLockError::WouldBlock) => Ok(false),
        Err(TryLockError::Error(error)) => Err(error),
    }
}

/// Takes a share of `lock` when no other holds it alone; whether it did.
pub fn try_share(lock: &File) -> io::Result<bool> {
    match lock.try_lock_shared() {
        Ok(()) => Ok(true),
        Err(TryLockError::WouldBlock) => Ok(false),
        Err(TryLockError::Error(error)) => Err(error),
    }
}
