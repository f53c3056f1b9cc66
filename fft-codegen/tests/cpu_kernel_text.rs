//! The scalar (CPU) form of the global radix pass: its text follows the kernel rules of
//! DESIGN.md section 3 with no vector type anywhere, and, read back by a small interpreter of
//! its statements, each of its two kernels computes the pass: loads, pass twiddles, the
//! butterfly (the DFT of the twiddled inputs) and the bit-reversed, scaled stores.

mod common;

use common::{file_name, generate, scalar, scalar_specs};
use fft_codegen::{emit, CodegenError, Form, KernelSpec, Precision, RadixSpec, SpecError};
use fft_core::{naive_dft, unit_root, Complex64};
use std::collections::BTreeMap;

fn source(spec: &RadixSpec) -> String {
    generate(*spec).source.into_owned()
}

/// The entry points of the scalar program, read from the ABI: (later passes, first pass).
fn entries(spec: &RadixSpec) -> (String, String) {
    match KernelSpec::Radix(*spec).entry_points().as_slice() {
        [later, first] => (later.clone(), first.clone()),
        other => panic!("the scalar form has two entry points, not {other:?}"),
    }
}

#[test]
fn emission_is_deterministic_named_and_free_of_vector_types() {
    for spec in scalar_specs() {
        let first = generate(spec);
        assert_eq!(first, generate(spec));
        assert_eq!(first.spec, KernelSpec::Radix(spec));
        assert_eq!(first.entry_point(), spec.name());
        let vector = RadixSpec {
            form: Form::Vector,
            ..spec
        };
        assert_eq!(first.ops, generate(vector).ops);
        let text = first.source;
        let name = file_name(spec);
        let (later, first_pass) = entries(&spec);
        for kernel in [later, first_pass] {
            assert_eq!(
                text.matches(&format!("__kernel void {kernel}(")).count(),
                1,
                "{name}: {kernel}"
            );
        }
        for vector in [
            "float2", "double2", "float4", ".x", ".y", "inline ", "cmul(",
        ] {
            assert!(!text.contains(vector), "{name}: contains {vector}");
        }
        let (scalar, other) = match spec.precision {
            Precision::F32 => ("float", "double"),
            Precision::F64 => ("double", "float"),
        };
        assert!(!text.contains(other), "{name}: contains {other}");
        // The data may alias (a one-pass plan runs in place); the twiddle table does not.
        for pointer in ["*x", "*y", "*restrict tw"] {
            assert!(
                text.contains(&format!("{scalar} {pointer},"))
                    || text.contains(&format!("{scalar} {pointer}\n")),
                "{name}: no {scalar} pointer {pointer}"
            );
        }
        assert_eq!(
            text.contains("#pragma OPENCL EXTENSION cl_khr_fp64 : enable"),
            spec.precision == Precision::F64,
            "{name}"
        );
        assert!(!text.contains("cos(") && !text.contains("sin("), "{name}");
    }
}

#[test]
fn layout_is_lf_four_spaces_one_trailing_newline() {
    for spec in scalar_specs() {
        let text = source(&spec);
        let name = file_name(spec);
        assert!(text.is_ascii(), "{name}");
        assert!(!text.contains('\r') && !text.contains('\t'), "{name}");
        assert!(text.ends_with("}\n") && !text.ends_with("\n\n"), "{name}");
        assert!(!text.contains("\n\n\n"), "{name}: double blank line");
        for line in text.lines() {
            assert_eq!(line.trim_end(), line, "{name}: trailing space in {line:?}");
            let indent = line.len() - line.trim_start().len();
            let rest = line.trim_start();
            let in_signature = (rest.starts_with("__global") || rest.starts_with("const uint"))
                && indent > 4
                || rest.starts_with("const float scale")
                || rest.starts_with("const double scale");
            assert!(
                indent % 4 == 0 || in_signature,
                "{name}: odd indentation in {line:?}"
            );
        }
    }
}

