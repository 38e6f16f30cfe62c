//! The generated arguments the memory tests read: one question of many options of about 135
//! bytes each, as `benches/check_memory.py` writes them.

use std::fmt::Write as _;

/// `ask_user` arguments with one question of `count` options.
pub fn arguments(count: usize) -> String {
    let mut options = String::new();
    for n in 1..=count {
        if n > 1 {
            options.push(',');
        }
        write!(
            options,
            r#"{{"value":"option-{n:05}","label":"Option {n} label text here","description":"A description of option number {n} for the check"}}"#
        )
        .unwrap();
    }
    format!(r#"{{"questions":[{{"id":"pick","prompt":"Pick one","options":[{options}]}}]}}"#)
}
