//! One value of an option's object as read: a string kept as the text the parser hands over
//! (borrowed from the arguments when it holds no escape), anything else as `Value` reads it.
//! An option's value and label then become its normalized option's texts without a `String`
//! made for each on the way.

use std::borrow::Cow;
use std::fmt;

use serde::Deserialize as _;
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use super::fields::Found;

/// A value of an option's object.
#[derive(Debug)]
pub(super) enum Entry<'de> {
    /// A string.
    Text(Cow<'de, str>),
    /// Anything else, as `Value` reads it.
    Other(Value),
}

impl Entry<'_> {
    /// The value as the checks see it.
    pub(super) fn found(&self) -> Found<'_> {
        match self {
            Self::Text(text) => Found::Text(text),
            Self::Other(value) => Found::from(value),
        }
    }

    /// The value as `Value` would have read it.
    pub(super) fn into_value(self) -> Value {
        match self {
            Self::Text(text) => Value::String(text.into_owned()),
            Self::Other(value) => value,
        }
    }
}

/// Reads an [`Entry`].
pub(super) struct EntrySeed;

impl<'de> DeserializeSeed<'de> for EntrySeed {
    type Value = Entry<'de>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Entry<'de>, D::Error> {
        deserializer.deserialize_any(EntryVisitor)
    }
}

struct EntryVisitor;

/// Reads a value that is not a string with `Value`'s own visitor, so that it comes out exactly
/// as `Value` reads it.
fn other<'de, E: serde::de::Error>(
    deserializer: impl Deserializer<'de, Error = E>,
) -> Result<Entry<'de>, E> {
    Value::deserialize(deserializer).map(Entry::Other)
}

/// Visitor methods for scalars that are not strings, each handed to `Value`.
macro_rules! scalars_as_values {
    ($($method:ident($scalar:ty)),* $(,)?) => {
        $(
            fn $method<E: serde::de::Error>(self, scalar: $scalar) -> Result<Entry<'de>, E> {
                other(IntoDeserializer::<E>::into_deserializer(scalar))
            }
        )*
    };
}

impl<'de> Visitor<'de> for EntryVisitor {
    type Value = Entry<'de>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("any JSON value")
    }

    fn visit_borrowed_str<E: serde::de::Error>(self, text: &'de str) -> Result<Entry<'de>, E> {
        Ok(Entry::Text(Cow::Borrowed(text)))
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Entry<'de>, E> {
        Ok(Entry::Text(Cow::Owned(text.to_owned())))
    }

    fn visit_string<E: serde::de::Error>(self, text: String) -> Result<Entry<'de>, E> {
        Ok(Entry::Text(Cow::Owned(text)))
    }

    scalars_as_values! {
        visit_bool(bool), visit_i64(i64), visit_u64(u64), visit_i128(i128),
        visit_u128(u128), visit_f64(f64)
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Entry<'de>, E> {
        Ok(Entry::Other(Value::Null))
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<Entry<'de>, E> {
        Ok(Entry::Other(Value::Null))
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Entry<'de>, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Entry<'de>, A::Error> {
        other(SeqAccessDeserializer::new(seq))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Entry<'de>, A::Error> {
        other(MapAccessDeserializer::new(map))
    }
}
