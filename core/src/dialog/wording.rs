//! The words dialogs show: option strings, preview titles and the multi-select editor.

use std::collections::HashSet;
use std::fmt::Write as _;

use super::DialogOption;
use crate::contract::request::{CUSTOM_OPTION_LABEL, Question};
use crate::contract::rules::{OptionStrings, Rules};

/// The last line of the multi-select editor's title.
pub const MULTI_SELECT_INSTRUCTION: &str =
    "Enter one or more option numbers or labels, separated by commas.";

/// The strings an `ask_user` question's options show in dialogs, one per declared option.
///
/// A label is shown as it is, unless another declared option has the same label or it equals
/// the `Type your own` row; then ` [<value>]` is appended. A string that is still taken, by an
/// earlier option or by the `Type your own` row, gets the smallest counter from ` (2)` on that
/// sets it apart, so every string names one option.
pub fn option_choices(question: &Question) -> Vec<String> {
    let strings = question.options.iter().map(|option| {
        let shared = *option.label == *CUSTOM_OPTION_LABEL
            || question
                .options
                .iter()
                .filter(|other| other.label == option.label)
                .nth(1)
                .is_some();
        if shared {
            format!("{} [{}]", option.label, option.value)
        } else {
            option.label.to_string()
        }
    });
    distinct(strings, Some(CUSTOM_OPTION_LABEL))
}

/// A question's options as dialogs list them, each string naming one option (as `rules` say),
/// with the options' descriptions and recommendations.
pub fn dialog_options(question: &Question, rules: &Rules) -> Vec<DialogOption> {
    let texts = match rules.option_strings {
        OptionStrings::ValueAfterSharedLabel => option_choices(question),
        OptionStrings::PositionAfterCustomLabel => position_choices(question, rules.custom_label),
    };
    texts
        .into_iter()
        .zip(&question.options)
        .map(|(text, option)| DialogOption {
            text,
            description: option.description.as_deref().map(str::to_owned),
            recommended: option.recommended == Some(true),
        })
        .collect()
}

/// The strings of options whose labels are unique already (`ask_user_question`).
///
/// In a select, whose last row is `custom_label`, an option labelled that way shows
/// ` (option <n>)` after its label (`n` counting from 1), and a string still taken gets a
/// counter as in [`option_choices`]; a multi-select lists no such row and keeps the labels.
pub fn position_choices(question: &Question, custom_label: &str) -> Vec<String> {
    let custom_row = (!question.is_multi()).then_some(custom_label);
    let strings = question.options.iter().enumerate().map(|(index, option)| {
        if custom_row == Some(&*option.label) {
            format!("{} (option {})", option.label, index + 1)
        } else {
            option.label.to_string()
        }
    });
    distinct(strings, custom_row)
}

/// The strings in order, each made different from the earlier ones and from `row` (the
/// automatic last row) by appending the smallest counter from ` (2)` on that makes it so.
fn distinct(strings: impl Iterator<Item = String>, row: Option<&str>) -> Vec<String> {
    let mut taken: HashSet<String> = row.into_iter().map(str::to_owned).collect();
    strings
        .map(|string| {
            // Of `taken.len() + 1` counters one is free.
            let unique = if taken.contains(&string) {
                (2..=taken.len() + 2)
                    .map(|counter| format!("{string} ({counter})"))
                    .find(|candidate| !taken.contains(candidate))
                    .unwrap_or(string)
            } else {
                string
            };
            taken.insert(unique.clone());
            unique
        })
        .collect()
}

/// The select title of a preview question: the prompt, then each option's string with its
/// preview text under it, indented by two spaces.
pub fn preview_title<S: AsRef<str>>(question: &Question, choices: &[S]) -> String {
    let mut title = question.prompt.clone();
    for (option, choice) in question.options.iter().zip(choices) {
        let _ = write!(title, "\n\n{}", choice.as_ref());
        for line in option.preview.as_deref().unwrap_or_default().lines() {
            if line.is_empty() {
                title.push('\n');
            } else {
                let _ = write!(title, "\n  {line}");
            }
        }
    }
    title
}

