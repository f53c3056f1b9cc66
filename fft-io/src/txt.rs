//! Text signals: one real value per line, or `re im` / `re,im` per line. Blank lines and
//! `#` comments are skipped; a bad value is reported as `file:line:column`.

use crate::tokens::{number, tokens};
use crate::{IoError, Position, ReadOptions, Signal};
use num_complex::Complex64;
use std::path::Path;

const HINT: &str = "write one real value per line, or `re im` (# starts a comment)";

/// Parses text (from `path`, used in messages).
pub fn parse(path: &Path, text: &str, options: ReadOptions) -> Result<Signal, IoError> {
    let mut data = Vec::new();
    let mut complex = false;
    for (index, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or("");
        // At most three tokens are looked at: a third one is already an error.
        let mut split = tokens(content);
        let n = index + 1;
        let Some(re) = split.next() else { continue };
        match (split.next(), split.next()) {
            (None, _) => data.push(Complex64::new(number(path, n, &re, options, HINT)?, 0.0)),
            (Some(im), None) => {
                complex = true;
                data.push(Complex64::new(
                    number(path, n, &re, options, HINT)?,
                    number(path, n, &im, options, HINT)?,
                ));
            }
            (Some(_), Some(extra)) => {
                return Err(IoError::invalid(
                    path,
                    Position::Line {
                        line: n,
                        column: extra.column,
                    },
                    format!("a third value '{}' on the line: {HINT}", extra.text),
                ))
            }
        }
    }
    if data.is_empty() {
        return Err(IoError::invalid(
            path,
            Position::File,
            format!("no samples found: {HINT}"),
        ));
    }
    Ok(Signal::row(data, complex))
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

    /// f64 values, so the round trip is exact.
    const WRITE: crate::WriteOptions = crate::WriteOptions {
        double: true,
        sample_rate: 44_100,
    };

    fn parse_str(text: &str) -> Result<Signal, IoError> {
        parse(Path::new("x.txt"), text, ReadOptions::default())
    }

    #[test]
    fn real_and_complex_lines() {
        let s = parse_str("# header\n1.5\n\n  -2 # note\n3e-1\n").unwrap();
        assert!(!s.is_complex());
        assert_eq!(s.data()[1], Complex64::new(-2.0, 0.0));
        let s = parse_str("1 2\n3,4\n").unwrap();
        assert!(s.is_complex());
        assert_eq!(
            s.data(),
            &[Complex64::new(1.0, 2.0), Complex64::new(3.0, 4.0)]
        );
    }

    #[test]
    fn bad_values_report_line_and_column() {
        let err = parse_str("1\n  abc\n").unwrap_err().to_string();
        assert!(err.starts_with("x.txt:2:3: 'abc' is not a number"), "{err}");
        let err = parse_str("1\n2 NaN\n").unwrap_err().to_string();
        assert!(
            err.contains("x.txt:2:3") && err.contains("not finite"),
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
    fn a_line_of_a_million_values_fails_fast_at_the_third() {
        let line = "1.5 ".repeat(1_000_000);
        let start = std::time::Instant::now();
        let err = parse_str(&line).unwrap_err().to_string();
        assert!(err.starts_with("x.txt:1:9: a third value"), "{err}");
        assert!(start.elapsed().as_secs_f64() < 5.0);
    }

    #[test]
    fn encode_then_parse_is_exact() {
        let s = Signal::row(
            vec![Complex64::new(0.1, -1e-300), Complex64::new(3.0, 4.5)],
            true,
        );
        let text = crate::encode(&s, crate::Format::Txt, WRITE).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert_eq!(parse_str(&text).unwrap().data(), s.data());
    }
}
