//! Definitions of the helper functions a kernel calls: `mul_pXqY` for constant twiddles and
//! `cmul` for the pass twiddles.

use crate::angle::Angle;
use crate::literal::{literal, rounded, vector_type};
use fft_core::Precision;
use std::fmt::{self, Write};

/// `c0 * v0 + c1 * v1` as text, a positive term first where there is one; coefficients of
/// magnitude 1 print as the bare variable.
fn linear(terms: [(f64, &str); 2], precision: Precision) -> String {
    let [first, second] = terms;
    let (first, second) = if first.0 < 0.0 && second.0 >= 0.0 {
        (second, first)
    } else {
        (first, second)
    };
    let term = |(coef, var): (f64, &str)| {
        if coef.abs() == 1.0 {
            var.to_string()
        } else {
            format!("{var} * {}", literal(coef.abs(), precision))
        }
    };
    let lead = if first.0 < 0.0 { "-" } else { "" };
    let op = if second.0 < 0.0 { "-" } else { "+" };
    format!("{lead}{} {op} {}", term(first), term(second))
}

/// Writes `mul_pXqY(a) = a * exp(-i*pi*X/Y)` with its one-line comment.
///
/// The factor `c + i*s` is computed in f64 and rounded once; `a * (c + i*s) = (a.x*c - a.y*s,
/// a.x*s + a.y*c)`. On the diagonals (`|c| == |s| == 1/sqrt(2)`) the common magnitude is
/// factored out: two additions and two multiplications instead of four multiplications.
pub fn write_mul_helper<W: Write>(out: &mut W, angle: Angle, precision: Precision) -> fmt::Result {
    let vector = vector_type(precision);
    let w = angle.value();
    let name = angle.helper_name();
    writeln!(
        out,
        "// {name}(a) = a * exp(-i*pi*{}/{})",
        angle.num(),
        angle.den()
    )?;
    writeln!(out, "inline {vector} {name}(const {vector} a)")?;
    writeln!(out, "{{")?;
    if angle.is_diagonal() {
        let (c, s) = (w.re.signum(), w.im.signum());
        let re = linear([(c, "a.x"), (-s, "a.y")], precision);
        let im = linear([(s, "a.x"), (c, "a.y")], precision);
        let h = literal(w.re.abs(), precision);
        writeln!(out, "    return ({vector})({re}, {im}) * {h};")?;
    } else {
        let (c, s) = (rounded(w.re, precision), rounded(w.im, precision));
        let re = linear([(c, "a.x"), (-s, "a.y")], precision);
        let im = linear([(s, "a.x"), (c, "a.y")], precision);
        writeln!(out, "    return ({vector})({re}, {im});")?;
    }
    writeln!(out, "}}")
}

/// Writes `cmul(a, b) = a * b`, the complex product used for the pass twiddles.
pub fn write_cmul<W: Write>(out: &mut W, precision: Precision) -> fmt::Result {
    let vector = vector_type(precision);
    writeln!(out, "// cmul(a, b) = a * b, the complex product")?;
    writeln!(
        out,
        "inline {vector} cmul(const {vector} a, const {vector} b)"
    )?;
    writeln!(out, "{{")?;
    writeln!(
        out,
        "    return ({vector})(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);"
    )?;
    writeln!(out, "}}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn helper(num: i64, den: u32, precision: Precision) -> String {
        let mut text = String::new();
        write_mul_helper(&mut text, Angle::new(num, den).unwrap(), precision).unwrap();
        text
    }

    #[test]
    fn diagonal_helpers_factor_the_magnitude() {
        assert_eq!(
            helper(1, 4, Precision::F32),
            "// mul_p1q4(a) = a * exp(-i*pi*1/4)\n\
             inline float2 mul_p1q4(const float2 a)\n{\n    \
             return (float2)(a.x + a.y, a.y - a.x) * 0.70710677f;\n}\n"
        );
        // exp(-i*pi*3/4) = (-1 - i)/sqrt(2): (a.y - a.x, -a.x - a.y) / sqrt(2).
        assert!(helper(3, 4, Precision::F64)
            .contains("return (double2)(a.y - a.x, -a.x - a.y) * 0.7071067811865476;"));
    }

    #[test]
    fn general_helpers_use_rounded_cos_and_sin() {
        // exp(-i*pi/8) = cos(pi/8) - i*sin(pi/8).
        assert!(helper(1, 8, Precision::F32).contains(
            "return (float2)(a.x * 0.9238795f + a.y * 0.38268343f, \
             a.y * 0.9238795f - a.x * 0.38268343f);"
        ));
        assert!(!helper(1, 8, Precision::F32).contains("cos("));
    }
}
