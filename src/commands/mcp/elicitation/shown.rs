//! The texts of an elicitation form a client shows, sanitized as the program's own screens are.

use std::borrow::Cow;

use pi_agent_ask_core::text::sanitize;
use serde_json::Value;

/// Sanitizes every text of `schema` a client shows (titles, descriptions, `enumNames`), as the
/// program's own screens do: a client draws its form in a terminal or a window, and an escape
/// sequence or a bidirectional override in a label must reach neither. The constants a client
/// sends back are left as the call gave them.
pub(super) fn sanitize_shown(schema: &mut Value) {
    match schema {
        Value::Object(object) => {
            for (key, value) in object.iter_mut() {
                match (key.as_str(), value) {
                    ("title" | "description", Value::String(text)) => {
                        if let Cow::Owned(clean) = sanitize(text) {
                            *text = clean;
                        }
                    }
                    ("const" | "enum" | "default", _) => {}
                    ("enumNames", Value::Array(names)) => {
                        for name in names {
                            if let Value::String(text) = name
                                && let Cow::Owned(clean) = sanitize(text)
                            {
                                *text = clean;
                            }
                        }
                    }
                    (_, value) => sanitize_shown(value),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(sanitize_shown),
        _ => {}
    }
}
