//! A CPU model of the fused local-memory pass (`fft_codegen::fused`), in f64: the load phase
//! with the two-level pass twiddles, the local Stockham stages running the generator's
//! simplified butterflies (through its evaluator) with stage twiddles from a table, the store
//! phase, the `pad` layout and the `g < total` guards, work-item by work-item as the kernel
//! does. Chaining passes with p = 1, L1, L1*L2 must give the DFT for every fused length,
//! both directions and both precisions' column counts, with batches that leave the last
//! work-group partly empty.

use fft_codegen::evaluate::evaluate;
use fft_codegen::fused_spec::PAD_STEP;
use fft_codegen::ir::Graph;
use fft_codegen::{fused_catalog, fused_stage_butterfly, Direction, FusedSpec, Precision};
use fft_core::accuracy::relative_l2_error;
use fft_core::{bit_reverse, reference_fft, unit_root, Complex64};
use std::collections::BTreeMap;

fn pad(e: usize) -> usize {
    e + e / PAD_STEP as usize
}

fn nan() -> Complex64 {
    Complex64::new(f64::NAN, f64::NAN)
}

/// What one work-item knows before it touches memory.
struct Item {
    /// Column c.
    c: usize,
    /// Position j within its sub-FFT.
    j: usize,
    /// Sub-FFT g.
    g: usize,
    i: usize,
    k: usize,
    base: usize,
}

/// One launch of the fused kernel of `spec` over `x` (`total = x.len() / len` sub-FFTs),
/// with the pass-twiddle table split at `h`. Unwritten outputs stay NaN.
fn fused_pass(
    x: &[Complex64],
    spec: &FusedSpec,
    p: usize,
    t: usize,
    h: u32,
    scale: f64,
) -> Vec<Complex64> {
    let direction = spec.direction;
    let l = spec.len as usize;
    let cols = spec.columns() as usize;
    let group = spec.work_group_size() as usize;
    let radix = spec.radix() as usize;
    let per = l / radix;
    let total = x.len() / l;
    assert_eq!(group, cols * per);

    // Host tables, exact in f64.
    let stage_tw: Vec<Complex64> = (0..l)
        .map(|s| unit_root(s as i64, l as u64, direction))
        .collect();
    let span = (l * p) as u64;
    let hi: Vec<Complex64> = (0..(span >> h).max(1))
        .map(|a| unit_root((a << h) as i64, span, direction))
        .collect();
    let lo: Vec<Complex64> = (0..1u64 << h)
        .map(|b| unit_root(b as i64, span, direction))
        .collect();
    let mask = (1usize << h) - 1;
    let pass_twiddle = |s: usize| hi[s >> h] * lo[s & mask];
    let graphs: BTreeMap<u32, Graph> = spec
        .stage_radices()
        .into_iter()
        .map(|r| (r, fused_stage_butterfly(spec, r).unwrap()))
        .collect();

    let mut y = vec![nan(); x.len()];
    for grp in 0..total.div_ceil(cols) {
        let item = |lid: usize| {
            let c = lid % cols;
            let g = grp * cols + c;
            let i = g & (t - 1);
            Item {
                c,
                j: lid / cols,
                g,
                i,
                k: i & (p - 1),
                base: (g - i) * l,
            }
        };
        let mut buf = vec![nan(); spec.local_len() as usize];
        let mut written = vec![false; buf.len()];

        // Load phase.
        for lid in 0..group {
            let w = item(lid);
            if w.g >= total {
                continue;
            }
            for it in 0..radix {
                let m = w.j + it * per;
                let e = lid + it * group;
                assert_eq!((e / cols, e % cols), (m, w.c));
                let mut v = x[w.base + w.i + m * t];
                if p > 1 {
                    v *= pass_twiddle(w.k * m);
                }
                assert!(!written[pad(e)], "load writes slot {e} twice");
                written[pad(e)] = true;
                buf[pad(e)] = v;
            }
        }

        // Local Stockham stages: every work-item reads, barrier, every work-item writes.
        let mut ps = 1;
        for r in spec.stage_radices() {
            let r_us = r as usize;
            let bits = r.trailing_zeros();
            let graph = &graphs[&r];
            let mut writes = Vec::new();
            for lid in 0..group {
                let w = item(lid);
                for u in 0..radix / r_us {
                    let b = w.j + u * per;
                    let kk = b & (ps - 1);
                    let inputs: Vec<Complex64> = (0..r_us)
                        .map(|m| {
                            let v = buf[pad((b + m * (l / r_us)) * cols + w.c)];
                            if ps > 1 {
                                v * stage_tw[(kk * m) * (l / (r_us * ps))]
                            } else {
                                v
                            }
                        })
                        .collect();
                    for (s, v) in evaluate(graph, &inputs).into_iter().enumerate() {
                        let point = (b - kk) * r_us + kk + bit_reverse(s, bits) * ps;
                        writes.push((pad(point * cols + w.c), v));
                    }
                }
            }
            let mut seen = vec![false; buf.len()];
            for (index, v) in writes {
                assert!(!seen[index], "stage of radix {r} writes {index} twice");
                seen[index] = true;
                buf[index] = v;
            }
            assert_eq!(
                seen.iter().filter(|s| **s).count(),
                cols * l,
                "stage of radix {r} must write every element once"
            );
            ps *= r_us;
        }

        // Store phase.
        for lid in 0..group {
            let w = item(lid);
            if w.g >= total {
                continue;
            }
            for it in 0..radix {
                let q = w.j + it * per;
                let e = lid + it * group;
                y[w.base + (w.i - w.k) * l + w.k + q * p] = buf[pad(e)] * scale;
            }
        }
    }
    y
}

