//! One option read straight from the deserializer into its entries, without building the
//! ordered map `Value` would: that map hashes every key and allocates each key and its own
//! table, once per option, and a question may have thousands. The entries come out exactly as
//! `serde_json`'s `Map` would hold them: in the order their keys first appear, a repeated key
//! keeping its first place and its last value.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use serde::de::{
    DeserializeSeed, Deserializer, Error as _, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde_json::{Map, Value};

use super::fields::Fields;

/// An element of a question's `options`, as read.
pub(super) enum OptionItem<'de> {
    /// A JSON object.
    Object(OptionObject<'de>),
    /// Anything else: a string, a number, an array, `true`, `null`.
    NotAnObject,
}

impl<'de> OptionItem<'de> {
    /// Reads one element of `options`.
    pub(super) fn read<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ItemVisitor)
    }
}

/// An option's object: its entries in the order of their keys' first appearance.
pub(super) struct OptionObject<'de> {
    entries: Vec<(Cow<'de, str>, Value)>,
}

/// Up to this many entries a repeated key is found by comparing it with each; past it, through
/// an index, so that an object of many keys still costs `n log n`, not `n²`.
const SCANNED_ENTRIES: usize = 16;

impl<'de> OptionObject<'de> {
    /// The entries, in order.
    pub(super) fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.entries
            .iter()
            .map(|(key, value)| (key.as_ref(), value))
    }

    /// The fields an option may have, found in one pass over the entries.
    pub(super) fn fields(&self) -> OptionFields<'_> {
        let mut fields = OptionFields([None; OPTION_FIELD_COUNT]);
        for (key, value) in &self.entries {
            if let Some(index) = option_field_index(key) {
                fields.0[index] = Some(value);
            }
        }
        fields
    }

    /// The object as `Value` would have read it.
    pub(super) fn into_map(self) -> Map<String, Value> {
        self.entries
            .into_iter()
            .map(|(key, value)| (key.into_owned(), value))
            .collect()
    }

    fn read<A: MapAccess<'de>>(first_key: Cow<'de, str>, mut map: A) -> Result<Self, A::Error> {
        let mut entries: Vec<(Cow<'de, str>, Value)> = Vec::with_capacity(4);
        let mut index: Option<BTreeMap<Cow<'de, str>, usize>> = None;
        let mut key = Some(first_key);
        while let Some(name) = key {
            let value: Value = map.next_value()?;
            let found = match &index {
                Some(index) => index.get(&name).copied(),
                None => entries.iter().position(|(known, _)| *known == name),
            };
            if let Some(place) = found {
                entries[place].1 = value;
            } else {
                if let Some(index) = &mut index {
                    index.insert(name.clone(), entries.len());
                }
                entries.push((name, value));
                if index.is_none() && entries.len() > SCANNED_ENTRIES {
                    index = Some(
                        entries
                            .iter()
                            .enumerate()
                            .map(|(place, (known, _))| (known.clone(), place))
                            .collect(),
                    );
                }
            }
            key = map.next_key_seed(TextSeed)?;
        }
        Ok(Self { entries })
    }
}

/// How many fields an option may have.
const OPTION_FIELD_COUNT: usize = 6;

/// The fields an option may have (in the order of [`option_field_index`]).
pub(super) struct OptionFields<'a>([Option<&'a Value>; OPTION_FIELD_COUNT]);

impl Fields for OptionFields<'_> {
    fn field(&self, name: &str) -> Option<&Value> {
        let index = option_field_index(name);
        debug_assert!(index.is_some(), "an option has no field {name} to read");
        self.0[index?]
    }
}

/// Where field `name` of an option is kept in [`OptionFields`]: every field an option may have.
fn option_field_index(name: &str) -> Option<usize> {
    Some(match name {
        "value" => 0,
        "label" => 1,
        "description" => 2,
        "preview" => 3,
        "previewFile" => 4,
        "recommended" => 5,
        _ => return None,
    })
}

/// The key `serde_json` gives the one entry of the map it hands a visitor for a number it
/// keeps as text (with its `arbitrary_precision` feature, a fraction or an integer too large
/// for 64 bits): asked of `serde_json` itself, once, with a fraction.
fn number_token() -> &'static str {
    static TOKEN: OnceLock<String> = OnceLock::new();
    TOKEN.get_or_init(|| {
        serde_json::from_str::<NumberKey>("0.5").map_or_else(|_| String::new(), |key| key.0)
    })
}

/// The key of the map a number is handed as, if it is handed as one.
struct NumberKey(String);

impl<'de> serde::Deserialize<'de> for NumberKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyOfNumber;

        impl<'de> Visitor<'de> for KeyOfNumber {
            type Value = NumberKey;

            fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
                formatter.write_str("a number")
            }

            fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<NumberKey, E> {
                Ok(NumberKey(String::new()))
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<NumberKey, A::Error> {
                let key: String = map.next_key()?.unwrap_or_default();
                map.next_value::<IgnoredAny>()?;
                Ok(NumberKey(key))
            }
        }

        deserializer.deserialize_any(KeyOfNumber)
    }
}

/// Reads a string (a key, a number's digits), borrowed from the input when it holds no escape.
struct TextSeed;

impl<'de> DeserializeSeed<'de> for TextSeed {
    type Value = Cow<'de, str>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(TextVisitor)
    }
}

struct TextVisitor;

impl<'de> Visitor<'de> for TextVisitor {
    type Value = Cow<'de, str>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a string")
    }

    fn visit_borrowed_str<E: serde::de::Error>(self, text: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(text))
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(text.to_owned()))
    }

    fn visit_string<E: serde::de::Error>(self, text: String) -> Result<Self::Value, E> {
        Ok(Cow::Owned(text))
    }
}

/// Visitor methods for scalars, each of which is not an object.
macro_rules! not_an_object {
    ($($method:ident($scalar:ty)),* $(,)?) => {
        $(
            fn $method<E: serde::de::Error>(self, _: $scalar) -> Result<Self::Value, E> {
                Ok(OptionItem::NotAnObject)
            }
        )*
    };
}

/// Reads an element of `options`: an object into its entries, anything else only read past.
struct ItemVisitor;

impl<'de> Visitor<'de> for ItemVisitor {
    type Value = OptionItem<'de>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("any JSON value")
    }

    not_an_object! {
        visit_bool(bool), visit_i64(i64), visit_u64(u64), visit_i128(i128),
        visit_u128(u128), visit_f64(f64), visit_str(&str)
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(OptionItem::NotAnObject)
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(OptionItem::NotAnObject)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(OptionItem::NotAnObject)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let Some(first_key) = map.next_key_seed(TextSeed)? else {
            return Ok(OptionItem::Object(OptionObject {
                entries: Vec::new(),
            }));
        };
        if !first_key.is_empty() && first_key == number_token() {
            // A number, whose digits `Value` would check.
            let digits: Cow<'de, str> = map.next_value_seed(TextSeed)?;
            digits
                .parse::<serde_json::Number>()
                .map_err(A::Error::custom)?;
            return Ok(OptionItem::NotAnObject);
        }
        OptionObject::read(first_key, map).map(OptionItem::Object)
    }
}

#[cfg(test)]
#[path = "option_object_tests.rs"]
mod tests;
