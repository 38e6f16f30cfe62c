//! JSON read from a file or standard input and handed to a reader that takes it apart as it
//! parses (tool arguments): the text is read whole, since `serde_json` parses text in memory
//! several times faster than from a stream, but no tree of it is built. Every failure reads as
//! it does for any document the program reads: a read error or text that is not UTF-8 wins
//! over a JSON error, and the JSON errors name the line and column.

use std::io::{self, Read};

use serde_json::de::StrRead;

use crate::files::json_error;
use crate::outcome::UsageError;

/// The byte-order mark a document may start with, which is skipped.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// The JSON deserializer over the text read.
pub type TextDeserializer<'t> = serde_json::Deserializer<StrRead<'t>>;

/// Reads the JSON document in `source` (a file, or standard input for `-`) and hands it to
/// `read`, which takes it from the deserializer.
pub fn read_json_with<T>(
    source: &str,
    what: &str,
    read: impl FnOnce(&mut TextDeserializer<'_>) -> Result<T, serde_json::Error>,
) -> Result<T, UsageError> {
    let unreadable = |error: &io::Error| {
        if source == "-" {
            UsageError::new(format!("cannot read {what} from standard input: {error}"))
        } else {
            UsageError::new(format!("cannot read {what} {source:?}: {error}"))
        }
    };
    let mut text = String::new();
    if source == "-" {
        io::stdin().lock().read_to_string(&mut text)
    } else {
        std::fs::File::open(source).and_then(|mut file| file.read_to_string(&mut text))
    }
    .map_err(|error| unreadable(&error))?;
    let json = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(&text);
    let mut deserializer = serde_json::Deserializer::from_str(json);
    read(&mut deserializer)
        .and_then(|value| {
            deserializer.end()?;
            Ok(value)
        })
        .map_err(|error| json_error(&error, what))
}
