//! Definitions of the helper functions a kernel calls: `mul_pXqY` for constant twiddles and
//! `cmul` for the pass twiddles, and the same arithmetic by components for scalar code.

use crate::math::angle::Angle;
use crate::math::constant::RealConstant;
use crate::math::ir::{Graph, Op};
use crate::opencl::literal::{literal, rounded, vector_type};
use crate::opencl::writer::Writer;
use fft_core::Precision;
use std::collections::BTreeSet;
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

/// The product `a * exp(-i*pi*X/Y)` by components, given the text of `a`'s components
/// (`a.x`/`a.y` in a helper, `t1_05_re`/`t1_05_im` in scalar code; operands must bind at
/// least as tightly as a product).
///
/// The factor `c + i*s` is computed in f64 and rounded once; `a * (c + i*s) = (a.x*c - a.y*s,
/// a.x*s + a.y*c)`. On the diagonals (`|c| == |s| == 1/sqrt(2)`) the common magnitude is
/// factored out: two additions and two multiplications instead of four multiplications.
pub(crate) struct ConstantProduct {
    /// Real part, without the common magnitude.
    pub re: String,
    /// Imaginary part, without the common magnitude.
    pub im: String,
    /// The common magnitude both parts are multiplied by (diagonal angles only).
    pub magnitude: Option<String>,
}

impl ConstantProduct {
    pub(crate) fn new(angle: Angle, precision: Precision, re: &str, im: &str) -> ConstantProduct {
        let w = angle.value();
        if angle.is_diagonal() {
            let (c, s) = (w.re.signum(), w.im.signum());
            ConstantProduct {
                re: linear([(c, re), (-s, im)], precision),
                im: linear([(s, re), (c, im)], precision),
                magnitude: Some(literal(w.re.abs(), precision)),
            }
        } else {
            let (c, s) = (rounded(w.re, precision), rounded(w.im, precision));
            ConstantProduct {
                re: linear([(c, re), (-s, im)], precision),
                im: linear([(s, re), (c, im)], precision),
                magnitude: None,
            }
        }
    }

    /// The real and imaginary parts as two scalar expressions (`(re) * h` on the diagonals).
    pub(crate) fn scalar_parts(&self) -> (String, String) {
        match &self.magnitude {
            Some(h) => (
                format!("({}) * {h}", self.re),
                format!("({}) * {h}", self.im),
            ),
            None => (self.re.clone(), self.im.clone()),
        }
    }
}

/// The complex product `a * b` by components, given the text of the four components (each
/// binding at least as tightly as a product).
pub(crate) fn complex_product(a: [&str; 2], b: [&str; 2]) -> (String, String) {
    let ([ar, ai], [br, bi]) = (a, b);
    (
        format!("{ar} * {br} - {ai} * {bi}"),
        format!("{ar} * {bi} + {ai} * {br}"),
    )
}

/// Writes `mul_pXqY(a) = a * exp(-i*pi*X/Y)` with its one-line comment (the arithmetic of
/// [`ConstantProduct`]).
pub fn write_mul_helper<W: Write>(out: &mut W, angle: Angle, precision: Precision) -> fmt::Result {
    let vector = vector_type(precision);
    let name = angle.helper_name();
    writeln!(
        out,
        "// {name}(a) = a * exp(-i*pi*{}/{})",
        angle.num(),
        angle.den()
    )?;
    writeln!(out, "inline {vector} {name}(const {vector} a)")?;
    writeln!(out, "{{")?;
    let product = ConstantProduct::new(angle, precision, "a.x", "a.y");
    match &product.magnitude {
        Some(h) => writeln!(
            out,
            "    return ({vector})({}, {}) * {h};",
            product.re, product.im
        )?,
        None => writeln!(
            out,
            "    return ({vector})({}, {});",
            product.re, product.im
        )?,
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
    let (re, im) = complex_product(["a.x", "a.y"], ["b.x", "b.y"]);
    writeln!(out, "    return ({vector})({re}, {im});")?;
    writeln!(out, "}}")
}

/// Writes `pass_twiddle(hi, lo, s, h) = W^s = hi[s >> h] * lo[s & (2^h - 1)]`, the read of a
/// two-level twiddle table (after [`write_cmul`]).
pub fn write_pass_twiddle<W: Write>(out: &mut W, precision: Precision) -> fmt::Result {
    let v = vector_type(precision);
    writeln!(
        out,
        "// pass_twiddle(hi, lo, s, h) = W^s = hi[s >> h] * lo[s & (2^h - 1)], a two-level table"
    )?;
    writeln!(
        out,
        "inline {v} pass_twiddle(__global const {v} *restrict hi, __global const {v} *restrict lo, const uint s, const uint h)"
    )?;
    writeln!(out, "{{")?;
    writeln!(
        out,
        "    return cmul(hi[s >> h], lo[s & ((1u << h) - 1u)]);"
    )?;
    writeln!(out, "}}")
}

/// Writes each constant twiddle helper `mul_pXqY` the `graphs` (and the kernel's `extra`
/// code) call once, by increasing angle, each after a blank line.
pub(crate) fn write_constant_helpers<'a, W: Write>(
    w: &mut Writer<W>,
    graphs: impl IntoIterator<Item = &'a Graph>,
    extra: impl IntoIterator<Item = Angle>,
    precision: Precision,
) -> fmt::Result {
    let angles: BTreeSet<_> = graphs
        .into_iter()
        .flat_map(|graph| graph.nodes())
        .filter_map(|op| match op {
            Op::Twiddle(_, angle) => Some(*angle),
            _ => None,
        })
        .chain(extra)
        .collect();
    let mut angles: Vec<Angle> = angles.into_iter().collect();
    angles.sort_by(|a, b| {
        let (an, ad) = (u64::from(a.num()), u64::from(a.den()));
        let (bn, bd) = (u64::from(b.num()), u64::from(b.den()));
        (an * bd).cmp(&(bn * ad))
    });
    for angle in angles {
        writeln!(w)?;
        write_mul_helper(w, angle, precision)?;
    }
    Ok(())
}

/// Writes `#define COS_PXQY value` for each real constant the `graphs` use (the odd-radix
/// butterflies' `cos`/`sin` factors, computed in f64 and rounded once), in a fixed order.
pub(crate) fn write_real_constants<'a, W: Write>(
    w: &mut Writer<W>,
    graphs: impl IntoIterator<Item = &'a Graph>,
    precision: Precision,
) -> fmt::Result {
    let constants: BTreeSet<RealConstant> = graphs
        .into_iter()
        .flat_map(|graph| graph.nodes())
        .filter_map(|op| match op {
            Op::Scale(_, c) => Some(*c),
            _ => None,
        })
        .collect();
    if constants.is_empty() {
        return Ok(());
    }
    writeln!(w)?;
    writeln!(
        w,
        "// Real constants of the butterfly: cos and sin in f64, rounded once."
    )?;
    for c in constants {
        writeln!(
            w,
            "#define {} ({}) // {c}",
            c.name(),
            literal(c.value(), precision)
        )?;
    }
    Ok(())
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
