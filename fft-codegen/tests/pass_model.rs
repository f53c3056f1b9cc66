//! A CPU model of the global radix pass (vector form), evaluating the index expressions the
//! kernel is written with (`fft_codegen::indexing::radix_pass`): chaining passes for p = 1,
//! R, R^2, ... (a smaller radix last) must give the DFT. The index formulas are the kernel's
//! own, not restated here, so a wrong index in the kernel fails this test without a device.

use fft_codegen::evaluate::evaluate;
use fft_codegen::index::Env;
use fft_codegen::indexing::{radix_pass, RadixPassIndices};
use fft_codegen::{kernel_butterfly, Direction, Lengths, RadixSpec};
use fft_core::{bit_reverse, naive_dft, unit_root, Complex64};

/// One pass over `batch` sequences of `n` points: what `t * batch` work-items do.
fn pass(
    x: &[Complex64],
    n: usize,
    spec: &RadixSpec,
    indices: &RadixPassIndices,
    p: usize,
) -> Result<Vec<Complex64>, String> {
    let graph = kernel_butterfly(spec).unwrap();
    let radix = spec.radix as usize;
    let t = n / radix;
    let bits = radix.trailing_zeros();
    let mut y = vec![Complex64::new(f64::NAN, f64::NAN); x.len()];
    let mut written = vec![false; x.len()];
    for g in 0..x.len() / radix {
        let env = Env::new()
            .with("get_global_id(0)", g as u64)
            .with("t", t as u64)
            .with("p", p as u64);
        let env = indices.roles.evaluate(&env).unwrap();
        let k = env.get("k").unwrap() as usize;
        let inputs: Vec<Complex64> = indices
            .inputs
            .iter()
            .enumerate()
            .map(|(m, at)| {
                let twiddle = unit_root((k * m) as i64, (radix * p) as u64, spec.direction);
                x.get(at.value(&env) as usize).map(|v| v * twiddle)
            })
            .collect::<Option<_>>()
            .ok_or(format!("work-item {g} reads past the input"))?;
        let slots = evaluate(&graph, &inputs);
        for (q, at) in indices.outputs.iter().enumerate() {
            let at = at.value(&env) as usize;
            if written.get(at) != Some(&false) {
                return Err(format!(
                    "work-item {g} writes y[{at}] twice or past the end"
                ));
            }
            written[at] = true;
            // Slot s holds X[bitrev(s)] for powers of two, X[s] otherwise.
            let slot = if radix.is_power_of_two() {
                bit_reverse(q, bits)
            } else {
                q
            };
            y[at] = slots[slot];
        }
    }
    Ok(y)
}

/// Chains the passes `radices` over 3 sequences of `n` points, each pass's indices through
/// `indices` (the kernel's, or a test's altered copy), and returns the largest error against
/// the DFT, or the first bad access.
fn chain_error(
    n: usize,
    radices: &[u32],
    lengths: Lengths,
    direction: Direction,
    indices: impl Fn(&RadixSpec) -> RadixPassIndices,
) -> Result<f64, String> {
    let batch = 3;
    let x: Vec<Complex64> = (0..n * batch)
        .map(|j| Complex64::new((j as f64 * 0.37).sin(), (j as f64 * 1.3).cos()))
        .collect();
    let mut data = x.clone();
    let mut p = 1;
    for &radix in radices {
        let spec = RadixSpec {
            direction,
            lengths,
            ..RadixSpec::new(radix)
        };
        data = pass(&data, n, &spec, &indices(&spec), p)?;
        p *= radix as usize;
    }
    let mut worst = 0.0f64;
    for s in 0..batch {
        let want = naive_dft(&x[s * n..(s + 1) * n], direction);
        for (got, want) in data[s * n..(s + 1) * n].iter().zip(&want) {
            // NaN (an element never written) counts as infinitely wrong.
            let err = (got - want).norm();
            worst = if err.is_nan() {
                f64::INFINITY
            } else {
                worst.max(err)
            };
        }
    }
    Ok(worst)
}

fn kernel_indices(spec: &RadixSpec) -> RadixPassIndices {
    radix_pass(spec).unwrap()
}

fn check_chain(n: usize, radices: &[u32], lengths: Lengths, direction: Direction) {
    let err = chain_error(n, radices, lengths, direction, kernel_indices);
    assert!(
        matches!(err, Ok(e) if e < 1e-10),
        "{direction} N={n} {radices:?}: {err:?}"
    );
}

#[test]
fn chained_passes_compute_the_dft() {
    let cases: [(usize, &[u32]); 6] = [
        (16, &[16]),
        (64, &[4, 4, 4]),
        (512, &[8, 8, 8]),
        (1024, &[16, 16, 4]),
        (2048, &[64, 32]),
        (128, &[2, 64]),
    ];
    for direction in [Direction::Forward, Direction::Inverse] {
        for (n, radices) in cases {
            check_chain(n, radices, Lengths::PowerOfTwo, direction);
        }
    }
}

#[test]
fn chained_mixed_radix_passes_compute_the_dft() {
    // Any length: t and p are not powers of two, so the kernel divides (`g % t`, `i % p`).
    let cases: [(usize, &[u32]); 5] = [
        (15, &[3, 5]),
        (60, &[4, 3, 5]),
        (105, &[7, 5, 3]),
        (143, &[11, 13]),
        (96, &[2, 16, 3]),
    ];
    for direction in [Direction::Forward, Direction::Inverse] {
        for (n, radices) in cases {
            check_chain(n, radices, Lengths::Any, direction);
        }
    }
}

#[test]
fn a_wrong_index_fails_the_model() {
    // The model runs on the kernel's expressions: an output stride of t instead of p, or a
    // twiddle index off by one work-item, must give a wrong transform.
    use fft_codegen::index::Expr;
    let stride_t = |spec: &RadixSpec| {
        let mut indices = radix_pass(spec).unwrap();
        indices.outputs = (0..u64::from(spec.radix))
            .map(|q| Expr::var("dst").plus(Expr::lit(q).times(Expr::var("t"))))
            .collect();
        indices
    };
    let err = chain_error(
        64,
        &[4, 4, 4],
        Lengths::PowerOfTwo,
        Direction::Forward,
        stride_t,
    );
    assert!(err.is_err(), "output stride t went unnoticed: {err:?}");
    let reversed = |spec: &RadixSpec| {
        let mut indices = radix_pass(spec).unwrap();
        indices.inputs.reverse();
        indices
    };
    let err = chain_error(60, &[4, 3, 5], Lengths::Any, Direction::Inverse, reversed);
    assert!(
        matches!(err, Ok(e) if e > 1e-3),
        "reversed inputs went unnoticed: {err:?}"
    );
}
