//! The host's lines as they are read: split on `\n` only, and never longer than
//! [`MAX_LINE_BYTES`] in memory.
//!
//! A host may write a line of any length, or one that never ends; holding it whole would let
//! one line take all the memory there is. A longer line is read in the reader's own chunks and
//! dropped up to its `\n` as it comes, and the session answers it with one failed `parse` response
//! ([`line_too_long`]).

use std::io::{self, BufRead, ErrorKind};

use super::{Outgoing, ProtocolError};

/// The longest line read whole, in bytes without its `\n`: 16 MiB, far more than any tool call
/// needs.
pub const MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

/// What one read brought.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line, in the buffer without its `\n` (the last line of the input may lack one).
    Read,
    /// A line longer than the limit, dropped up to and with its `\n`; the buffer is empty.
    TooLong,
    /// The input has ended.
    End,
}

/// Reads the next line into `line` (cleared first), keeping at most `limit` bytes of it.
pub fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, limit: usize) -> io::Result<Line> {
    line.clear();
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(error) if error.kind() == ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if chunk.is_empty() {
            return Ok(if line.is_empty() {
                Line::End
            } else {
                Line::Read
            });
        }
        let end = chunk.iter().position(|&byte| byte == b'\n');
        let taken = end.unwrap_or(chunk.len());
        if line.len() + taken > limit {
            line.clear();
            return skip_rest(input).map(|()| Line::TooLong);
        }
        line.extend_from_slice(&chunk[..taken]);
        match end {
            Some(end) => {
                input.consume(end + 1);
                return Ok(Line::Read);
            }
            None => input.consume(taken),
        }
    }
}

/// Drops input up to and with the next `\n`, or to the end of input.
fn skip_rest(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(error) if error.kind() == ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if chunk.is_empty() {
            return Ok(());
        }
        if let Some(end) = chunk.iter().position(|&byte| byte == b'\n') {
            input.consume(end + 1);
            return Ok(());
        }
        let all = chunk.len();
        input.consume(all);
    }
}

/// The failed `parse` response that answers a line over [`MAX_LINE_BYTES`]; nothing else
/// changes.
pub fn line_too_long() -> Outgoing {
    Outgoing::Failed(ProtocolError::parse(format!(
        "Failed to parse command: the line is longer than {MAX_LINE_BYTES} bytes (16 MiB) and was skipped"
    )))
}

#[cfg(test)]
mod tests {
    use std::io::{BufReader, Cursor};

    use super::*;

    /// Every read of `input` through a reader of `capacity` bytes, with limit `limit`.
    fn reads(input: &[u8], capacity: usize, limit: usize) -> Vec<(Line, String)> {
        let mut reader = BufReader::with_capacity(capacity, Cursor::new(input.to_vec()));
        let mut line = Vec::new();
        let mut out = Vec::new();
        loop {
            let read = read_line(&mut reader, &mut line, limit).expect("reads");
            out.push((read, String::from_utf8_lossy(&line).into_owned()));
            if read == Line::End {
                return out;
            }
        }
    }

    fn read(text: &str) -> (Line, String) {
        (Line::Read, text.to_owned())
    }

    #[test]
    fn lines_are_split_on_newlines_only_and_the_last_may_lack_one() {
        let input = "a\u{2028}b\r\n\nc".as_bytes();
        assert_eq!(
            reads(input, 2, 100),
            [
                read("a\u{2028}b\r"),
                read(""),
                read("c"),
                (Line::End, String::new())
            ]
        );
    }

    #[test]
    fn a_line_over_the_limit_is_skipped_to_its_newline_and_reading_goes_on() {
        let input = b"12345\n123456789\nok\n123456";
        for capacity in [1, 3, 64] {
            assert_eq!(
                reads(input, capacity, 5),
                [
                    read("12345"),
                    (Line::TooLong, String::new()),
                    read("ok"),
                    (Line::TooLong, String::new()),
                    (Line::End, String::new())
                ],
                "reading {capacity} bytes at a time"
            );
        }
    }

    #[test]
    fn a_skipped_line_is_never_held_beyond_the_limit() {
        let mut input = vec![b'x'; 1 << 20];
        input.push(b'\n');
        let mut reader = BufReader::with_capacity(4096, Cursor::new(input));
        let mut line = Vec::new();
        let read = read_line(&mut reader, &mut line, 1000).expect("reads");
        assert_eq!(read, Line::TooLong);
        assert!(line.capacity() <= 8192, "{} bytes held", line.capacity());
    }

    #[test]
    fn a_line_too_long_fails_as_pi_fails_a_parse() {
        assert_eq!(
            line_too_long().to_line(),
            r#"{"type":"response","command":"parse","success":false,"error":"Failed to parse command: the line is longer than 16777216 bytes (16 MiB) and was skipped"}"#
        );
    }
}
