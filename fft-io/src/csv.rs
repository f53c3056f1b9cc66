//! CSV signals: one column of real values, or two columns (re, im). A first line in which
//! no field is a number is a header (skipped, with a [`Notice`]); `#` lines are comments; a
//! leading UTF-8 byte order mark is ignored (by [`crate::decode`]).
//!
//! Fields are split by the same one-pass tokenizer as text files (commas, semicolons or
//! whitespace), so every error names its line and column. The `csv` crate was considered:
//! it splits on one delimiter only and reports positions per record, not per field, and
//! our files (numbers, no quoting) need neither its quoting nor its escapes.

use crate::tokens::{number, tokens, Token};
use crate::{IoError, Notice, Position, ReadOptions, Signal};
use num_complex::Complex64;
use std::path::Path;

const HINT: &str = "write one column of values, or two columns re,im (a header line is allowed)";

/// Parses CSV text (from `path`, used in messages); a skipped header goes to `notices`.
pub fn parse(
    path: &Path,
    text: &str,
    options: ReadOptions,
    notices: &mut Vec<Notice>,
) -> Result<Signal, IoError> {
    let mut data = Vec::new();
    let mut columns: Option<usize> = None;
    let mut seen_line = false;
    let mut fields: Vec<Token<'_>> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let n = index + 1;
        if line.trim_start().starts_with('#') || line.trim().is_empty() {
            continue;
        }
        fields.clear();
        fields.extend(tokens(line));
        if fields.is_empty() {
            // Only separators (`,,`): no value and no header, like a blank line.
            continue;
        }
        let at = |column| Position::Line { line: n, column };
        let first_line = !seen_line;
        seen_line = true;
        if first_line && fields.iter().all(|f| f.text.parse::<f64>().is_err()) {
            if fields.len() > 2 {
                return Err(IoError::invalid(
                    path,
                    at(1),
                    format!("the header has {} columns: {HINT}", fields.len()),
                ));
            }
            columns = Some(fields.len());
            notices.push(Notice::HeaderSkipped {
                line: n,
                text: line.to_string(),
            });
            continue;
        }
        if fields.len() > 2 {
            return Err(IoError::invalid(
                path,
                at(fields[2].column),
                format!(
                    "{} values on the line, at most 2 allowed: {HINT}",
                    fields.len()
                ),
            ));
        }
        let expected = *columns.get_or_insert(fields.len());
        if fields.len() != expected {
            let column = fields.get(expected).map_or(1, |f| f.column);
            return Err(IoError::invalid(
                path,
                at(column),
                format!(
                    "{} value(s) on the line, but {expected} column(s) above: {HINT}",
                    fields.len()
                ),
            ));
        }
        let re = number(path, n, &fields[0], options, HINT)?;
        let im = match fields.get(1) {
            Some(f) => number(path, n, f, options, HINT)?,
            None => 0.0,
        };
        data.push(Complex64::new(re, im));
    }
    if data.is_empty() {
        return Err(IoError::invalid(
            path,
            Position::File,
            format!("no samples found: {HINT}"),
        ));
    }
    Ok(Signal::row(data, columns == Some(2)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// f64 values, so the round trip is exact.
    const WRITE: crate::WriteOptions = crate::WriteOptions {
        double: true,
        sample_rate: 44_100,
    };

    fn parse_str(text: &str) -> Result<(Signal, Vec<Notice>), IoError> {
        let mut notices = Vec::new();
        let s = parse(
            Path::new("x.csv"),
            text,
            ReadOptions::default(),
            &mut notices,
        )?;
        Ok((s, notices))
    }

    #[test]
    fn header_and_columns() {
        let (s, notices) = parse_str("re,im\n1,2\n3,4\n").unwrap();
        assert!(s.is_complex());
        assert_eq!(s.data()[1], Complex64::new(3.0, 4.0));
        assert_eq!(
            notices,
            vec![Notice::HeaderSkipped {
                line: 1,
                text: "re,im".into()
            }]
        );
        let (s, _) = parse_str("value\n1\n2\n").unwrap();
        assert!(!s.is_complex());
        assert_eq!(s.data().len(), 2);
        let (s, notices) = parse_str("1\n2\n").unwrap();
        assert_eq!(s.data().len(), 2);
        assert!(notices.is_empty());
    }

    #[test]
    fn a_mistyped_first_value_is_an_error_not_a_header() {
        let err = parse_str("1,2\n3,x4\n").unwrap_err().to_string();
        assert!(err.starts_with("x.csv:2:3: 'x4' is not a number"), "{err}");
        let err = parse_str("1,x2\n3,4\n").unwrap_err().to_string();
        assert!(err.starts_with("x.csv:1:3: 'x2' is not a number"), "{err}");
        // A line with no number at all is a header, and the caller hears about it.
        let (s, notices) = parse_str("l.5\n2\n").unwrap();
        assert_eq!(s.data().len(), 1);
        assert_eq!(notices.len(), 1);
    }

    #[test]
    fn lines_of_separators_only_are_skipped() {
        // Found by `cargo xtask fuzz` (csv): indexed an empty line of fields.
        assert!(parse_str(",\n\n,")
            .unwrap_err()
            .to_string()
            .contains("no samples"));
        let (s, notices) = parse_str(",\n1\n;;\n2\n").unwrap();
        assert_eq!(s.data().len(), 2);
        assert!(notices.is_empty());
    }

    #[test]
    fn bad_lines() {
        let err = parse_str("re,im\n1,2\n3,x\n").unwrap_err().to_string();
        assert!(err.starts_with("x.csv:3:3: 'x' is not a number"), "{err}");
        let err = parse_str("1,2\n3\n").unwrap_err().to_string();
        assert!(
            err.contains("x.csv:2:1: 1 value(s) on the line, but 2 column(s) above"),
            "{err}"
        );
        assert!(parse_str("a,b,c\n").is_err());
    }

    #[test]
    fn a_line_of_a_million_values_is_refused_quickly_and_consistently() {
        let line = "0.25,".repeat(1_000_000);
        let start = std::time::Instant::now();
        let err = parse_str(&line).unwrap_err().to_string();
        assert!(start.elapsed().as_secs_f64() < 5.0, "{:?}", start.elapsed());
        assert!(
            err.starts_with("x.csv:1:11: 1000000 values on the line, at most 2 allowed"),
            "{err}"
        );
    }

    #[test]
    fn encode_then_parse_is_exact() {
        let s = Signal::row(
            vec![Complex64::new(0.1, -2.5), Complex64::new(3.0, 4.5)],
            true,
        );
        let text = crate::encode(&s, crate::Format::Csv, WRITE).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert_eq!(parse_str(&text).unwrap().0.data(), s.data());
    }
}
