//! Text signals: one real value per line, or `re im` / `re,im` per line. Blank lines and
//! `#` comments are skipped; a bad value is reported as `file:line:column`.

use super::{read_text, ReadOptions, Signal};
use crate::exit::CliError;
use num_complex::Complex64;
use std::fmt::Write as _;
use std::path::Path;

/// A token of a line: its text and 1-based column.
pub struct Token<'a> {
    /// The text.
    pub text: &'a str,
    /// 1-based column of its first character.
    pub column: usize,
}

/// Splits `line` at whitespace and at `separators`, keeping each token's column.
pub fn tokens<'a>(line: &'a str, separators: &[char]) -> Vec<Token<'a>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        let splits = c.is_whitespace() || separators.contains(&c);
        match (splits, start) {
            (true, Some(s)) => {
                out.push(Token {
                    text: &line[s..i],
                    column: line[..s].chars().count() + 1,
                });
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(Token {
            text: &line[s..],
            column: line[..s].chars().count() + 1,
        });
    }
    out
}

/// Parses one number at `path:line:column`, rejecting NaN and infinities unless allowed.
pub fn number(
    path: &Path,
    line: usize,
    token: &Token<'_>,
    options: ReadOptions,
    hint: &str,
) -> Result<f64, CliError> {
    let at = format!("{}:{line}:{}", path.display(), token.column);
    let value: f64 = token
        .text
        .parse()
        .map_err(|_| CliError::Input(format!("{at}: '{}' is not a number: {hint}", token.text)))?;
    if !value.is_finite() && !options.allow_nonfinite {
        return Err(CliError::Input(format!(
            "{at}: {} is not a finite value: fix the data, or pass --allow-nonfinite",
            token.text
        )));
    }
    Ok(value)
}

const HINT: &str = "write one real value per line, or `re im` (# starts a comment)";

/// Parses text (from `path`, used in messages).
pub fn parse(path: &Path, text: &str, options: ReadOptions) -> Result<Signal, CliError> {
    let mut data = Vec::new();
    let mut complex = false;
    for (index, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or("");
        let tokens = tokens(content, &[',', ';']);
        let n = index + 1;
        match tokens.as_slice() {
            [] => continue,
            [re] => data.push(Complex64::new(number(path, n, re, options, HINT)?, 0.0)),
            [re, im] => {
                complex = true;
                data.push(Complex64::new(
                    number(path, n, re, options, HINT)?,
                    number(path, n, im, options, HINT)?,
                ));
            }
            [_, _, extra, ..] => {
                return Err(CliError::Input(format!(
                    "{}:{n}:{}: a third value '{}' on the line: {HINT}",
                    path.display(),
                    extra.column,
                    extra.text
                )))
            }
        }
    }
    if data.is_empty() {
        return Err(CliError::Input(format!(
            "{}: no samples found: {HINT}",
            path.display()
        )));
    }
    Ok(Signal::row(data, complex))
}

/// Reads a text file.
pub fn read(path: &Path, options: ReadOptions) -> Result<Signal, CliError> {
    parse(path, &read_text(path)?, options)
}

/// `re im` per line; a `# row R` comment before each row of a 2-D signal.
pub fn encode(signal: &Signal) -> String {
    let mut text = String::with_capacity(signal.data.len() * 40);
    for (r, row) in signal.data.chunks(signal.cols.max(1)).enumerate() {
        if signal.rows > 1 {
            let _ = writeln!(text, "# row {r}");
        }
        for v in row {
            let _ = writeln!(text, "{} {}", number_text(v.re), number_text(v.im));
        }
    }
    text
}

/// The shortest text that parses back to exactly `x`: plain for moderate magnitudes,
/// scientific (`1.5e-9`) for very small or large ones.
pub fn number_text(x: f64) -> String {
    let magnitude = x.abs();
    if magnitude == 0.0 || (1e-4..1e15).contains(&magnitude) {
        format!("{x}")
    } else {
        format!("{x:e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(text: &str) -> Result<Signal, CliError> {
        parse(Path::new("x.txt"), text, ReadOptions::default())
    }

    #[test]
    fn real_and_complex_lines() {
        let s = parse_str("# header\n1.5\n\n  -2 # note\n3e-1\n").unwrap();
        assert!(!s.complex);
        assert_eq!(s.data[1], Complex64::new(-2.0, 0.0));
        let s = parse_str("1 2\n3,4\n").unwrap();
        assert!(s.complex);
        assert_eq!(
            s.data,
            vec![Complex64::new(1.0, 2.0), Complex64::new(3.0, 4.0)]
        );
    }

    #[test]
    fn bad_values_report_line_and_column() {
        let err = parse_str("1\n  abc\n").unwrap_err().to_string();
        assert!(err.starts_with("x.txt:2:3: 'abc' is not a number"), "{err}");
        let err = parse_str("1\n2 NaN\n").unwrap_err().to_string();
        assert!(
            err.contains("x.txt:2:3") && err.contains("not a finite"),
            "{err}"
        );
        let err = parse_str("1 2 3\n").unwrap_err().to_string();
        assert!(err.contains("x.txt:1:5"), "{err}");
        assert!(parse_str("# only\n")
            .unwrap_err()
            .to_string()
            .contains("no samples"));
        let ok = parse(
            Path::new("x.txt"),
            "inf\n",
            ReadOptions {
                allow_nonfinite: true,
            },
        );
        assert!(ok.is_ok());
    }

    #[test]
    fn encode_then_parse_is_exact() {
        let s = Signal::row(
            vec![Complex64::new(0.1, -1e-300), Complex64::new(3.0, 4.5)],
            true,
        );
        assert_eq!(parse_str(&encode(&s)).unwrap().data, s.data);
    }
}
