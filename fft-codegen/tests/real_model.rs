//! The real transforms' point-wise kernels (issue 10), evaluated on the CPU: a small
//! interpreter runs each generated kernel's statements work-item by work-item (its uint index
//! arithmetic, its ternaries and its float arithmetic, in f64), with the tables and scalars its
//! ABI gives, and the results must be the steps' definitions: the split of the N/2-point
//! FFT of the packed reals is numpy's `rfft`, the inverse N/2-point FFT of the merge is
//! numpy's unscaled `irfft` as pairs, for even and odd N, both precisions.

use fft_codegen::{catalog, emit, KernelSpec, RealSpec, RealStep};
use fft_core::kernel::{
    hermitian_extension, rfft_reference, ArgKind, LaunchParams, RealLayout, UintArg,
};
use fft_core::{host_fft, random_signal, Complex64, Direction};
use std::collections::BTreeMap;

/// A value of the interpreter: uint arithmetic stays integral, float arithmetic is f64.
#[derive(Clone, Copy, Debug)]
enum Val {
    Int(i64),
    Float(f64),
}

impl Val {
    fn f(self) -> f64 {
        match self {
            Val::Int(v) => v as f64,
            Val::Float(v) => v,
        }
    }
    fn i(self) -> i64 {
        match self {
            Val::Int(v) => v,
            Val::Float(v) => panic!("float {v} used as an index"),
        }
    }
}

/// One work-item's state: named scalars and the arrays (interleaved scalars).
struct Machine<'a> {
    vars: BTreeMap<String, Val>,
    arrays: &'a mut BTreeMap<String, Vec<f64>>,
}

struct Parser<'m, 'a> {
    text: &'m [u8],
    pos: usize,
    machine: &'m Machine<'a>,
}