/// The multi-select editor's title: the question, a blank line, `<n>. <label>` lines, a blank
/// line and [`MULTI_SELECT_INSTRUCTION`].
pub fn multi_select_title<S: AsRef<str>>(question: &str, labels: &[S]) -> String {
    let mut title = format!("{question}\n\n");
    for (index, label) in labels.iter().enumerate() {
        let _ = writeln!(title, "{}. {}", index + 1, label.as_ref());
    }
    title.push('\n');
    title.push_str(MULTI_SELECT_INSTRUCTION);
    title
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::question_tool::OTHER_OPTION_LABEL;
    use crate::contract::request::{OptionSpec, QuestionType};
    use crate::contract::trimmed::TrimmedText;

    fn option(value: &str, label: &str, preview: Option<&str>) -> OptionSpec {
        OptionSpec {
            value: value.into(),
            label: label.into(),
            description: None,
            preview: preview.map(TrimmedText::from),
            recommended: None,
        }
    }

    fn question(options: Vec<OptionSpec>) -> Question {
        Question {
            id: "db".into(),
            label: "DB".into(),
            prompt: "Which database?".into(),
            requested: QuestionType::Preview,
            presented: QuestionType::Preview,
            required: false,
            options,
        }
    }

    #[test]
    fn repeated_labels_name_their_values() {
        let question = question(vec![
            option("pg", "Postgres", None),
            option("pg16", "Postgres", None),
            option("lite", "SQLite", None),
            option("own", "Type your own", None),
        ]);
        assert_eq!(
            option_choices(&question),
            [
                "Postgres [pg]",
                "Postgres [pg16]",
                "SQLite",
                "Type your own [own]"
            ]
        );
    }

    #[test]
    fn a_label_spelling_another_options_suffixed_string_gets_a_counter() {
        let question = question(vec![
            option("y", "Y", None),
            option("y2", "Y", None),
            option("z", "Y [y]", None),
        ]);
        assert_eq!(option_choices(&question), ["Y [y]", "Y [y2]", "Y [y] (2)"]);
    }

    #[test]
    fn a_suffixed_type_your_own_that_another_label_spells_gets_a_counter() {
        let question = question(vec![
            option("own", "Type your own", None),
            option("x", "Type your own [own]", None),
            option("w", "Type your own [own] (2)", None),
        ]);
        assert_eq!(
            option_choices(&question),
            [
                "Type your own [own]",
                "Type your own [own] (2)",
                "Type your own [own] (2) (2)"
            ]
        );
    }

    fn labelled(labels: &[&str], presented: QuestionType) -> Question {
        let options = labels
            .iter()
            .map(|label| option(label, label, None))
            .collect();
        Question {
            requested: presented,
            presented,
            ..question(options)
        }
    }

    #[test]
    fn a_question_tool_option_labelled_like_the_other_row_names_its_position() {
        let question = labelled(&["Yes", "Other (type something)"], QuestionType::Single);
        assert_eq!(
            position_choices(&question, OTHER_OPTION_LABEL),
            ["Yes", "Other (type something) (option 2)"]
        );
    }

    #[test]
    fn a_label_spelling_that_position_too_gets_a_counter() {
        let question = labelled(
            &[
                "Other (type something) (option 2)",
                "Other (type something)",
            ],
            QuestionType::Single,
        );
        assert_eq!(
            position_choices(&question, OTHER_OPTION_LABEL),
            [
                "Other (type something) (option 2)",
                "Other (type something) (option 2) (2)"
            ]
        );
    }

    #[test]
    fn a_question_tool_multi_select_keeps_its_labels_having_no_other_row() {
        let question = labelled(&["Yes", "Other (type something)"], QuestionType::Multi);
        assert_eq!(
            position_choices(&question, OTHER_OPTION_LABEL),
            ["Yes", "Other (type something)"]
        );
    }

    #[test]
    fn options_carry_their_descriptions_and_recommendations() {
        let mut described = option("pg", "Postgres", None);
        described.description = Some("A service".into());
        described.recommended = Some(true);
        let question = question(vec![described, option("lite", "SQLite", None)]);
        assert_eq!(
            dialog_options(&question, &Rules::ask_user()),
            [
                DialogOption {
                    text: "Postgres".into(),
                    description: Some("A service".into()),
                    recommended: true,
                },
                DialogOption::plain("SQLite"),
            ]
        );
    }

    #[test]
    fn previews_sit_indented_under_their_labels() {
        let question = question(vec![
            option("pg", "Postgres", Some("db: postgres\n\nport: 5432")),
            option("lite", "SQLite", Some("db: sqlite")),
        ]);
        let choices = option_choices(&question);
        assert_eq!(
            preview_title(&question, &choices),
            "Which database?\n\nPostgres\n  db: postgres\n\n  port: 5432\n\nSQLite\n  db: sqlite"
        );
    }

    #[test]
    fn the_editor_title_numbers_the_labels() {
        assert_eq!(
            multi_select_title("Which scopes?", &["repo", "admin"]),
            "Which scopes?\n\n1. repo\n2. admin\n\nEnter one or more option numbers or labels, separated by commas."
        );
    }
}
