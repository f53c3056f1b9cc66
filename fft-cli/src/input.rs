//! Reading a signal: one real sample per line; blank lines and `#` comments are skipped.

use crate::exit::CliError;
use std::path::Path;

/// Parses `text` (from `path`, used in messages) into samples. Errors name
/// `file:line:column` and what to do.
pub fn parse_samples(path: &Path, text: &str) -> Result<Vec<f64>, CliError> {
    let mut samples = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or("");
        let token = content.trim();
        if token.is_empty() {
            continue;
        }
        let column = content.find(token).unwrap_or(0) + 1;
        let value: f64 = token.parse().map_err(|_| {
            CliError::Input(format!(
                "{}:{}:{column}: '{token}' is not a number: write one real sample per line (# starts a comment)",
                path.display(),
                number + 1
            ))
        })?;
        if !value.is_finite() {
            return Err(CliError::Input(format!(
                "{}:{}:{column}: {token} is not a finite sample: remove or replace it",
                path.display(),
                number + 1
            )));
        }
        samples.push(value);
    }
    if samples.is_empty() {
        return Err(CliError::Input(format!(
            "{}: no samples found: write one real value per line",
            path.display()
        )));
    }
    Ok(samples)
}

/// Reads and parses a file.
pub fn read_samples(path: &Path) -> Result<Vec<f64>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::Input(format!("cannot read {}: {e}", path.display())))?;
    parse_samples(path, &text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        let v = parse_samples(Path::new("x.txt"), "# header\n1.5\n\n  -2 # note\n3e-1\n").unwrap();
        assert_eq!(v, vec![1.5, -2.0, 0.3]);
    }

    #[test]
    fn bad_tokens_report_line_and_column() {
        let err = parse_samples(Path::new("x.txt"), "1\n  abc\n")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("x.txt:2:3: 'abc' is not a number"), "{err}");
        let err = parse_samples(Path::new("x.txt"), "1\nNaN\n")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("x.txt:2:1") && err.contains("not a finite"),
            "{err}"
        );
        assert!(parse_samples(Path::new("e.txt"), "# only\n")
            .unwrap_err()
            .to_string()
            .contains("no samples"));
    }
}