#[test]
fn every_constant_product_is_named_in_a_comment() {
    for spec in scalar_specs() {
        let text = source(&spec);
        let ops = generate(spec).ops;
        // One comment per constant multiplication in each of the two kernels.
        let comments = text
            .lines()
            .filter(|l| l.trim_start().starts_with("// t") && l.contains(" = mul_p"))
            .count();
        assert_eq!(
            comments as u32,
            2 * ops.constant_muls,
            "{}",
            file_name(spec)
        );
    }
}

#[test]
fn unsupported_radices_are_errors() {
    for radix in [0, 1, 17, 128] {
        assert_eq!(
            emit(&KernelSpec::Radix(scalar(radix))).unwrap_err(),
            CodegenError::Spec(SpecError::UnsupportedRadix(radix))
        );
    }
    // Odd radices serve mixed lengths, in the vector form only.
    assert_eq!(
        emit(&KernelSpec::Radix(scalar(3))).unwrap_err(),
        CodegenError::Spec(SpecError::MixedNeedsVectorTable(3))
    );
}

// ---- A small interpreter of the kernels' statements --------------------------------------

/// Values of one work-item: scalars by name, and the arrays it reads and writes.
struct Machine {
    scalars: BTreeMap<String, f64>,
    arrays: BTreeMap<String, Vec<f64>>,
    stores: BTreeMap<usize, f64>,
}

struct Parser<'a> {
    text: &'a [u8],
    pos: usize,
    machine: &'a Machine,
}

impl Parser<'_> {
    fn skip_spaces(&mut self) {
        while self.text.get(self.pos) == Some(&b' ') {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_spaces();
        self.text.get(self.pos).copied()
    }

    fn expect(&mut self, c: u8) {
        assert_eq!(self.peek(), Some(c), "at {}", self.pos);
        self.pos += 1;
    }

    fn sum(&mut self) -> f64 {
        let mut value = self.product();
        while let Some(op @ (b'+' | b'-')) = self.peek() {
            self.pos += 1;
            let rhs = self.product();
            value = if op == b'+' { value + rhs } else { value - rhs };
        }
        value
    }

    fn product(&mut self) -> f64 {
        let mut value = self.unary();
        while self.peek() == Some(b'*') {
            self.pos += 1;
            value *= self.unary();
        }
        value
    }

    fn unary(&mut self) -> f64 {
        if self.peek() == Some(b'-') {
            self.pos += 1;
            return -self.unary();
        }
        self.atom()
    }

    fn word(&mut self) -> String {
        self.skip_spaces();
        let start = self.pos;
        while self
            .text
            .get(self.pos)
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.'))
        {
            self.pos += 1;
        }
        String::from_utf8(self.text[start..self.pos].to_vec()).unwrap()
    }

    fn atom(&mut self) -> f64 {
        if self.peek() == Some(b'(') {
            self.pos += 1;
            let value = self.sum();
            self.expect(b')');
            return value;
        }
        let word = self.word();
        if word.starts_with(|c: char| c.is_ascii_digit()) {
            return word
                .trim_end_matches(['f', 'u'])
                .parse()
                .unwrap_or_else(|_| panic!("bad number {word}"));
        }
        if self.peek() == Some(b'[') {
            let index = self.index();
            let array = &self.machine.arrays[&word];
            return *array
                .get(index)
                .unwrap_or_else(|| panic!("{word}[{index}] out of bounds"));
        }
        *self
            .machine
            .scalars
            .get(&word)
            .unwrap_or_else(|| panic!("{word} read before it is defined"))
    }

    /// `[expr]` as an array index.
    fn index(&mut self) -> usize {
        self.expect(b'[');
        let value = self.sum();
        self.expect(b']');
        assert!(value >= 0.0 && value.fract() == 0.0, "index {value}");
        value as usize
    }
}

impl Machine {
    fn eval(&self, text: &str) -> f64 {
        let mut parser = Parser {
            text: text.as_bytes(),
            pos: 0,
            machine: self,
        };
        let value = parser.sum();
        assert_eq!(parser.peek(), None, "trailing text in {text:?}");
        value
    }

