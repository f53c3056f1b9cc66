//! An indenting text writer: every line it writes starts with four spaces per level.

use std::fmt;

/// Wraps a [`fmt::Write`] and indents every non-empty line by the current level.
///
/// Use it with `writeln!`: `writeln!(w, "const float2 t1_00 = x00 + x08;")?`. Empty lines get
/// no indentation, so the output never has trailing whitespace.
#[derive(Debug)]
pub struct Writer<W: fmt::Write> {
    out: W,
    level: usize,
    at_line_start: bool,
}

/// Spaces per indentation level.
pub const INDENT: &str = "    ";

impl<W: fmt::Write> Writer<W> {
    /// A writer at indentation level 0.
    pub fn new(out: W) -> Writer<W> {
        Writer {
            out,
            level: 0,
            at_line_start: true,
        }
    }

    /// One level deeper.
    pub fn indent(&mut self) {
        self.level += 1;
    }

    /// One level shallower (never below 0).
    pub fn dedent(&mut self) {
        self.level = self.level.saturating_sub(1);
    }

    /// Writes `{` on its own line and indents.
    pub fn open_block(&mut self) -> fmt::Result {
        fmt::Write::write_str(self, "{\n")?;
        self.indent();
        Ok(())
    }

    /// Dedents and writes `}` on its own line.
    pub fn close_block(&mut self) -> fmt::Result {
        self.dedent();
        fmt::Write::write_str(self, "}\n")
    }

    /// The wrapped output.
    pub fn into_inner(self) -> W {
        self.out
    }
}

impl<W: fmt::Write> fmt::Write for Writer<W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for piece in s.split_inclusive('\n') {
            if self.at_line_start && piece != "\n" {
                for _ in 0..self.level {
                    self.out.write_str(INDENT)?;
                }
            }
            self.out.write_str(piece)?;
            self.at_line_start = piece.ends_with('\n');
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write;

    #[test]
    fn indents_lines_but_not_blank_ones() -> fmt::Result {
        let mut w = Writer::new(String::new());
        writeln!(w, "void f()")?;
        w.open_block()?;
        writeln!(w, "a;\n\nb;")?;
        write!(w, "c")?;
        writeln!(w, "d;")?;
        w.close_block()?;
        w.dedent();
        assert_eq!(
            w.into_inner(),
            "void f()\n{\n    a;\n\n    b;\n    cd;\n}\n"
        );
        Ok(())
    }

    /// A sink that refuses every write.
    struct Failing;
    impl fmt::Write for Failing {
        fn write_str(&mut self, _: &str) -> fmt::Result {
            Err(fmt::Error)
        }
    }

    #[test]
    fn errors_propagate() {
        let mut w = Writer::new(Failing);
        assert!(writeln!(w, "x").is_err());
    }
}
