//! What the text of a message shows without reading it whole: its `id`, `method` and params'
//! `_meta` from the beginning, key by key, or from the end, where the TypeScript SDK writes
//! the `id` and where a `_meta` may close the params.

use serde::Deserializer as _;
use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, Visitor};
use serde_json::Value;

/// What the beginning of a JSON-RPC message shows of it: its `id` (an integer or a string, as
/// `rmcp` takes one), what kind of message it is, its `method` and its params' `_meta` (the
/// protocol revision and client capabilities a request of 2026-07-28 carries), read key by
/// key, skipping other values, until the text ends.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Beginning {
    pub(super) id: Option<Value>,
    pub(super) kind: Kind,
    pub(super) method: Option<String>,
    pub(super) meta: Option<Value>,
}

/// What kind of message its keys show it to be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Kind {
    /// Neither a `method` nor a `result` or `error` came (yet).
    #[default]
    Unknown,
    /// A `method` came, a name or not: a request, or a notification without an `id`.
    Request,
    /// A `result` or an `error` came first: a reply.
    Reply,
}

pub(super) fn beginning_of(text: &[u8]) -> Beginning {
    let mut found = Beginning::default();
    let mut reader = serde_json::Deserializer::from_slice(text);
    // The text ends inside a value: what was read before that is what there is.
    let _ = reader.deserialize_map(Message(&mut found));
    found
}

/// Reads a message's keys into a [`Beginning`].
struct Message<'a>(&'a mut Beginning);

impl<'de> Visitor<'de> for Message<'_> {
    type Value = ();

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a JSON-RPC message")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "id" => {
                    let id: Value = map.next_value()?;
                    self.0.id = (id.is_i64() || id.is_u64() || id.is_string()).then_some(id);
                }
                "method" => {
                    self.0.kind = Kind::Request;
                    let method: Value = map.next_value()?;
                    self.0.method = method.as_str().map(str::to_owned);
                }
                "result" | "error" => {
                    if self.0.kind == Kind::Unknown {
                        self.0.kind = Kind::Reply;
                    }
                    map.next_value::<IgnoredAny>()?;
                }
                "params" => map.next_value_seed(Params(&mut *self.0))?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

/// Reads a message's params for their `_meta`.
struct Params<'a>(&'a mut Beginning);

impl<'de> DeserializeSeed<'de> for Params<'_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, reader: D) -> Result<(), D::Error> {
        reader.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Params<'_> {
    type Value = ();

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a message's params")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            if key == "_meta" {
                self.0.meta = Some(map.next_value()?);
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(())
    }
}

/// Where a key is read from the end of a message: among the message's own keys, or among
/// its params' keys.
#[derive(Clone, Copy)]
enum Level {
    Message,
    Params,
}

/// The value of `key` in a message whose text ends with `end`, when it comes late at `level`
/// (the TypeScript SDK writes `{"result":…,"jsonrpc":"2.0","id":0}` and `{"method":…,
/// "params":{…,"_meta":{…}},"jsonrpc":"2.0","id":7}`) and `keep` takes it: the last such
/// `"key":` after whose value the rest of the keys close the message from that level. One
/// deeper inside a value leaves more to close.
fn late_value(end: &[u8], key: &str, level: Level, keep: impl Fn(&Value) -> bool) -> Option<Value> {
    let quoted = format!("\"{key}\":");
    let quoted = quoted.as_bytes();
    let mut from_last = end
        .windows(quoted.len())
        .enumerate()
        .rev()
        .filter(|(_, window)| *window == quoted)
        .map(|(at, _)| at + quoted.len());
    from_last.find_map(|from| {
        let rest = &end[from..];
        let mut values = serde_json::Deserializer::from_slice(rest).into_iter::<Value>();
        let value = values.next()?.ok().filter(&keep)?;
        let levels = match level {
            Level::Message => 1,
            Level::Params => 2,
        };
        closes(&rest[values.byte_offset()..], levels).then_some(value)
    })
}

/// Whether `after`, the text after a value, closes `levels` objects and then ends: at each
/// level, any keys still to come, then its `}`.
fn closes(mut after: &[u8], levels: usize) -> bool {
    for _ in 0..levels {
        after = after.trim_ascii_start();
        match after.split_first() {
            Some((b'}', rest)) => after = rest,
            Some((b',', rest)) => {
                // The keys still to come, read as an object of their own, end at its `}`.
                let mut keys = b"{".to_vec();
                keys.extend_from_slice(rest);
                let mut objects =
                    serde_json::Deserializer::from_slice(&keys).into_iter::<IgnoredAny>();
                if !matches!(objects.next(), Some(Ok(_))) {
                    return false;
                }
                after = &rest[objects.byte_offset() - 1..];
            }
            _ => return false,
        }
    }
    after.trim_ascii().is_empty()
}

/// The message's `id`, a number or a string, when it comes late among its keys.
pub(super) fn id_at_end(end: &[u8]) -> Option<Value> {
    late_value(end, "id", Level::Message, |id| {
        id.is_number() || id.is_string()
    })
}

/// The message's `method` when it comes after its params.
pub(super) fn method_at_end(end: &[u8]) -> Option<String> {
    late_value(end, "method", Level::Message, Value::is_string)
        .and_then(|method| method.as_str().map(str::to_owned))
}

/// The params' `_meta` when it is the last of them or comes late among them.
pub(super) fn meta_at_end(end: &[u8]) -> Option<Value> {
    late_value(end, "_meta", Level::Params, Value::is_object)
}
