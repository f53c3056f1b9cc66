//! Multi-dimensional real transforms (issue 11 with issue 10): numpy's `rfftn` and `irfftn`,
//! the last axis the real one, against f64 oracles built from the 1-D real references and the
//! separable complex oracle; outputs pre-filled with NaN, the C2R input left unwritten, the
//! padded in-place layout, and the refusals.

use fft_core::kernel::{KernelSpec, RealLayout};
use fft_core::plan::Strategy;
use fft_core::{Complex64, Normalization};
use fft_runtime::ocl::{Buffer, OclPrm};
use fft_runtime::{Fft, FftFloat};
use num_complex::Complex;
use oclfft_tests::*;
use proptest::prelude::*;

fn check<T: FftFloat>(dims: &[usize], axes: &[usize], batch: usize) -> Result<(), String>
where
    Complex<T>: OclPrm,
{
    check_with::<T>(dims, axes, batch, Strategy::Auto, false)
}

/// [`check`] with the plans' pass family; `pitched`: the R2C must keep the half spectrum's
/// rows padded between its passes (`FusedSpec::pitched`), the C2R never does.
fn check_with<T: FftFloat>(
    dims: &[usize],
    axes: &[usize],
    batch: usize,
    strategy: Strategy,
    pitched: bool,
) -> Result<(), String>
where
    Complex<T>: OclPrm,
{
    let queue = test_queue();
    let total: usize = dims.iter().product::<usize>() * batch;
    let n = *dims.last().unwrap();
    let h = n / 2 + 1;
    let half_total = total / n * h;
    let reals: Vec<T> = random_signal(total, 3)
        .iter()
        .map(|v| T::from_f64(v.re))
        .collect();
    let r2c = Fft::<T>::builder(queue)
        .shape(dims)
        .axes(axes)
        .batch(batch)
        .strategy(strategy)
        .build_r2c()
        .map_err(|e| format!("{dims:?}: {e}"))?;
    if pitched && !has_pitched_passes(r2c.plan()) {
        return Err(format!(
            "R2C {dims:?}: no pitched passes in {}",
            r2c.plan().explain()
        ));
    }
    let spectrum = r2c.process(&reals).map_err(|e| e.to_string())?;
    assert_eq!(spectrum.len(), half_total);
    let x: Vec<f64> = reals.iter().map(|&v| v.into()).collect();
    let per = dims.iter().product::<usize>();
    let want: Vec<Complex64> = x
        .chunks(per)
        .flat_map(|t| rfftn_oracle(t, dims, axes))
        .collect();
    let n_all: usize = axes.iter().map(|&a| dims[a]).product();
    let tolerance = nd_tolerance::<T>(dims, axes);
    check_against(&to_f64(&spectrum), &want, half_total / batch, tolerance)
        .map_err(|e| format!("R2C {dims:?} axes {axes:?}: {e}"))?;

    // C2R of a random half spectrum into a NaN-filled buffer; the input is not written.
    let c2r = Fft::<T>::builder(queue)
        .shape(dims)
        .axes(axes)
        .batch(batch)
        .normalization(Normalization::Backward)
        .strategy(strategy)
        .build_c2r()
        .map_err(|e| e.to_string())?;
    if has_pitched_passes(c2r.plan()) {
        return Err(format!(
            "C2R {dims:?}: pitched passes in {}",
            c2r.plan().explain()
        ));
    }
    // A half spectrum of a real array (so the Hermitian parts agree): the R2C's own output.
    let input = Buffer::builder()
        .queue(queue.queue().clone())
        .len(half_total)
        .copy_host_slice(&spectrum)
        .build()
        .map_err(|e| e.to_string())?;
    let output = Buffer::<T>::builder()
        .queue(queue.queue().clone())
        .len(total)
        .fill_val(T::from_f64(f64::NAN))
        .build()
        .map_err(|e| e.to_string())?;
    c2r.enqueue(&input, &output, None)
        .map_err(|e| e.to_string())?
        .wait_for()
        .map_err(|e| e.to_string())?;
    let mut back = vec![T::from_f64(0.0); total];
    output.read(&mut back).enq().map_err(|e| e.to_string())?;
    let mut unchanged = spectrum.clone();
    input
        .read(&mut unchanged)
        .enq()
        .map_err(|e| e.to_string())?;
    if unchanged != spectrum {
        return Err(format!("C2R {dims:?}: the input buffer changed"));
    }
    let spectrum64 = to_f64(&spectrum);
    let want_back: Vec<f64> = spectrum64
        .chunks(half_total / batch)
        .flat_map(|s| irfftn_oracle(s, dims, axes))
        .map(|v| v / n_all as f64)
        .collect();
    let got_back: Vec<f64> = back.iter().map(|&v| v.into()).collect();
    let error = relative_l2(&got_back, &want_back);
    // NaN fails too: `within` is false for it.
    let within = |value: f64, bound: f64| value <= bound;
    if !within(error, tolerance.relative_l2 * 2.0) {
        return Err(format!(
            "C2R {dims:?} axes {axes:?}: relative L2 {error:.3e} (bound {:.3e})",
            tolerance.relative_l2 * 2.0
        ));
    }
    // The round trip gives the reals back.
    let round = relative_l2(&got_back, &x);
    if !within(round, tolerance.relative_l2 * 4.0) {
        return Err(format!("round trip {dims:?}: relative L2 {round:.3e}"));
    }
    Ok(())
}

