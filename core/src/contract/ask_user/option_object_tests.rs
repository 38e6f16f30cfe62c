use proptest::prelude::*;
use serde_json::{Map, Value};

use super::{Known, OptionItem};

/// What reading `text` as an option gives: the entries of an object in order, `None` for
/// anything else, or the error's message.
fn read_directly(text: &str) -> Result<Option<Vec<(String, Value)>>, String> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let item = OptionItem::read(&mut deserializer).map_err(|error| error.to_string())?;
    deserializer.end().map_err(|error| error.to_string())?;
    Ok(entries_of(item))
}

/// The same, read from a document already parsed, borrowed (as `Call::parse` reads a `Value`)
/// and owned (as `Call::parse_owned` does).
fn read_from_document(document: Value) -> Result<Option<Vec<(String, Value)>>, String> {
    let borrowed = OptionItem::read(&document)
        .map(entries_of)
        .map_err(|error| error.to_string());
    let owned = OptionItem::read(document)
        .map(entries_of)
        .map_err(|error| error.to_string());
    assert_eq!(
        borrowed, owned,
        "a borrowed and an owned document read alike"
    );
    owned
}

fn entries_of(item: OptionItem<'_>) -> Option<Vec<(String, Value)>> {
    match item {
        OptionItem::Object(object) => Some(ordered(&object.into_map())),
        OptionItem::NotAnObject => None,
    }
}

fn ordered(map: &Map<String, Value>) -> Vec<(String, Value)> {
    map.iter()
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect()
}

/// What `Value` reads from `text`, in the same terms.
fn read_as_value(text: &str) -> Result<Option<Vec<(String, Value)>>, String> {
    serde_json::from_str::<Value>(text)
        .map(|value| value.as_object().map(ordered))
        .map_err(|error| error.to_string())
}

/// JSON text for a value, often an object whose keys repeat: the option fields, a few others,
/// an escaped key, and `serde_json`'s own number key.
fn option_text() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        Just("value"),
        Just("label"),
        Just("preview"),
        Just("previewFile"),
        Just("recommended"),
        Just("x"),
        Just(""),
        Just("val\\u0075e"),
        Just("k1"),
        Just("k2"),
        Just("k3"),
        Just("k4"),
        Just("k5"),
        Just("k6"),
        Just("k7"),
        Just("k8"),
        Just("k9"),
        Just("k10"),
        Just("k11"),
        Just("k12"),
        Just("k13"),
        Just("$serde_json::private::Number"),
    ];
    let scalar = prop_oneof![
        Just("null".to_owned()),
        Just("true".to_owned()),
        Just("\" a b \"".to_owned()),
        Just("\"\\u00e9\\n\"".to_owned()),
        Just("12".to_owned()),
        Just("-0.5e3".to_owned()),
        Just("123456789012345678901234567890".to_owned()),
        Just("[1, {\"a\": 2}]".to_owned()),
        Just("{\"b\": null}".to_owned()),
    ];
    let object = proptest::collection::vec((key, scalar.clone()), 0..40).prop_map(|entries| {
        let body: Vec<String> = entries
            .iter()
            .map(|(key, value)| format!("\"{key}\": {value}"))
            .collect();
        format!("{{{}}}", body.join(", "))
    });
    prop_oneof![1 => scalar, 6 => object]
}

proptest! {
    /// Whatever an option is, it reads as `Value` would read it: an object's entries in the
    /// same order with the same values (a repeated key at its first place, with its last value),
    /// anything else as not an object, and text `Value` refuses refused too.
    #[test]
    fn an_option_reads_as_value_reads_it(text in option_text()) {
        let expected = read_as_value(&text);
        let direct = read_directly(&text);
        prop_assert_eq!(direct.is_ok(), expected.is_ok(), "{}: {:?} / {:?}", text, direct, expected);
        if let (Ok(direct), Ok(expected)) = (direct, &expected) {
            prop_assert_eq!(&direct, expected, "{}", text);
        }
        if let Ok(document) = serde_json::from_str::<Value>(&text) {
            prop_assert_eq!(read_from_document(document), expected);
        }
    }
}

#[test]
fn numbers_strings_arrays_and_null_are_not_objects() {
    for text in [
        "5",
        "-1.5e300",
        "123456789012345678901234567890",
        "\"x\"",
        "[{}]",
        "null",
        "false",
    ] {
        assert_eq!(read_directly(text), Ok(None), "{text}");
    }
}

#[test]
fn an_object_of_many_keys_keeps_each_once_at_its_first_place() {
    let keys: Vec<String> = (0..100).map(|n| format!("\"k{}\": {n}", n % 40)).collect();
    let text = format!("{{{}}}", keys.join(","));
    let entries = read_directly(&text).expect("JSON").expect("an object");
    assert_eq!(entries.len(), 40);
    assert_eq!(entries[0], ("k0".to_owned(), Value::from(80)));
    assert_eq!(entries[39], ("k39".to_owned(), Value::from(79)));
    assert_eq!(read_as_value(&text), Ok(Some(entries)));
}

#[test]
fn every_option_field_has_a_place() {
    for name in [
        "value",
        "label",
        "description",
        "preview",
        "previewFile",
        "recommended",
    ] {
        assert!(Known::named(name).is_some(), "{name}");
    }
    assert_eq!(Known::named("Value"), None);
}
