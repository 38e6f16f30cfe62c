//! Reading a JSON value as `serde_json` reads it, while one part of it is handed elsewhere as it
//! arrives: the list of questions, or one question's options, is read an element at a time, so
//! a long list never becomes one tree. Everything else (numbers, duplicate keys, key order)
//! comes out exactly as `Value` reads it, because `Value`'s own visitor reads it.

use serde::Deserialize as _;
use serde::de::value::SeqDeserializer;
use serde::de::{
    DeserializeSeed, Deserializer, Error as _, IntoDeserializer, MapAccess, SeqAccess, Visitor,
};
use serde_json::Value;

/// Takes the value of one field of an object, and says what the object keeps in its place.
pub(super) trait FieldTap {
    /// Reads the field's value from `deserializer`.
    fn take<'de, D: Deserializer<'de>>(&mut self, deserializer: D) -> Result<Value, D::Error>;
}

/// Takes the elements of an array one at a time.
pub(super) trait ElementTap {
    /// Reads one element from `deserializer`.
    fn element<'de, D: Deserializer<'de>>(&mut self, deserializer: D) -> Result<(), D::Error>;
}

/// Reads a value; when it is an object, the value of `field` goes to `tap`.
pub(super) fn value_with_field<'de, D: Deserializer<'de>>(
    deserializer: D,
    field: &'static str,
    tap: &mut impl FieldTap,
) -> Result<Value, D::Error> {
    Value::deserialize(Hooked {
        inner: deserializer,
        hook: Field { name: field, tap },
    })
}

/// Reads a value; when it is an array, its elements go to `tap` and the value read is an empty
/// array standing in for them.
pub(super) fn value_with_elements<'de, D: Deserializer<'de>>(
    deserializer: D,
    tap: &mut impl ElementTap,
) -> Result<Value, D::Error> {
    Value::deserialize(Hooked {
        inner: deserializer,
        hook: Elements { tap },
    })
}

/// What a hooked value does with an object or an array; anything else passes unchanged.
trait Hook {
    fn map<'de, A: MapAccess<'de>, V: Visitor<'de>>(
        self,
        map: A,
        visitor: V,
    ) -> Result<V::Value, A::Error>;

    fn seq<'de, A: SeqAccess<'de>, V: Visitor<'de>>(
        self,
        seq: A,
        visitor: V,
    ) -> Result<V::Value, A::Error>;
}

struct Field<'t, T> {
    name: &'static str,
    tap: &'t mut T,
}

impl<T: FieldTap> Hook for Field<'_, T> {
    fn map<'de, A: MapAccess<'de>, V: Visitor<'de>>(
        self,
        map: A,
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        visitor.visit_map(FieldMap {
            inner: map,
            name: self.name,
            tap: self.tap,
            tapping: false,
        })
    }

    fn seq<'de, A: SeqAccess<'de>, V: Visitor<'de>>(
        self,
        seq: A,
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        visitor.visit_seq(seq)
    }
}

struct Elements<'t, T> {
    tap: &'t mut T,
}

impl<T: ElementTap> Hook for Elements<'_, T> {
    fn map<'de, A: MapAccess<'de>, V: Visitor<'de>>(
        self,
        map: A,
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        visitor.visit_map(map)
    }

    fn seq<'de, A: SeqAccess<'de>, V: Visitor<'de>>(
        self,
        mut seq: A,
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        while seq
            .next_element_seed(ElementSeed {
                tap: &mut *self.tap,
            })?
            .is_some()
        {}
        visitor.visit_seq(SeqDeserializer::new(std::iter::empty::<()>()))
    }
}

struct ElementSeed<'t, T> {
    tap: &'t mut T,
}

impl<'de, T: ElementTap> DeserializeSeed<'de> for ElementSeed<'_, T> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        self.tap.element(deserializer)
    }
}

/// An object whose `name` field goes to the tap; the object keeps what the tap gives back.
struct FieldMap<'t, A, T> {
    inner: A,
    name: &'static str,
    tap: &'t mut T,
    tapping: bool,
}

impl<'de, A: MapAccess<'de>, T: FieldTap> MapAccess<'de> for FieldMap<'_, A, T> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        let Some(key) = self.inner.next_key::<String>()? else {
            return Ok(None);
        };
        self.tapping = key == self.name;
        seed.deserialize(IntoDeserializer::<A::Error>::into_deserializer(key))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        if !std::mem::take(&mut self.tapping) {
            return self.inner.next_value_seed(seed);
        }
        let kept = self.inner.next_value_seed(TapSeed {
            tap: &mut *self.tap,
        })?;
        seed.deserialize(kept).map_err(A::Error::custom)
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

struct TapSeed<'t, T> {
    tap: &'t mut T,
}

impl<'de, T: FieldTap> DeserializeSeed<'de> for TapSeed<'_, T> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        self.tap.take(deserializer)
    }
}

/// A deserializer whose objects or arrays go through `hook`.
struct Hooked<D, H> {
    inner: D,
    hook: H,
}

impl<'de, D: Deserializer<'de>, H: Hook> Deserializer<'de> for Hooked<D, H> {
    type Error = D::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.inner.deserialize_any(HookedVisitor {
            inner: visitor,
            hook: self.hook,
        })
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

struct HookedVisitor<V, H> {
    inner: V,
    hook: H,
}

impl<'de, V: Visitor<'de>, H: Hook> Visitor<'de> for HookedVisitor<V, H> {
    type Value = V::Value;

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        self.inner.expecting(formatter)
    }

    fn visit_bool<E: serde::de::Error>(self, value: bool) -> Result<V::Value, E> {
        self.inner.visit_bool(value)
    }

    fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<V::Value, E> {
        self.inner.visit_i64(value)
    }

    fn visit_i128<E: serde::de::Error>(self, value: i128) -> Result<V::Value, E> {
        self.inner.visit_i128(value)
    }

    fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<V::Value, E> {
        self.inner.visit_u64(value)
    }

    fn visit_u128<E: serde::de::Error>(self, value: u128) -> Result<V::Value, E> {
        self.inner.visit_u128(value)
    }

    fn visit_f64<E: serde::de::Error>(self, value: f64) -> Result<V::Value, E> {
        self.inner.visit_f64(value)
    }

    fn visit_str<E: serde::de::Error>(self, value: &str) -> Result<V::Value, E> {
        self.inner.visit_str(value)
    }

    fn visit_borrowed_str<E: serde::de::Error>(self, value: &'de str) -> Result<V::Value, E> {
        self.inner.visit_borrowed_str(value)
    }

    fn visit_string<E: serde::de::Error>(self, value: String) -> Result<V::Value, E> {
        self.inner.visit_string(value)
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_none()
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        self.inner.visit_some(deserializer)
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_unit()
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.hook.seq(seq, self.inner)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.hook.map(map, self.inner)
    }
}