    /// Runs the statements of `body` (the lines between `{` and `}` of one kernel) that
    /// define scalars or store to `ys`; index setup lines (uint, size_t, pointers) are
    /// replaced by the arrays the machine was given.
    fn run(&mut self, body: &[&str]) {
        for line in body {
            let line = line.trim();
            if line.is_empty()
                || line.starts_with("//")
                || line.starts_with("const uint")
                || line.starts_with("const size_t")
                || line.starts_with("__global")
            {
                continue;
            }
            let statement = line.strip_suffix(';').expect("statements end with ;");
            let (lhs, rhs) = statement.split_once(" = ").expect("an assignment");
            if let Some(target) = lhs.strip_prefix("ys") {
                let mut parser = Parser {
                    text: target.as_bytes(),
                    pos: 0,
                    machine: self,
                };
                let index = parser.index();
                let value = self.eval(rhs);
                assert!(
                    self.stores.insert(index, value).is_none(),
                    "ys[{index}] stored twice"
                );
            } else {
                let name = lhs
                    .strip_prefix("const float ")
                    .or_else(|| lhs.strip_prefix("const double "))
                    .unwrap_or_else(|| panic!("unexpected statement {line:?}"));
                let value = self.eval(rhs);
                assert!(
                    self.scalars.insert(name.to_string(), value).is_none(),
                    "{name} defined twice"
                );
            }
        }
    }
}

/// The body lines of kernel `entry` in `text`.
fn body<'a>(text: &'a str, entry: &str) -> Vec<&'a str> {
    let start = text
        .find(&format!("__kernel void {entry}("))
        .unwrap_or_else(|| panic!("no kernel {entry}"));
    let rest = &text[start..];
    let open = rest.find("\n{\n").unwrap() + 3;
    let close = rest.find("\n}\n").unwrap();
    rest[open..close].lines().collect()
}

fn interleaved(values: &[Complex64], stride: usize, len: usize) -> Vec<f64> {
    let mut out = vec![f64::NAN; 2 * len];
    for (m, v) in values.iter().enumerate() {
        out[2 * m * stride] = v.re;
        out[2 * m * stride + 1] = v.im;
    }
    out
}

#[test]
fn both_kernels_compute_the_pass_of_their_work_item() {
    // Strides that are not powers of two catch a load or store at the wrong multiple.
    let (p, t, scale) = (3usize, 5usize, 0.5);
    for spec in scalar_specs()
        .into_iter()
        .filter(|s| s.precision == Precision::F64)
    {
        let r = spec.radix as usize;
        let text = source(&spec);
        let x: Vec<Complex64> = (0..r)
            .map(|m| Complex64::new((m as f64 * 0.37).sin(), (m as f64 * 0.91 + 0.2).cos()))
            .collect();
        // Pass twiddles of some k: w_m = W^(k*m) for a root of order 4r, as the table holds.
        let w: Vec<Complex64> = (0..r)
            .map(|m| unit_root(3 * m as i64, 4 * r as u64, spec.direction))
            .collect();
        let (later, first_pass) = entries(&spec);
        for (entry, first) in [(later, false), (first_pass, true)] {
            let twiddled: Vec<Complex64> = if first {
                x.clone()
            } else {
                x.iter().zip(&w).map(|(a, b)| a * b).collect()
            };
            let want: Vec<Complex64> = naive_dft(&twiddled, spec.direction)
                .into_iter()
                .map(|v| v * scale)
                .collect();
            let store_stride = if first { 1 } else { p };
            let mut machine = Machine {
                scalars: BTreeMap::from([
                    ("p".to_string(), p as f64),
                    ("t".to_string(), t as f64),
                    ("scale".to_string(), scale),
                ]),
                arrays: BTreeMap::from([
                    ("xs".to_string(), interleaved(&x, t, r * t)),
                    ("ws".to_string(), interleaved(&w[1..], p, r * p)),
                ]),
                stores: BTreeMap::new(),
            };
            machine.run(&body(&text, &entry));
            assert_eq!(machine.stores.len(), 2 * r, "{entry}: stores");
            for (q, want) in want.iter().enumerate() {
                let at = 2 * q * store_stride;
                let got = Complex64::new(machine.stores[&at], machine.stores[&(at + 1)]);
                assert!(
                    (got - want).norm() < 1e-12 * r as f64,
                    "{entry}: y[{q}] = {got}, want {want}"
                );
            }
        }
    }
}
