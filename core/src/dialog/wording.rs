//! The words dialogs show: option strings, preview titles and the multi-select editor.

use std::fmt::Write as _;

use super::DialogOption;
use crate::contract::ask_user::{CUSTOM_OPTION_LABEL, Question};
use crate::contract::question_tool::ToolQuestion;

/// The last line of the multi-select editor's title.
pub const MULTI_SELECT_INSTRUCTION: &str =
    "Enter one or more option numbers or labels, separated by commas.";

/// The strings an `ask_user` question's options show in dialogs, one per declared option.
///
/// A label is shown as it is, unless another declared option has the same label or it equals
/// the `Type your own` row; then ` [<value>]` is appended, so every string names one option.
pub fn option_choices(question: &Question) -> Vec<String> {
    question
        .options
        .iter()
        .map(|option| {
            let shared = option.label == CUSTOM_OPTION_LABEL
                || question
                    .options
                    .iter()
                    .filter(|other| other.label == option.label)
                    .nth(1)
                    .is_some();
            if shared {
                format!("{} [{}]", option.label, option.value)
            } else {
                option.label.clone()
            }
        })
        .collect()
}

/// An `ask_user` question's options as dialogs list them: [`option_choices`] strings with the
/// options' descriptions and recommendations.
pub fn ask_user_options(question: &Question) -> Vec<DialogOption> {
    option_choices(question)
        .into_iter()
        .zip(&question.options)
        .map(|(text, option)| DialogOption {
            text,
            description: option.description.clone(),
            recommended: option.recommended == Some(true),
        })
        .collect()
}

/// An `ask_user_question` question's options as dialogs list them: labels with descriptions.
pub fn question_tool_options(question: &ToolQuestion) -> Vec<DialogOption> {
    question
        .options
        .iter()
        .map(|option| DialogOption {
            text: option.label.clone(),
            description: option.description.clone(),
            recommended: false,
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
    use crate::contract::ask_user::{OptionSpec, QuestionType};

    fn option(value: &str, label: &str, preview: Option<&str>) -> OptionSpec {
        OptionSpec {
            value: value.into(),
            label: label.into(),
            description: None,
            preview: preview.map(str::to_owned),
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
    fn options_carry_their_descriptions_and_recommendations() {
        let mut described = option("pg", "Postgres", None);
        described.description = Some("A service".into());
        described.recommended = Some(true);
        let question = question(vec![described, option("lite", "SQLite", None)]);
        assert_eq!(
            ask_user_options(&question),
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