impl Parser<'_, '_> {
    fn skip(&mut self) {
        while self.pos < self.text.len() && self.text[self.pos] == b' ' {
            self.pos += 1;
        }
    }
    fn eat(&mut self, token: &str) -> bool {
        self.skip();
        let bytes = token.as_bytes();
        if self.text[self.pos..].starts_with(bytes) {
            // `<` must not match `<<` or `<=`, `&` not `&&`, `=` not `==`.
            let next = self.text.get(self.pos + bytes.len()).copied();
            let longer = matches!(
                (token, next),
                ("<", Some(b'<' | b'=')) | (">", Some(b'>' | b'=')) | ("&", Some(b'&'))
            );
            if !longer {
                self.pos += bytes.len();
                return true;
            }
        }
        false
    }
    fn ternary(&mut self) -> Val {
        let cond = self.logical_and();
        if self.eat("?") {
            let a = self.ternary();
            assert!(self.eat(":"), "ternary without :");
            let b = self.ternary();
            return if cond.f() != 0.0 { a } else { b };
        }
        cond
    }
    fn logical_and(&mut self) -> Val {
        let mut v = self.bitand();
        while self.eat("&&") {
            let rhs = self.bitand();
            v = Val::Int(i64::from(v.f() != 0.0 && rhs.f() != 0.0));
        }
        v
    }
    fn bitand(&mut self) -> Val {
        let mut v = self.equality();
        while self.eat("&") {
            v = Val::Int(v.i() & self.equality().i());
        }
        v
    }
    fn equality(&mut self) -> Val {
        let mut v = self.relational();
        loop {
            if self.eat("==") {
                v = Val::Int(i64::from(v.f() == self.relational().f()));
            } else if self.eat("!=") {
                v = Val::Int(i64::from(v.f() != self.relational().f()));
            } else {
                return v;
            }
        }
    }
    fn relational(&mut self) -> Val {
        let mut v = self.shift();
        loop {
            if self.eat("<=") {
                v = Val::Int(i64::from(v.f() <= self.shift().f()));
            } else if self.eat(">=") {
                v = Val::Int(i64::from(v.f() >= self.shift().f()));
            } else if self.eat("<") {
                v = Val::Int(i64::from(v.f() < self.shift().f()));
            } else if self.eat(">") {
                v = Val::Int(i64::from(v.f() > self.shift().f()));
            } else {
                return v;
            }
        }
    }
    fn shift(&mut self) -> Val {
        let mut v = self.sum();
        loop {
            if self.eat("<<") {
                v = Val::Int(v.i() << self.sum().i());
            } else if self.eat(">>") {
                v = Val::Int(v.i() >> self.sum().i());
            } else {
                return v;
            }
        }
    }
    fn sum(&mut self) -> Val {
        let mut v = self.product();
        loop {
            if self.eat("+") {
                v = arith(v, self.product(), |a, b| a + b, |a, b| a + b);
            } else if self.eat("-") {
                v = arith(v, self.product(), |a, b| a - b, |a, b| a - b);
            } else {
                return v;
            }
        }
    }
    fn product(&mut self) -> Val {
        let mut v = self.unary();
        loop {
            if self.eat("*") {
                v = arith(v, self.unary(), |a, b| a * b, |a, b| a * b);
            } else if self.eat("/") {
                v = arith(v, self.unary(), |a, b| a / b, |a, b| a / b);
            } else if self.eat("%") {
                v = Val::Int(v.i() % self.unary().i());
            } else {
                return v;
            }
        }
    }
    fn unary(&mut self) -> Val {
        if self.eat("-") {
            return match self.unary() {
                Val::Int(v) => Val::Int(-v),
                Val::Float(v) => Val::Float(-v),
            };
        }
        self.primary()
    }
    fn primary(&mut self) -> Val {
        self.skip();
        if self.eat("(") {
            let v = self.ternary();
            assert!(self.eat(")"), "unclosed parenthesis");
            return v;
        }
        let start = self.pos;
        while self.pos < self.text.len()
            && (self.text[self.pos].is_ascii_alphanumeric()
                || self.text[self.pos] == b'_'
                || self.text[self.pos] == b'.')
        {
            self.pos += 1;
        }
        let word = std::str::from_utf8(&self.text[start..self.pos]).unwrap();
        assert!(!word.is_empty(), "expected a value at {}", self.pos);
        if word.as_bytes()[0].is_ascii_digit() {
            if let Some(int) = word.strip_suffix('u') {
                return Val::Int(int.parse().unwrap());
            }
            return Val::Float(word.trim_end_matches('f').parse().unwrap());
        }
        if self.eat("[") {
            let index = self.ternary().i();
            assert!(self.eat("]"), "unclosed index");
            return Val::Float(self.machine.arrays[word][index as usize]);
        }
        *self
            .machine
            .vars
            .get(word)
            .unwrap_or_else(|| panic!("unknown name {word}"))
    }
}

fn arith(a: Val, b: Val, int: fn(i64, i64) -> i64, float: fn(f64, f64) -> f64) -> Val {
    match (a, b) {
        (Val::Int(a), Val::Int(b)) => Val::Int(int(a, b)),
        _ => Val::Float(float(a.f(), b.f())),
    }
}

