//! Reading and dropping what arrives on the terminal until it is quiet: the rest of a paste
//! still arriving, and what is typed meanwhile, when the terminal is about to go back to the
//! shell, which would run it.

use std::os::fd::AsFd;
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec, poll};

use crate::decode::{PASTE_END, PASTE_START};

/// How long the terminal must stay quiet for a paste to have ended.
pub const PASTE_QUIET: Duration = Duration::from_millis(150);

/// How long a paste still arriving is read at most before what is left is dropped.
pub const PASTE_DRAIN_LIMIT: Duration = Duration::from_secs(2);

/// Whether the bytes dropped so far hold a bracketed paste's start without its end, the
/// markers found across reads that cut them.
#[derive(Debug, Default)]
struct PasteWatch {
    open: bool,
    /// The last bytes of the last read, too few to be a whole marker.
    tail: Vec<u8>,
}

impl PasteWatch {
    /// Follows the markers in `bytes`, read after those seen before.
    fn see(&mut self, bytes: &[u8]) {
        let mut seen = std::mem::take(&mut self.tail);
        seen.extend_from_slice(bytes);
        let last = |marker: &[u8]| seen.windows(marker.len()).rposition(|at| at == marker);
        match (last(PASTE_START), last(PASTE_END)) {
            (Some(start), Some(end)) => self.open = start > end,
            (Some(_), None) => self.open = true,
            (None, Some(_)) => self.open = false,
            (None, None) => {}
        }
        let keep = seen.len().saturating_sub(PASTE_START.len() - 1);
        self.tail = seen.split_off(keep);
    }
}

/// Reads and drops what `terminal` brings until it is quiet for `quiet`, or for at most
/// `limit`; a paste whose start it read reads on to the paste's end, however long the paste
/// pauses (a slow link cuts one into pieces), within `limit`. A read that fails, or finds the
/// terminal closed, ends it too.
pub fn drain_arriving(terminal: impl AsFd, quiet: Duration, limit: Duration) {
    let terminal = terminal.as_fd();
    let quiet = Timespec {
        tv_sec: i64::try_from(quiet.as_secs()).unwrap_or(i64::MAX),
        tv_nsec: i64::from(quiet.subsec_nanos()),
    };
    let started = Instant::now();
    let mut dropped = [0_u8; 16 * 1024];
    let mut paste = PasteWatch::default();
    while started.elapsed() < limit {
        let mut fds = [PollFd::new(&terminal, PollFlags::IN)];
        match poll(&mut fds, Some(&quiet)) {
            Ok(1) if fds[0].revents().contains(PollFlags::IN) => {
                match rustix::io::read(terminal, &mut dropped) {
                    Ok(read) if read > 0 => paste.see(&dropped[..read]),
                    _ => return,
                }
            }
            Ok(0) if paste.open => {}
            _ => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paste_is_open_from_its_start_to_its_end_whatever_reads_cut_them() {
        let mut paste = PasteWatch::default();
        paste.see(b"typed \x1b[20");
        assert!(!paste.open);
        paste.see(b"0~hello");
        assert!(paste.open, "the start cut between reads");
        paste.see(b" world\x1b[2");
        assert!(paste.open);
        paste.see(b"01~ls\n");
        assert!(!paste.open, "the end cut between reads");
        paste.see(b"\x1b[200~a\x1b[201~\x1b[200~b");
        assert!(paste.open, "the last marker counts");
    }

    #[test]
    fn a_paste_that_pauses_longer_than_the_quiet_is_read_to_its_end() {
        use std::io::Write;
        let (reader, mut writer) = std::os::unix::net::UnixStream::pair().expect("a pair");
        writer.write_all(b"\x1b[200~part one").expect("written");
        // The paste pauses three times as long as the quiet; what comes well after its end
        // is left alone.
        let writing = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(150));
            writer.write_all(b" part two\x1b[201~").expect("written");
            std::thread::sleep(Duration::from_secs(1));
            writer.write_all(b"after").expect("written");
            writer
        });
        drain_arriving(&reader, Duration::from_millis(50), Duration::from_secs(5));
        let writer = writing.join().expect("the writer");
        drop(writer);
        reader.set_nonblocking(true).expect("non-blocking");
        let mut rest = Vec::new();
        let _ = std::io::Read::read_to_end(&mut &reader, &mut rest);
        assert_eq!(
            rest, b"after",
            "the paste was read to its end, and no further"
        );
    }
}
