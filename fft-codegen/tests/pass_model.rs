//! A CPU model of the global radix pass, with the indexing the emitted kernels use
//! (DESIGN.md 4.1 and the ABI in `fft_core::kernel`): chaining passes for p = 1, R, R^2,
//! ... (a smaller radix last) must give the DFT. This pins the index formulas the kernel
//! text implements to the butterflies the generator builds, without a device.

use fft_codegen::evaluate::evaluate;
use fft_codegen::{kernel_butterfly, Direction, RadixSpec};
use fft_core::{bit_reverse, naive_dft, unit_root, Complex64};

/// One pass over `batch` sequences of `n` points: what `t * batch` work-items do.
fn pass(x: &[Complex64], n: usize, radix: usize, p: usize, direction: Direction) -> Vec<Complex64> {
    let graph = kernel_butterfly(&RadixSpec {
        direction,
        ..RadixSpec::new(radix as u32)
    })
    .unwrap();
    let t = n / radix;
    let bits = radix.trailing_zeros();
    let mut y = vec![Complex64::new(f64::NAN, f64::NAN); x.len()];
    for g in 0..x.len() / radix {
        let i = g & (t - 1);
        let base = (g - i) * radix;
        let k = i & (p - 1);
        let inputs: Vec<Complex64> = (0..radix)
            .map(|m| x[base + i + m * t] * unit_root((k * m) as i64, (radix * p) as u64, direction))
            .collect();
        let slots = evaluate(&graph, &inputs);
        let dst = base + (i - k) * radix + k;
        for (s, value) in slots.into_iter().enumerate() {
            y[dst + bit_reverse(s, bits) * p] = value;
        }
    }
    y
}

#[test]
fn chained_passes_compute_the_dft() {
    let cases: [(usize, &[usize]); 6] = [
        (16, &[16]),
        (64, &[4, 4, 4]),
        (512, &[8, 8, 8]),
        (1024, &[16, 16, 4]),
        (2048, &[64, 32]),
        (128, &[2, 64]),
    ];
    for direction in [Direction::Forward, Direction::Inverse] {
        for (n, radices) in cases {
            let batch = 3;
            let x: Vec<Complex64> = (0..n * batch)
                .map(|j| Complex64::new((j as f64 * 0.37).sin(), (j as f64 * 1.3).cos()))
                .collect();
            let mut data = x.clone();
            let mut p = 1;
            for &radix in radices {
                data = pass(&data, n, radix, p, direction);
                p *= radix;
            }
            for s in 0..batch {
                let want = naive_dft(&x[s * n..(s + 1) * n], direction);
                for (q, (got, want)) in data[s * n..(s + 1) * n].iter().zip(&want).enumerate() {
                    assert!(
                        (got - want).norm() < 1e-10,
                        "{direction} N={n} {radices:?} sequence {s}: X[{q}] = {got}, want {want}"
                    );
                }
            }
        }
    }
}