fn signal(len: usize) -> Vec<Complex64> {
    (0..len)
        .map(|j| Complex64::new((j as f64 * 0.37).sin(), (j as f64 * 1.3 + 0.2).cos()))
        .collect()
}

fn spec(len: u32, direction: Direction, precision: Precision) -> FusedSpec {
    FusedSpec {
        len,
        direction,
        precision,
    }
}

/// Runs the fused passes `lens` (p = 1, L1, L1*L2, ...) over `batch` sequences of their
/// product and checks every sequence against the reference FFT, times `scale` on the last
/// pass. `split` picks the pass-twiddle split h from the span's bit count.
fn check_chain(
    lens: &[u32],
    batch: usize,
    direction: Direction,
    precision: Precision,
    split: impl Fn(u32) -> u32,
) {
    let n: usize = lens.iter().map(|&l| l as usize).product();
    let x = signal(n * batch);
    let scale = 0.5;
    let mut data = x.clone();
    let mut p = 1;
    for (pass, &len) in lens.iter().enumerate() {
        let spec = spec(len, direction, precision);
        let span_bits = (len as usize * p).trailing_zeros();
        let last = pass + 1 == lens.len();
        let s = if last { scale } else { 1.0 };
        data = fused_pass(&data, &spec, p, n / len as usize, split(span_bits), s);
        p *= len as usize;
    }
    for seq in 0..batch {
        let range = seq * n..(seq + 1) * n;
        let want: Vec<Complex64> = reference_fft(&x[range.clone()], direction)
            .unwrap()
            .into_iter()
            .map(|v| v * scale)
            .collect();
        let got = &data[range];
        let err = relative_l2_error(got, &want);
        assert!(
            err < 1e-12,
            "{direction} {precision} passes {lens:?} batch {batch}: sequence {seq} errs {err}"
        );
    }
}

/// The runtime's split: h = ceil(bits / 2).
fn balanced(bits: u32) -> u32 {
    bits.div_ceil(2)
}

#[test]
fn single_pass_equals_the_dft_for_every_catalog_kernel() {
    for spec in fused_catalog() {
        let cols = spec.columns() as usize;
        // A full work-group and a partly filled one.
        let batch = if cols == 1 { 2 } else { 2 * cols - 1 };
        check_chain(&[spec.len], batch, spec.direction, spec.precision, balanced);
    }
}

#[test]
fn two_passes_equal_the_dft_with_every_len_first_and_last() {
    let lens: Vec<u32> = (1..=12).map(|b| 1 << b).collect();
    for spec in fused_catalog() {
        let index = lens.iter().position(|&l| l == spec.len).unwrap();
        // A partner from small to medium, so N stays <= 2^16 and p < C occurs.
        let partner = lens[(index * 5 + 2) % 7];
        for pair in [[spec.len, partner], [partner, spec.len]] {
            check_chain(&pair, 3, spec.direction, spec.precision, balanced);
        }
    }
}

#[test]
fn three_passes_equal_the_dft() {
    let chains: [&[u32]; 7] = [
        &[16, 16, 16],
        &[2, 4, 8],
        &[2, 2, 2],
        &[8, 2048, 2],
        &[32, 64, 16],
        &[512, 4, 128],
        &[4, 1024, 8],
    ];
    for direction in [Direction::Forward, Direction::Inverse] {
        for precision in [Precision::F32, Precision::F64] {
            for lens in chains {
                check_chain(lens, 3, direction, precision, balanced);
            }
        }
    }
}

#[test]
fn any_pass_twiddle_split_works() {
    // h = 0 (hi is the whole table), h = all bits (lo is), and the balanced split.
    let splits: [fn(u32) -> u32; 3] = [|_| 0, |bits| bits, balanced];
    for split in splits {
        check_chain(&[64, 32], 3, Direction::Forward, Precision::F32, split);
        check_chain(&[8, 4, 256], 5, Direction::Inverse, Precision::F64, split);
    }
}
