//! JSON read from a file or standard input as it arrives, for documents that may be long (tool
//! arguments): the text is never held whole, yet every failure reads as it does when the whole
//! text is read first (`files::read_json`): a read error or text that is not UTF-8 anywhere
//! in the input wins over a JSON error, and the JSON errors name the same line and column.

use std::io::{self, BufReader, Cursor, Read};

use serde_json::de::IoRead;

use crate::files::json_error;
use crate::outcome::UsageError;

/// The byte-order mark a document may start with, which is skipped.
const BYTE_ORDER_MARK: &[u8] = b"\xef\xbb\xbf";

/// The JSON deserializer over the text as it arrives.
pub type StreamedDeserializer<'r> =
    serde_json::Deserializer<IoRead<io::Chain<Cursor<Vec<u8>>, &'r mut dyn Read>>>;

/// Reads the JSON document in `source` (a file, or standard input for `-`) with `read`, which
/// takes it from the deserializer as it arrives.
pub fn read_streamed_json<T>(
    source: &str,
    what: &str,
    read: impl FnOnce(&mut StreamedDeserializer<'_>) -> Result<T, serde_json::Error>,
) -> Result<T, UsageError> {
    let unreadable = |error: &io::Error| {
        if source == "-" {
            UsageError::new(format!("cannot read {what} from standard input: {error}"))
        } else {
            UsageError::new(format!("cannot read {what} {source:?}: {error}"))
        }
    };
    let mut input = if source == "-" {
        CheckedText::new(Box::new(io::stdin().lock()))
    } else {
        CheckedText::new(Box::new(
            std::fs::File::open(source).map_err(|error| unreadable(&error))?,
        ))
    };
    let parsed = parse(&mut input, read);
    if let Some(error) = input.failure {
        return Err(unreadable(&error));
    }
    if input.invalid_utf8 {
        return Err(unreadable(&invalid_utf8()));
    }
    parsed.map_err(|error| json_error(&error, what))
}

fn parse<T>(
    input: &mut CheckedText,
    read: impl FnOnce(&mut StreamedDeserializer<'_>) -> Result<T, serde_json::Error>,
) -> Result<T, serde_json::Error> {
    let mut buffered = BufReader::new(input);
    let start = skip_byte_order_mark(&mut buffered).map_err(serde_json::Error::io)?;
    let rest: &mut dyn Read = &mut buffered;
    let mut deserializer = serde_json::Deserializer::from_reader(Cursor::new(start).chain(rest));
    let parsed = read(&mut deserializer).and_then(|value| {
        deserializer.end()?;
        Ok(value)
    });
    if parsed.is_err() {
        // The rest is read as reading the whole text first would have: a read error or text
        // that is not UTF-8 after the JSON error is what is reported.
        let _ = io::copy(&mut buffered, &mut io::sink());
    }
    parsed
}

/// The first bytes, unless they are the byte-order mark.
fn skip_byte_order_mark(input: &mut impl Read) -> io::Result<Vec<u8>> {
    let mut start = Vec::with_capacity(BYTE_ORDER_MARK.len());
    input
        .take(BYTE_ORDER_MARK.len() as u64)
        .read_to_end(&mut start)?;
    if start == BYTE_ORDER_MARK {
        start.clear();
    }
    Ok(start)
}

/// The standard library's own error for text that is not UTF-8, as reading a whole file into
/// a string gives it.
fn invalid_utf8() -> io::Error {
    io::read_to_string(&b"\xff"[..])
        .map_or_else(|error| error, |_| io::ErrorKind::InvalidData.into())
}

/// The input, checked to be UTF-8 as it passes, keeping the first read error it met.
struct CheckedText {
    inner: Box<dyn Read>,
    /// The bytes being checked: the start of a character the last read cut, then the new ones.
    pending: Vec<u8>,
    invalid_utf8: bool,
    failure: Option<io::Error>,
}

impl CheckedText {
    fn new(inner: Box<dyn Read>) -> Self {
        Self {
            inner,
            pending: Vec::new(),
            invalid_utf8: false,
            failure: None,
        }
    }

    /// Checks the bytes just read, with the start of a character the last read cut.
    fn check(&mut self, bytes: &[u8]) {
        if self.invalid_utf8 {
            return;
        }
        self.pending.extend_from_slice(bytes);
        match std::str::from_utf8(&self.pending) {
            Ok(_) => self.pending.clear(),
            Err(error) if error.error_len().is_none() => {
                self.pending.drain(..error.valid_up_to());
            }
            Err(_) => self.invalid_utf8 = true,
        }
    }
}

impl Read for CheckedText {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.failure.is_some() {
            return Err(io::ErrorKind::Other.into());
        }
        match self.inner.read(buf) {
            Ok(0) => {
                if !self.pending.is_empty() {
                    self.invalid_utf8 = true;
                }
                Ok(0)
            }
            Ok(read) => {
                self.check(&buf[..read]);
                Ok(read)
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => Err(error),
            Err(error) => {
                let kind = error.kind();
                self.failure = Some(error);
                Err(kind.into())
            }
        }
    }
}
