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

use super::entry::{Entry, EntrySeed};
use super::fields::{Fields, Found};

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

/// An option's object: its entries in the order of their keys' first appearance, and where
/// the fields an option may have are among them, each key's name matched once, as it is read.
pub(super) struct OptionObject<'de> {
    entries: Vec<(Cow<'de, str>, Entry<'de>)>,
    /// Where each field an option may have is among the entries, in the order of [`Known`].
    known: [Option<usize>; Known::ALL.len()],
}

/// Up to this many entries a repeated key is found by comparing it with each; past it, through
/// an index, so that an object of many keys still costs `n log n`, not `n²`.
const SCANNED_ENTRIES: usize = 16;

impl<'de> OptionObject<'de> {
    /// An object without entries.
    fn empty() -> Self {
        Self {
            entries: Vec::with_capacity(4),
            known: [None; Known::ALL.len()],
        }
    }

    /// The entries' values in order, each with the field it is, if an option may have it.
    pub(super) fn values(&self) -> impl Iterator<Item = (Option<Known>, Found<'_>)> {
        self.entries.iter().enumerate().map(|(at, (_, value))| {
            let field = self.known.iter().position(|&slot| slot == Some(at));
            (field.map(|index| Known::ALL[index]), value.found())
        })
    }

    /// The value of an option's field `field`, if the object has it.
    #[inline]
    pub(super) fn get(&self, field: Known) -> Option<Found<'_>> {
        let at = self.known[field as usize]?;
        Some(self.entries[at].1.found())
    }

    /// Takes the text of field `field` out of the object, when it is a string: its entry keeps
    /// its place and holds `null` in its stead.
    pub(super) fn take_text(&mut self, field: Known) -> Option<Cow<'de, str>> {
        let at = self.known[field as usize]?;
        let value = &mut self.entries[at].1;
        match std::mem::replace(value, Entry::Other(Value::Null)) {
            Entry::Text(text) => Some(text),
            other @ Entry::Other(_) => {
                *value = other;
                None
            }
        }
    }

    /// The object as `Value` would have read it.
    pub(super) fn into_map(self) -> Map<String, Value> {
        self.entries
            .into_iter()
            .map(|(key, value)| (key.into_owned(), value.into_value()))
            .collect()
    }

    fn read<A: MapAccess<'de>>(first_key: Cow<'de, str>, mut map: A) -> Result<Self, A::Error> {
        let mut object = Self::empty();
        let mut index: Option<BTreeMap<Cow<'de, str>, usize>> = None;
        let mut key = Some(first_key);
        while let Some(name) = key {
            let value = map.next_value_seed(EntrySeed)?;
            let field = Known::named(&name);
            let found = match (field, &index) {
                (Some(field), _) => object.known[field as usize],
                (None, Some(index)) => index.get(&name).copied(),
                (None, None) => object.entries.iter().position(|(known, _)| *known == name),
            };
            if let Some(place) = found {
                object.entries[place].1 = value;
            } else {
                let place = object.entries.len();
                if let Some(field) = field {
                    object.known[field as usize] = Some(place);
                } else if let Some(index) = &mut index {
                    index.insert(name.clone(), place);
                }
                object.entries.push((name, value));
                if index.is_none() && object.entries.len() > SCANNED_ENTRIES {
                    index = Some(
                        object
                            .entries
                            .iter()
                            .enumerate()
                            .map(|(place, (known, _))| (known.clone(), place))
                            .collect(),
                    );
                }
            }
            key = map.next_key_seed(TextSeed)?;
        }
        Ok(object)
    }
}

/// A field an option may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Known {
    Value,
    Label,
    Description,
    Preview,
    PreviewFile,
    Recommended,
}

impl Known {
    /// Every field, in the order of their slots.
    pub(super) const ALL: [Self; 6] = [
        Self::Value,
        Self::Label,
        Self::Description,
        Self::Preview,
        Self::PreviewFile,
        Self::Recommended,
    ];

    /// The field of this name, if an option may have it.
    pub(super) fn named(name: &str) -> Option<Self> {
        Some(match name {
            "value" => Self::Value,
            "label" => Self::Label,
            "description" => Self::Description,
            "preview" => Self::Preview,
            "previewFile" => Self::PreviewFile,
            "recommended" => Self::Recommended,
            _ => return None,
        })
    }

    /// The field's name.
    pub(super) const fn name(self) -> &'static str {
        match self {
            Self::Value => "value",
            Self::Label => "label",
            Self::Description => "description",
            Self::Preview => "preview",
            Self::PreviewFile => "previewFile",
            Self::Recommended => "recommended",
        }
    }
}

impl Fields for OptionObject<'_> {
    type Key = Known;

    fn field(&self, key: Known) -> Option<Found<'_>> {
        self.get(key)
    }

    fn name(key: Known) -> &'static str {
        key.name()
    }
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
            return Ok(OptionItem::Object(OptionObject::empty()));
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
