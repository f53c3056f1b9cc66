//! Every global radix kernel of the catalog runs on the device and matches the oracle: each radix as the
//! only radix of a plan (two passes: stride 1, then stride R, so pass twiddles are exercised),
//! both directions, both precisions, every twiddle variant. On CPU devices, where table
//! twiddles default to the scalar kernels (tests/tests/cpu_kernels.rs), the float2 ones are
//! forced with `.kernel_form(KernelForm::Vector)`.

use fft_codegen::{catalog, Form, KernelSpec, Lengths, PassTable, RadixSpec, Twiddles, RADICES};
use fft_core::accuracy::Tolerance;
use fft_core::{Direction, Precision};
use fft_runtime::ocl::OclPrm;
use fft_runtime::{Fft, FftFloat, KernelForm, Strategy};
use num_complex::Complex;
use oclfft_tests::*;

/// How much an on-the-fly twiddle variant may add to the error of table twiddles.
/// `Chained` multiplies up to R-1 times, so its twiddle error grows with the radix.
fn twiddle_factor(twiddles: Twiddles, radix: u32) -> f64 {
    match twiddles {
        Twiddles::Table => 1.0,
        Twiddles::Sincos => 4.0,
        Twiddles::Native => 16.0,
        Twiddles::Chained => 4.0f64.max(f64::from(radix) / 2.0),
    }
}

fn check<T: FftFloat>(radix: u32, direction: Direction, twiddles: Twiddles) -> Result<(), String>
where
    Complex<T>: OclPrm,
{
    let len = (radix * radix) as usize;
    let batch = 3;
    let signal = to_device::<T>(&random_signal(len * batch, u64::from(radix)));
    let plan = Fft::<T>::builder(test_queue())
        .len(len)
        .batch(batch)
        .direction(direction)
        .twiddles(twiddles)
        .max_radix(radix)
        .strategy(Strategy::GlobalRadix)
        .kernel_form(KernelForm::Vector)
        .build()
        .map_err(|e| e.to_string())?;
    let spec = KernelSpec::Radix(RadixSpec {
        radix,
        direction,
        precision: T::PRECISION,
        twiddles,
        form: Form::Vector,
        lengths: Lengths::PowerOfTwo,
        table: PassTable::OneLevel,
    });
    assert!(
        plan.plan().passes.iter().all(|p| p.spec == spec),
        "{}",
        plan.explain()
    );
    let mut data = signal.clone();
    plan.process(&mut data).map_err(|e| e.to_string())?;
    let want = batched_oracle(&to_f64(&signal), len, direction, 1.0);
    let log2 = len.trailing_zeros();
    let bound = Tolerance::for_transform(T::PRECISION, log2, twiddle_factor(twiddles, radix));
    check_against(&to_f64(&data), &want, len, bound).map(|_| ())
}

#[test]
fn every_catalog_kernel_matches_the_oracle() {
    let mut failures = Vec::new();
    let specs: Vec<RadixSpec> = catalog()
        .into_iter()
        .filter_map(|spec| match spec {
            KernelSpec::Radix(radix)
                if radix.form == Form::Vector
                    && radix.lengths == Lengths::PowerOfTwo
                    && radix.table == PassTable::OneLevel =>
            {
                Some(radix)
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        specs.len(),
        6 * 2 * 2 * 4,
        "catalog size changed: update this test's expectations"
    );
    for spec in specs {
        let result = match spec.precision {
            Precision::F32 => check::<f32>(spec.radix, spec.direction, spec.twiddles),
            Precision::F64 => check::<f64>(spec.radix, spec.direction, spec.twiddles),
        };
        if let Err(e) = result {
            failures.push(format!("{}: {e}", spec.name()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} kernels failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A global radix plan whose last pass reads a two-level twiddle table (its one-level table
/// would hold more than 2^15 values), vector form, every radix, both directions and
/// precisions, one transform: every `_hilo` kernel of the catalog runs and matches the oracle.
#[test]
fn two_level_pass_tables_match_the_oracle() {
    fn check_two_level<T: FftFloat>(radix: u32, direction: Direction) -> Result<usize, String>
    where
        Complex<T>: OclPrm,
    {
        // The smallest power of the radix whose last pass has (R - 1) * p > 2^15.
        let mut len = radix as usize;
        while (radix as usize - 1) * (len / radix as usize) <= 1 << 15 {
            len *= radix as usize;
        }
        let plan = Fft::<T>::builder(test_queue())
            .len(len)
            .direction(direction)
            .max_radix(radix)
            .strategy(Strategy::GlobalRadix)
            .kernel_form(KernelForm::Vector)
            .build()
            .map_err(|e| e.to_string())?;
        let two_level = plan
            .entry_points()
            .iter()
            .filter(|e| e.ends_with("_hilo"))
            .count();
        assert!(two_level >= 1, "{}", plan.explain());
        let signal = to_device::<T>(&random_signal(len, u64::from(radix) + 100));
        let mut data = signal.clone();
        plan.process(&mut data).map_err(|e| e.to_string())?;
        let want = oracle(&to_f64(&signal), direction);
        let bound = Tolerance::for_transform(T::PRECISION, len.trailing_zeros(), 1.0);
        check_against(&to_f64(&data), &want, len, bound).map(|_| two_level)
    }
    let mut failures = Vec::new();
    for radix in RADICES {
        for direction in [Direction::Forward, Direction::Inverse] {
            for result in [
                check_two_level::<f32>(radix, direction),
                check_two_level::<f64>(radix, direction),
            ] {
                if let Err(e) = result {
                    failures.push(format!("radix {radix} {direction:?}: {e}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