#[test]
fn rfftn_and_irfftn_match_the_f64_references() {
    let cases: [(&[usize], &[usize], usize); 9] = [
        (&[8, 16], &[0, 1], 1),
        (&[16, 9], &[0, 1], 2),
        (&[5, 6, 10], &[0, 1, 2], 1),
        (&[4, 8, 8], &[0, 2], 3),
        (&[17, 12], &[0, 1], 1),
        (&[6, 13], &[0, 1], 1),
        (&[3, 100], &[1], 2),
        (&[1, 1, 2], &[0, 1, 2], 1),
        (&[32, 1], &[0, 1], 1),
    ];
    let mut failures = Vec::new();
    for (dims, axes, batch) in cases {
        for result in [
            check::<f32>(dims, axes, batch),
            check::<f64>(dims, axes, batch),
        ] {
            if let Err(e) = result {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn has_pitched_passes(plan: &fft_core::plan::Plan) -> bool {
    plan.passes
        .iter()
        .any(|p| matches!(&p.spec, KernelSpec::Fused(f) if f.pitched))
}

/// Fused passes (as on GPUs): the R2C's split writes the half spectrum's rows (`N/2 + 1`
/// values, not whole 32-byte sectors) padded, the pass along axis 1 runs over the padded
/// array and the pass along axis 0 writes compact rows; the C2R stays compact. f32 and f64
/// (whose pitch differs: 26 values of 16 bytes are whole sectors), batches.
#[test]
fn fused_real_volumes_keep_padded_half_rows_between_passes() {
    let cases: [(&[usize], usize, bool, bool); 3] = [
        // (dims, batch, pitched in f32, pitched in f64): rows of 31, 26 and 27 values.
        (&[6, 4, 60], 1, true, true),
        (&[4, 8, 50], 3, true, false),
        (&[12, 4, 52], 2, true, true),
    ];
    let mut failures = Vec::new();
    for (dims, batch, f32_pitched, f64_pitched) in cases {
        let axes: Vec<usize> = (0..dims.len()).collect();
        for result in [
            check_with::<f32>(dims, &axes, batch, Strategy::Fused, f32_pitched),
            check_with::<f64>(dims, &axes, batch, Strategy::Fused, f64_pitched),
        ] {
            if let Err(e) = result {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Leading dimensions and real lengths the property test draws from: the real lengths'
/// half spectra of 26, 31, 33, 51, 65 and 129 values are padded between fused passes
/// (f32), those of 9 and 64 values are not.
const LEADING: [usize; 7] = [1, 2, 3, 4, 5, 8, 12];
const REAL_LENGTHS: [usize; 8] = [16, 50, 60, 64, 100, 126, 128, 256];

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 16,
        failure_persistence: None,
        rng_algorithm: prop::test_runner::RngAlgorithm::ChaCha,
        ..ProptestConfig::default()
    })]

    /// Random 2-D and 3-D real shapes, batches, precisions and pass families (fused passes
    /// run on CPU devices too, with the padded half spectrum where it applies): R2C and C2R
    /// against the f64 references, outputs pre-filled with NaN, the round trip.
    #[test]
    fn random_real_shapes_match_the_oracle(
        leading in prop::collection::vec(prop::sample::select(&LEADING[..]), 1..=2),
        real in prop::sample::select(&REAL_LENGTHS[..]),
        batch in 1usize..=3,
        f64 in any::<bool>(),
        fused in any::<bool>(),
    ) {
        let mut dims = leading;
        dims.push(real);
        let axes: Vec<usize> = (0..dims.len()).collect();
        let strategy = if fused { Strategy::Fused } else { Strategy::Auto };
        let result = if f64 {
            check_with::<f64>(&dims, &axes, batch, strategy, false)
        } else {
            check_with::<f32>(&dims, &axes, batch, strategy, false)
        };
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
    }
}

#[test]
fn the_padded_layout_transforms_in_place() {
    let dims = [6usize, 10];
    let queue = test_queue();
    let r2c = Fft::<f32>::builder(queue)
        .shape(&dims)
        .real_layout(RealLayout::Padded)
        .build_r2c()
        .unwrap();
    // Rows of 2 * (10/2 + 1) = 12 reals, the last 2 of each row padding.
    assert_eq!(r2c.real_values(), 6 * 12);
    let x: Vec<f32> = random_signal(60, 5).iter().map(|v| v.re as f32).collect();
    let mut padded = vec![0.0f32; 72];
    for (row, values) in x.chunks(10).enumerate() {
        padded[row * 12..row * 12 + 10].copy_from_slice(values);
    }
    let data = Buffer::builder()
        .queue(queue.queue().clone())
        .len(72)
        .copy_host_slice(&padded)
        .build()
        .unwrap();
    r2c.enqueue_in_place(&data, None)
        .unwrap()
        .wait_for()
        .unwrap();
    let mut out = vec![0.0f32; 72];
    data.read(&mut out).enq().unwrap();
    let got: Vec<Complex64> = out
        .chunks(2)
        .map(|p| Complex64::new(p[0].into(), p[1].into()))
        .collect();
    let x64: Vec<f64> = x.iter().map(|&v| v.into()).collect();
    let want = rfftn_oracle(&x64, &dims, &[0, 1]);
    check_against(&got, &want, 36, nd_tolerance::<f32>(&dims, &[0, 1])).unwrap();
}

#[test]
fn real_shapes_are_refused_where_the_last_axis_is_not_transformed() {
    let message = Fft::<f32>::builder(test_queue())
        .shape(&[8, 8])
        .axes(&[0])
        .build_r2c()
        .unwrap_err()
        .to_string();
    assert!(message.contains("last axis, 1"), "{message}");
    let plan = Fft::<f32>::builder(test_queue())
        .shape(&[4, 6])
        .build_r2c()
        .unwrap();
    assert_eq!((plan.len(), plan.rows(), plan.batch()), (6, 4, 1));
    assert_eq!(plan.shape(), [4, 6]);
    assert_eq!(plan.spectrum_values(), 4 * 4);
    // A host slice of the wrong length: both sizes in the message.
    let message = plan.process(&[0.0f32; 23]).unwrap_err().to_string();
    assert!(
        message.contains("24") && message.contains("23"),
        "{message}"
    );
}
