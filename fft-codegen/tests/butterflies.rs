//! The generated butterflies compute the DFT: the IR, evaluated on the CPU in f64, equals
//! `fft_core::naive_dft` for every kernel of the catalog, before and after simplification.

use fft_codegen::angle::AngleKind;
use fft_codegen::butterfly::{butterfly, output_slot};
use fft_codegen::evaluate::evaluate;
use fft_codegen::ir::{Graph, Op};
mod common;

use common::vector_specs;
use fft_codegen::{
    kernel_butterfly, CodegenError, Direction, KernelSpec, OpCounts, RadixSpec, SpecError,
};
use fft_core::{naive_dft, Complex64};

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    }

    fn signal(&mut self, n: usize) -> Vec<Complex64> {
        (0..n)
            .map(|_| Complex64::new(self.unit(), self.unit()))
            .collect()
    }
}

/// Evaluates `graph` on random inputs and compares the slot of `X[q]` with it.
fn assert_computes_dft(graph: &Graph, radix: usize, direction: Direction, what: &str) {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ radix as u64);
    for _ in 0..4 {
        let x = rng.signal(radix);
        let want = naive_dft(&x, direction);
        let slots = evaluate(graph, &x);
        assert_eq!(slots.len(), radix, "{what}: wrong number of outputs");
        for (q, want) in want.iter().enumerate() {
            let s = output_slot(radix as u32, q);
            let got = slots[s];
            let err = (got - want).norm();
            assert!(
                err < 1e-13 * radix as f64,
                "{what}: slot {s} should hold X[{q}] = {want}, got {got} (error {err:e})"
            );
        }
    }
}

#[test]
fn every_catalog_butterfly_equals_the_naive_dft() {
    for spec in vector_specs() {
        let radix = spec.radix as usize;
        let raw = butterfly(spec.radix, spec.direction).unwrap();
        assert_computes_dft(&raw, radix, spec.direction, &format!("raw {spec:?}"));
        let simplified = kernel_butterfly(&spec).unwrap();
        assert_computes_dft(&simplified, radix, spec.direction, &format!("{spec:?}"));
    }
}

#[test]
fn impulses_pick_single_columns() {
    // x = e_m gives X[q] = W^(q*m): a sharper check of every twiddle sign than random data.
    for direction in [Direction::Forward, Direction::Inverse] {
        for radix in [8usize, 64, 3, 7, 13, 15, 25] {
            let graph = kernel_butterfly(&RadixSpec {
                direction,
                ..RadixSpec::new(radix as u32)
            })
            .unwrap();
            for m in 0..radix {
                let mut x = vec![Complex64::new(0.0, 0.0); radix];
                x[m] = Complex64::new(1.0, 0.0);
                let slots = evaluate(&graph, &x);
                for q in 0..radix {
                    let got = slots[output_slot(radix as u32, q)];
                    let want = fft_core::unit_root((q * m) as i64, radix as u64, direction);
                    assert!(
                        (got - want).norm() < 1e-14,
                        "{direction} radix {radix} m {m} q {q}"
                    );
                }
            }
        }
    }
}

#[test]
fn simplified_graphs_keep_no_trivial_constant() {
    for spec in vector_specs() {
        let graph = kernel_butterfly(&spec).unwrap();
        for op in graph.nodes() {
            match *op {
                Op::Twiddle(_, angle) => assert_eq!(angle.kind(), AngleKind::General, "{spec:?}"),
                Op::Add(a, b) | Op::Sub(a, b) => {
                    for operand in [a, b] {
                        assert!(
                            !matches!(graph.op(operand), Op::Neg(_)),
                            "{spec:?}: a negation was not folded into {op:?}"
                        );
                    }
                }
                _ => {}
            }
        }
    }
}

fn counts(radix: u32, direction: Direction) -> OpCounts {
    let spec = RadixSpec {
        direction,
        ..RadixSpec::new(radix)
    };
    kernel_butterfly(&spec).unwrap().op_counts()
}

fn ops(complex_adds: u32, constant_muls: u32, trivial_rotations: u32) -> OpCounts {
    OpCounts {
        complex_adds,
        constant_muls,
        trivial_rotations,
        real_scales: 0,
    }
}

/// Radix R = 2^b: every one of the b radix-2 levels adds and subtracts R values, so
/// R * log2 R complex additions. The first level of a block of n multiplies its n/2
/// differences by W_n^j: j = 0 is free, j = n/4 is a rotation by -i (+i inverse), the other
/// n/2 - 2 are mul_pXqY helpers (n >= 8). Hence, with C(2) = C(4) = 0 and T(2) = 0:
/// C(R) = R/2 - 2 + 2 C(R/2) and T(R) = 1 + 2 T(R/2), so T(R) = R/2 - 1.
#[test]
fn operation_counts() {
    for direction in [Direction::Forward, Direction::Inverse] {
        assert_eq!(counts(2, direction), ops(2, 0, 0));
        assert_eq!(counts(4, direction), ops(8, 0, 1));
        // 2 * radix-4 + 8 adds; W_8^1 and W_8^3 helpers, W_8^2 a rotation.
        assert_eq!(counts(8, direction), ops(24, 2, 3));
        // 2 * radix-8 + 16 adds; 6 helpers (j = 1, 2, 3, 5, 6, 7), 1 rotation (j = 4).
        assert_eq!(counts(16, direction), ops(64, 10, 7));
        assert_eq!(counts(32, direction), ops(160, 34, 15));
        assert_eq!(counts(64, direction), ops(384, 98, 31));
    }
}

/// A prime p in the symmetric-pair form: (p-1)/2 pairs (2 additions each), X_0 ((p-1)/2
/// additions), and for each of the (p-1)/2 pairs of outputs: (p-1)/2 additions into A_k,
/// (p-3)/2 into B_k, 2 for X_k and X_(p-k); 2 real-constant products per pair and output
/// pair; one rotation (-i) per output pair.
#[test]
fn odd_operation_counts() {
    for p in [3u32, 5, 7, 11, 13] {
        let h = (p - 1) / 2;
        let want = OpCounts {
            complex_adds: 2 * h + h + h * (h + (h - 1) + 2),
            constant_muls: 0,
            trivial_rotations: h,
            real_scales: 2 * h * h,
        };
        assert_eq!(counts(p, Direction::Forward), want, "radix {p}");
        assert_eq!(counts(p, Direction::Inverse), want, "radix {p}");
    }
}

#[test]
fn unsupported_radices_are_errors() {
    for radix in [0, 1, 17, 66, 128, u32::MAX] {
        assert_eq!(
            butterfly(radix, Direction::Forward).unwrap_err(),
            CodegenError::Spec(SpecError::UnsupportedRadix(radix))
        );
        assert!(fft_codegen::emit(&KernelSpec::Radix(RadixSpec::new(radix))).is_err());
    }
}
