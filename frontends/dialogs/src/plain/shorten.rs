//! Long titles shortened to about a screenful, so the choices are not scrolled away.
//!
//! A preview question's select carries every option's preview under its label, indented (see
//! [`pi_agent_ask_core::dialog::wording::preview_title`]); a preview can be thousands of lines.
//! A title longer than [`SCREENFUL`] lines keeps the first [`PREVIEW_LINES`] lines of each
//! indented run of lines (a preview) and the first [`SCREENFUL`] lines of each run of lines that
//! are not indented (the question), and says in place of the rest how many lines it hides. The
//! whole text is shown on request.

/// Titles up to this many lines are shown whole; so is any run of unindented lines.
pub const SCREENFUL: usize = 20;

/// How many lines of an indented run (a preview) a shortened title keeps.
pub const PREVIEW_LINES: usize = 8;

/// A title as shown, and how many of its lines it leaves out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortened {
    /// The lines shown, joined with `\n`.
    pub text: String,
    /// How many lines of the title are not shown.
    pub hidden: usize,
}

/// Whether a line is indented; a blank line is neither and belongs to the run it is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Indent {
    Flush,
    Indented,
}

fn indent(line: &str) -> Option<Indent> {
    if line.trim().is_empty() {
        None
    } else if line.starts_with(char::is_whitespace) {
        Some(Indent::Indented)
    } else {
        Some(Indent::Flush)
    }
}

/// `title` shortened as the module says; a title of at most [`SCREENFUL`] lines is unchanged.
pub fn shorten(title: &str) -> Shortened {
    let lines: Vec<&str> = title.split('\n').collect();
    if lines.len() <= SCREENFUL {
        return Shortened {
            text: title.to_owned(),
            hidden: 0,
        };
    }
    let mut shown: Vec<String> = Vec::new();
    let mut hidden = 0;
    let runs = runs(&lines);
    for (index, run) in runs.iter().enumerate() {
        let blank_tail = run.iter().rev().take_while(|line| indent(line).is_none());
        let content = run.len() - blank_tail.count();
        let (keep, heading) = match run.iter().find_map(|line| indent(line)) {
            Some(Indent::Indented) => (PREVIEW_LINES, 0),
            // A run of the question's lines before a preview ends with the option's string
            // that heads the preview, which is always shown, with the blank lines that set it
            // apart from the question.
            Some(Indent::Flush) | None if index + 1 < runs.len() => {
                let blanks_before = run[..content.saturating_sub(1)]
                    .iter()
                    .rev()
                    .take_while(|line| indent(line).is_none())
                    .count();
                (SCREENFUL, 1 + blanks_before)
            }
            Some(Indent::Flush) | None => (SCREENFUL, 0),
        };
        if content <= keep + heading {
            shown.extend(run.iter().map(|line| (*line).to_owned()));
            continue;
        }
        let left_out = content - keep - heading;
        hidden += left_out;
        shown.extend(run[..keep].iter().map(|line| (*line).to_owned()));
        let margin: String = run[0].chars().take_while(|c| c.is_whitespace()).collect();
        shown.push(format!(
            "{margin}({left_out} more {})",
            lines_word(left_out)
        ));
        shown.extend(
            run[content - heading..]
                .iter()
                .map(|line| (*line).to_owned()),
        );
    }
    Shortened {
        text: shown.join("\n"),
        hidden,
    }
}

/// `line` or `lines`.
pub const fn lines_word(count: usize) -> &'static str {
    if count == 1 { "line" } else { "lines" }
}

/// The lines split into runs of the same indentation, each blank line in the run before it.
fn runs<'a>(lines: &'a [&'a str]) -> Vec<&'a [&'a str]> {
    let mut runs = Vec::new();
    let mut start = 0;
    let mut current = None;
    for (index, line) in lines.iter().enumerate() {
        match (current, indent(line)) {
            (_, None) => {}
            (None, found) => current = found,
            (Some(kind), Some(found)) if kind == found => {}
            (Some(_), found) => {
                runs.push(&lines[start..index]);
                start = index;
                current = found;
            }
        }
    }
    runs.push(&lines[start..]);
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn preview(lines: usize) -> String {
        (1..=lines)
            .map(|n| format!("  line {n}"))
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn a_long_question_before_a_preview_keeps_the_string_that_heads_the_preview() {
        let prompt: Vec<String> = (1..=30).map(|n| format!("prompt line {n}")).collect();
        let title = format!("{}\n\nA\n{}\n\nB\n  short", prompt.join("\n"), preview(3));
        let shortened = shorten(&title);
        assert_eq!(
            shortened.hidden, 10,
            "ten lines of the prompt; the blank line before the option's string shows"
        );
        assert_eq!(
            shortened.text,
            format!(
                "{}\n(10 more lines)\n\nA\n{}\n\nB\n  short",
                prompt[..20].join("\n"),
                preview(3)
            )
        );
    }

    #[test]
    fn a_title_of_a_screenful_is_shown_whole() {
        let title = format!("Which?\n\nA\n{}", preview(17));
        assert_eq!(title.split('\n').count(), SCREENFUL);
        assert_eq!(
            shorten(&title),
            Shortened {
                text: title,
                hidden: 0
            }
        );
    }

    #[test]
    fn a_long_preview_keeps_its_first_lines_and_says_how_many_are_hidden() {
        let title = format!("Which?\n\nA\n{}\n\nB\n  short", preview(3000));
        let shortened = shorten(&title);
        assert_eq!(shortened.hidden, 2992);
        assert_eq!(
            shortened.text,
            format!(
                "Which?\n\nA\n{}\n  (2992 more lines)\n\nB\n  short",
                preview(8)
            )
        );
    }

    #[test]
    fn every_long_preview_is_shortened_so_each_option_keeps_some() {
        let title = format!("Which?\n\nA\n{}\n\nB\n{}", preview(30), preview(9));
        let shortened = shorten(&title);
        assert_eq!(shortened.hidden, 23);
        assert!(
            shortened
                .text
                .contains("  line 8\n  (22 more lines)\n\nB\n")
        );
        assert!(shortened.text.ends_with("  line 8\n  (1 more line)"));
    }

    #[test]
    fn blank_lines_inside_a_preview_belong_to_it() {
        let body = (1..=12)
            .map(|n| format!("  para {n}"))
            .collect::<Vec<_>>()
            .join("\n\n");
        let title = format!("Which?\n\nA\n{body}\n\nB\n{}", preview(10));
        let shortened = shorten(&title);
        assert_eq!(shortened.hidden, 15 + 2);
        assert!(
            shortened
                .text
                .starts_with("Which?\n\nA\n  para 1\n\n  para 2\n\n  para 3\n\n  para 4\n\n  (15 more lines)\n\nB\n  line 1\n"),
            "{}",
            shortened.text
        );
    }

    #[test]
    fn a_long_question_without_indentation_keeps_a_screenful() {
        let title = (1..=500)
            .map(|n| format!("row {n}"))
            .collect::<Vec<_>>()
            .join("\n");
        let shortened = shorten(&title);
        assert_eq!(shortened.hidden, 480);
        assert!(shortened.text.ends_with("row 20\n(480 more lines)"));
    }
}
