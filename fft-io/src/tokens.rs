//! Splitting a text line into values, with the column of each, in one pass (linear in the
//! line's length however many values it holds).

use crate::{IoError, Position, ReadOptions};
use std::path::Path;

/// A token of a line: its text and 1-based column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The text.
    pub text: &'a str,
    /// 1-based column of its first character.
    pub column: usize,
}

/// The tokens of a line, split at whitespace and at `,` and `;`.
pub struct Tokens<'a> {
    line: &'a str,
    chars: std::str::CharIndices<'a>,
    /// 1-based column of the next character.
    column: usize,
}

/// The tokens of `line`, split at whitespace, `,` and `;`.
pub fn tokens(line: &str) -> Tokens<'_> {
    Tokens {
        line,
        chars: line.char_indices(),
        column: 1,
    }
}

fn splits(c: char) -> bool {
    c.is_whitespace() || c == ',' || c == ';'
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let (start, column) = loop {
            let (i, c) = self.chars.next()?;
            self.column += 1;
            if !splits(c) {
                break (i, self.column - 1);
            }
        };
        let mut end = self.line.len();
        for (i, c) in self.chars.by_ref() {
            self.column += 1;
            if splits(c) {
                end = i;
                break;
            }
        }
        Some(Token {
            text: &self.line[start..end],
            column,
        })
    }
}

/// Parses one number at `path:line:column`, rejecting NaN and infinities unless allowed.
pub fn number(
    path: &Path,
    line: usize,
    token: &Token<'_>,
    options: ReadOptions,
    hint: &str,
) -> Result<f64, IoError> {
    let at = Position::Line {
        line,
        column: token.column,
    };
    let value: f64 = token.text.parse().map_err(|_| {
        IoError::invalid(
            path,
            at,
            format!("'{}' is not a number: {hint}", token.text),
        )
    })?;
    if !value.is_finite() && !options.allow_nonfinite {
        return Err(IoError::NonFinite {
            path: path.into(),
            at,
            value: token.text.to_string(),
        });
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters() {
        let t: Vec<_> = tokens(" é1, 2;;x ").collect();
        assert_eq!(
            t,
            vec![
                Token {
                    text: "é1",
                    column: 2
                },
                Token {
                    text: "2",
                    column: 6
                },
                Token {
                    text: "x",
                    column: 9
                },
            ]
        );
        assert_eq!(tokens("").count(), 0);
        assert_eq!(tokens(" ,; ").count(), 0);
    }

    #[test]
    fn a_line_of_a_million_values_splits_in_linear_time() {
        let line = "1.5,".repeat(1_000_000);
        let start = std::time::Instant::now();
        let last = tokens(&line).last().unwrap();
        assert_eq!(last.column, 4 * 999_999 + 1);
        assert!(start.elapsed().as_secs_f64() < 5.0, "{:?}", start.elapsed());
    }
}