impl Machine<'_> {
    fn eval(&self, text: &str) -> Val {
        let mut parser = Parser {
            text: text.as_bytes(),
            pos: 0,
            machine: self,
        };
        let v = parser.ternary();
        parser.skip();
        assert_eq!(parser.pos, text.len(), "trailing text in {text:?}");
        v
    }

    /// Runs the kernel body for work-item (i, b); returns early as the kernel does.
    fn run(&mut self, body: &[&str], i: i64, b: i64) {
        let mut lines = body.iter().map(|l| l.trim());
        while let Some(line) = lines.next() {
            if line.is_empty() || line.starts_with("//") {
                continue;
            }
            // `const uint k = (uint)get_global_id(0);`: the work-item's index under its name.
            if let Some((decl, id)) = line.split_once(" = (uint)get_global_id(") {
                let name = decl.split_whitespace().last().unwrap();
                let value = if id.starts_with('0') { i } else { b };
                self.vars.insert(name.to_string(), Val::Int(value));
                continue;
            }
            if let Some(cond) = line.strip_prefix("if (").and_then(|l| l.strip_suffix(')')) {
                let taken = self.eval(cond).f() != 0.0;
                match lines.next().unwrap().trim() {
                    "return;" if taken => return,
                    "return;" => {}
                    // A block: its statements run where the condition holds, else are skipped
                    // (no nesting in these kernels).
                    "{" if !taken => while lines.next().unwrap().trim() != "}" {},
                    "{" => {}
                    other => panic!("unexpected statement after if: {other}"),
                }
                continue;
            }
            if line == "}" {
                continue;
            }
            let statement = line.strip_suffix(';').expect("statements end with ;");
            let (target, expr) = statement.split_once(" = ").expect("an assignment");
            let value = self.eval(expr);
            if let Some(name) = target.strip_prefix("const ") {
                let name = name.split_whitespace().last().unwrap();
                self.vars.insert(name.to_string(), value);
            } else {
                let (array, index) = target.strip_suffix(']').unwrap().split_once('[').unwrap();
                let index = self.eval(index).i() as usize;
                self.arrays.get_mut(array).unwrap()[index] = value.f();
            }
        }
    }
}

/// Runs `spec`'s kernel on `input` for `batch` rows of `len` reals (row distance `dist`):
/// the arguments from its ABI, the launch over (row values, batch). Returns `y`.
fn run_kernel(
    spec: RealSpec,
    len: usize,
    batch: usize,
    dist: usize,
    input: Vec<f64>,
    out: usize,
) -> Vec<f64> {
    let kernel = emit(&KernelSpec::Real(spec)).unwrap();
    let source = kernel.source.as_ref();
    let open = source.find("\n{\n").unwrap();
    let body: Vec<&str> = source[open + 3..source.len() - 2].lines().collect();
    let params = LaunchParams {
        padded: if len % 2 == 1 { len } else { len / 2 },
        real_dist: dist,
        ..LaunchParams::stockham(len, batch, 1)
    };
    let k = KernelSpec::Real(spec);
    let mut arrays = BTreeMap::new();
    let mut vars = BTreeMap::new();
    arrays.insert("x".to_string(), input);
    arrays.insert("y".to_string(), vec![f64::NAN; out]);
    for arg in kernel.abi.args {
        match arg.kind {
            ArgKind::Table(table) => {
                let values = table.values(&k, &params);
                let flat = values.iter().flat_map(|v| [v.re, v.im]).collect();
                arrays.insert(arg.name.to_string(), flat);
            }
            ArgKind::Uint(u) => {
                vars.insert(arg.name.to_string(), Val::Int(u.value(&k, &params) as i64));
            }
            ArgKind::Scale => {
                vars.insert(arg.name.to_string(), Val::Float(1.0));
            }
            _ => {}
        }
    }
    let row = UintArg::RowItems.value(&k, &params);
    let group = fft_core::kernel::GUARDED_GROUP;
    let mut machine = Machine {
        vars,
        arrays: &mut arrays,
    };
    for b in 0..batch {
        // The whole rounded-up row of work-items: the guard must stop the extra ones.
        for i in 0..row.div_ceil(group) * group {
            machine.run(&body, i as i64, b as i64);
        }
    }
    arrays.remove("y").unwrap()
}

fn pairs(values: &[Complex64]) -> Vec<f64> {
    values.iter().flat_map(|v| [v.re, v.im]).collect()
}

fn complex(values: &[f64]) -> Vec<Complex64> {
    values
        .chunks(2)
        .map(|p| Complex64::new(p[0], p[1]))
        .collect()
}

fn close(got: &[f64], want: &[f64], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= 1e-9 * (1.0 + w.abs()),
            "{what}: value {i}: {g} != {w}"
        );
    }
}

