//! CSV signals: one column of real values, or two columns (re, im). A first line that is
//! not numeric is a header; `#` lines are comments.

use super::txt::{number, number_text, tokens};
use super::{read_text, ReadOptions, Signal};
use crate::exit::CliError;
use num_complex::Complex64;
use std::fmt::Write as _;
use std::path::Path;

const HINT: &str = "write one column of values, or two columns re,im (a header line is allowed)";

/// Parses CSV text (from `path`, used in messages).
pub fn parse(path: &Path, text: &str, options: ReadOptions) -> Result<Signal, CliError> {
    let mut data = Vec::new();
    let mut columns = None;
    let mut seen_line = false;
    for (index, line) in text.lines().enumerate() {
        let n = index + 1;
        if line.trim_start().starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields = tokens(line, &[',', ';']);
        let first_line = !seen_line;
        seen_line = true;
        if first_line && fields.iter().any(|f| f.text.parse::<f64>().is_err()) {
            // A header: it only fixes the number of columns.
            columns = Some(fields.len());
            if !(1..=2).contains(&fields.len()) {
                return Err(CliError::Input(format!(
                    "{}:{n}:1: the header has {} columns: {HINT}",
                    path.display(),
                    fields.len()
                )));
            }
            continue;
        }
        let expected = *columns.get_or_insert(fields.len());
        if fields.len() != expected || !(1..=2).contains(&fields.len()) {
            let column = fields.get(expected).map_or(1, |f| f.column);
            return Err(CliError::Input(format!(
                "{}:{n}:{column}: {} values on the line, expected {expected}: {HINT}",
                path.display(),
                fields.len()
            )));
        }
        let re = number(path, n, &fields[0], options, HINT)?;
        let im = match fields.get(1) {
            Some(f) => number(path, n, f, options, HINT)?,
            None => 0.0,
        };
        data.push(Complex64::new(re, im));
    }
    if data.is_empty() {
        return Err(CliError::Input(format!(
            "{}: no samples found: {HINT}",
            path.display()
        )));
    }
    Ok(Signal::row(data, columns == Some(2)))
}

/// Reads a CSV file.
pub fn read(path: &Path, options: ReadOptions) -> Result<Signal, CliError> {
    parse(path, &read_text(path)?, options)
}

/// A `re,im` header, then one `re,im` line per value (rows one after another).
pub fn encode(signal: &Signal) -> String {
    let mut text = String::with_capacity(signal.data.len() * 40 + 6);
    text.push_str("re,im\n");
    for v in &signal.data {
        let _ = writeln!(text, "{},{}", number_text(v.re), number_text(v.im));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(text: &str) -> Result<Signal, CliError> {
        parse(Path::new("x.csv"), text, ReadOptions::default())
    }

    #[test]
    fn header_and_columns() {
        let s = parse_str("re,im\n1,2\n3,4\n").unwrap();
        assert!(s.complex);
        assert_eq!(s.data[1], Complex64::new(3.0, 4.0));
        let s = parse_str("value\n1\n2\n").unwrap();
        assert!(!s.complex);
        assert_eq!(s.data.len(), 2);
        let s = parse_str("1\n2\n").unwrap();
        assert_eq!(s.data.len(), 2);
    }

    #[test]
    fn bad_lines() {
        let err = parse_str("re,im\n1,2\n3,x\n").unwrap_err().to_string();
        assert!(err.starts_with("x.csv:3:3: 'x' is not a number"), "{err}");
        let err = parse_str("1,2\n3\n").unwrap_err().to_string();
        assert!(err.contains("x.csv:2:"), "{err}");
        assert!(parse_str("a,b,c\n").is_err());
    }

    #[test]
    fn encode_then_parse_is_exact() {
        let s = Signal::row(
            vec![Complex64::new(0.1, -2.5), Complex64::new(3.0, 4.5)],
            true,
        );
        assert_eq!(parse_str(&encode(&s)).unwrap().data, s.data);
    }
}
