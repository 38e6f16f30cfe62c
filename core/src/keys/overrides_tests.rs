//! The settings file's keymaps section read as a whole: what needs no parsing, and what does.

use serde_json::{Value, json};

use super::{Keymaps, checked_overrides, writes_only_defaults};

/// Every section the shortcut takes must mean what the full check makes of it.
fn agrees(section: &Value) {
    assert_eq!(
        Keymaps::from_overrides(section),
        checked_overrides(section),
        "{section}"
    );
}

#[test]
fn a_section_of_default_key_ids_needs_no_parsing_and_means_the_defaults() {
    let defaults = Keymaps::default().to_json();
    assert!(writes_only_defaults(&defaults));
    assert!(writes_only_defaults(&Value::Null));
    assert!(writes_only_defaults(&json!({})));
    agrees(&defaults);
    let Value::Object(contexts) = &defaults else {
        panic!("the default section is an object");
    };
    for (context, actions) in contexts {
        let Value::Object(actions) = actions else {
            panic!("{context} is an object");
        };
        for (action, ids) in actions {
            let section = json!({ context: { action: ids } });
            assert!(writes_only_defaults(&section), "{section}");
            agrees(&section);
        }
    }
}

#[test]
fn anything_else_takes_the_full_check() {
    for section in [
        json!({ "global": { "dismiss": ["ctrl+q"] } }),
        json!({ "global": { "dismiss": ["ctrl+c", "ctrl+c"] } }),
        json!({ "global": { "dismiss": [] } }),
        json!({ "global": { "dismiss": "ctrl+c" } }),
        json!({ "global": { "nothing": ["ctrl+c"] } }),
        json!({ "nowhere": {} }),
        json!({ "main": ["enter"] }),
        json!({ "editor": { "submit": ["ctrl+v"] } }),
        json!(["global"]),
    ] {
        assert!(!writes_only_defaults(&section), "{section}");
        agrees(&section);
    }
}