#[test]
fn real_steps_compute_their_definitions() {
    let specs: Vec<RealSpec> = catalog()
        .into_iter()
        .filter_map(|s| match s {
            KernelSpec::Real(r) => Some(r),
            _ => None,
        })
        .collect();
    assert_eq!(specs.len(), 16);
    for spec in specs {
        for len in [1usize, 2, 6, 7, 16, 15] {
            if (len % 2 == 1) != spec.odd {
                continue;
            }
            let batch = 2;
            let h1 = len / 2 + 1;
            let c = if spec.odd { len } else { len / 2 };
            let layout = if len % 3 == 0 {
                RealLayout::Padded
            } else {
                RealLayout::Compact
            };
            let dist = layout.row_distance(len);
            let reals: Vec<f64> = random_signal(len * batch, len as u64)
                .iter()
                .map(|v| v.re)
                .collect();
            let mut rows = vec![0.0; dist * batch];
            for (row, chunk) in rows.chunks_mut(dist).zip(reals.chunks(len)) {
                row[..len].copy_from_slice(chunk);
            }
            // The complex sequences the FFT transforms: pairs (even) or reals (odd).
            let packed: Vec<Complex64> = reals
                .chunks(len)
                .flat_map(|row| {
                    if spec.odd {
                        row.iter()
                            .map(|&v| Complex64::new(v, 0.0))
                            .collect::<Vec<_>>()
                    } else {
                        row.chunks(2).map(|p| Complex64::new(p[0], p[1])).collect()
                    }
                })
                .collect();
            let name = format!("{} N = {len}", spec.name());
            match spec.step {
                RealStep::Pack => {
                    let y = run_kernel(spec, len, batch, dist, rows, 2 * c * batch);
                    close(&y, &pairs(&packed), &name);
                }
                RealStep::Split => {
                    let spectra: Vec<Complex64> = packed
                        .chunks(c)
                        .flat_map(|z| host_fft(z, Direction::Forward))
                        .collect();
                    let y = run_kernel(spec, len, batch, dist, pairs(&spectra), 2 * h1 * batch);
                    let want: Vec<Complex64> = reals.chunks(len).flat_map(rfft_reference).collect();
                    close(&y, &pairs(&want), &name);
                }
                RealStep::Merge => {
                    // A half spectrum with non-zero imaginary DC (and Nyquist): ignored.
                    let mut half: Vec<Complex64> =
                        reals.chunks(len).flat_map(rfft_reference).collect();
                    for row in half.chunks_mut(h1) {
                        row[0].im = 0.75;
                        if !spec.odd {
                            row[h1 - 1].im = -0.5;
                        }
                    }
                    let y = run_kernel(spec, len, batch, dist, pairs(&half), 2 * c * batch);
                    // The inverse c-point FFT of the merge is the unscaled irfft: len * x,
                    // as pairs (even) or with zero imaginary parts (odd).
                    let back: Vec<Complex64> = complex(&y)
                        .chunks(c)
                        .flat_map(|z| host_fft(z, Direction::Inverse))
                        .collect();
                    let want: Vec<Complex64> = packed.iter().map(|v| v * len as f64).collect();
                    close(&pairs(&back), &pairs(&want), &name);
                    if spec.odd {
                        // The Hermitian extension itself, DC made real.
                        let full: Vec<Complex64> = half
                            .chunks(h1)
                            .flat_map(|row| hermitian_extension(row, len))
                            .collect();
                        close(&y, &pairs(&full), &name);
                    }
                }
                RealStep::Unpack => {
                    let y = run_kernel(spec, len, batch, dist, pairs(&packed), dist * batch);
                    for (b, row) in y.chunks(dist).enumerate() {
                        close(&row[..len], &reals[b * len..(b + 1) * len], &name);
                        // Padding reals are never written.
                        assert!(row[len..].iter().all(|v| v.is_nan()), "{name}");
                    }
                }
            }
        }
    }
}
