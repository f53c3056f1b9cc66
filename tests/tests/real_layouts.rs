//! Layouts of real transforms (issue 11 with issue 10): R2C and C2R reading and writing the
//! caller's strides and batch distances, in reals on the real side and in complex values of
//! the half spectrum on the other (`cufftPlanMany`'s `istride`/`idist`/`inembed` for real
//! transforms), against the f64 `rfftn`/`irfftn` oracles read through the layouts' own
//! address maps. Outputs are pre-filled with NaN: an addressed value left unwritten fails the
//! comparison, a value outside the layout must stay NaN; inputs must be left as they were.

use fft_core::kernel::{IoLayout, RealLayout};
use fft_core::plan::{Layout, Strategy};
use fft_core::{Complex64, Normalization};
use fft_runtime::ocl::{Buffer, OclPrm};
use fft_runtime::{Fft, FftFloat};
use num_complex::Complex;
use oclfft_tests::*;
use proptest::prelude::*;

/// One side's layout: strides per axis and the batch distance (`None`: C order, contiguous).
#[derive(Clone, Debug)]
struct SideSpec(Option<(Vec<usize>, usize)>);

impl SideSpec {
    fn layout(&self) -> Layout {
        match &self.0 {
            Some((strides, distance)) => Layout::strided(strides, *distance),
            None => Layout::default(),
        }
    }

    /// The address map of a batch of arrays of shape `dims`, and the values a buffer holds.
    fn map(&self, dims: &[usize], batch: usize) -> (IoLayout, usize) {
        let resolved = self.layout().resolve(dims, batch).unwrap();
        (
            IoLayout::new(dims, &resolved.strides, resolved.distance),
            resolved.extent,
        )
    }
}

/// A real transform's case: the real side's shape (the last axis the real one), the batch,
/// the reals' layout and the half spectrum's.
#[derive(Clone, Debug)]
struct Case {
    dims: Vec<usize>,
    batch: usize,
    reals: SideSpec,
    spectrum: SideSpec,
    /// Fused passes on any device; else the device's default.
    fused: bool,
}

impl Case {
    fn half_dims(&self) -> Vec<usize> {
        let mut half = self.dims.clone();
        let last = half.len() - 1;
        half[last] = half[last] / 2 + 1;
        half
    }

    fn axes(&self) -> Vec<usize> {
        (0..self.dims.len()).collect()
    }

    fn builder<T: FftFloat>(&self) -> fft_runtime::FftBuilder<'static, T>
    where
        Complex<T>: OclPrm,
    {
        Fft::<T>::builder(test_queue())
            .shape(&self.dims)
            .batch(self.batch)
            .strategy(if self.fused {
                Strategy::Fused
            } else {
                Strategy::Auto
            })
    }

    /// R2C from the reals' layout into the spectrum's, then C2R of that spectrum back into
    /// the reals' layout, each checked against its oracle.
    fn check<T: FftFloat>(&self, seed: u64) -> Result<(), String>
    where
        Complex<T>: OclPrm,
    {
        let half_dims = self.half_dims();
        let total: usize = self.dims.iter().product::<usize>() * self.batch;
        let half_total: usize = half_dims.iter().product::<usize>() * self.batch;
        let (real_map, real_extent) = self.reals.map(&self.dims, self.batch);
        let (half_map, half_extent) = self.spectrum.map(&half_dims, self.batch);
        let fail = |what: &str, e: &dyn std::fmt::Display| format!("{self:?} {what}: {e}");

        // R2C: the reals at their addresses, FILL between them.
        let r2c = self
            .builder::<T>()
            .input_layout(self.reals.layout())
            .output_layout(self.spectrum.layout())
            .build_r2c()
            .map_err(|e| fail("R2C plan", &e))?;
        let x: Vec<f64> = random_signal(total, seed).iter().map(|v| v.re).collect();
        let mut physical = vec![T::from_f64(FILL); real_extent];
        for (g, &v) in x.iter().enumerate() {
            physical[real_map.address(g)] = T::from_f64(v);
        }
        let input = buffer_of(&physical);
        let nan = Complex::new(T::from_f64(f64::NAN), T::from_f64(f64::NAN));
        let output = buffer_of(&vec![nan; half_extent]);
        r2c.enqueue(&input, &output, None)
            .map_err(|e| fail("R2C", &e))?
            .wait_for()
            .map_err(|e| fail("R2C wait", &e))?;
        if read(&input)? != physical {
            return Err(format!("{self:?}: the R2C's input changed"));
        }
        let written = read(&output)?;
        let got = gather(&written, &half_map, half_total, |v| {
            Into::<f64>::into(v.re).is_nan()
        })
        .map_err(|e| format!("{self:?} R2C: {e}"))?;
        let x_exact: Vec<f64> = physical_values(&physical, &real_map, total);
        let per = self.dims.iter().product::<usize>();
        let want: Vec<Complex64> = x_exact
            .chunks(per)
            .flat_map(|t| rfftn_oracle(t, &self.dims, &self.axes()))
            .collect();
        let tolerance = nd_tolerance::<T>(&self.dims, &self.axes());
        check_against(&to_f64(&got), &want, half_total / self.batch, tolerance)
            .map_err(|e| fail("R2C", &e))?;

        // C2R of that spectrum (Hermitian by construction), from the spectrum's layout with
        // FILL between its values, into NaN-filled reals in the reals' layout.
        let c2r = self
            .builder::<T>()
            .normalization(Normalization::Backward)
            .input_layout(self.spectrum.layout())
            .output_layout(self.reals.layout())
            .build_c2r()
            .map_err(|e| fail("C2R plan", &e))?;
        let mut spectrum = vec![Complex::new(T::from_f64(FILL), T::from_f64(-FILL)); half_extent];
        for (g, v) in got.iter().enumerate() {
            spectrum[half_map.address(g)] = *v;
        }
        let input = buffer_of(&spectrum);
        let output = buffer_of(&vec![T::from_f64(f64::NAN); real_extent]);
        c2r.enqueue(&input, &output, None)
            .map_err(|e| fail("C2R", &e))?
            .wait_for()
            .map_err(|e| fail("C2R wait", &e))?;
        if read(&input)? != spectrum {
            return Err(format!("{self:?}: the C2R's input changed"));
        }
        let back = gather(&read(&output)?, &real_map, total, |v| {
            Into::<f64>::into(*v).is_nan()
        })
        .map_err(|e| format!("{self:?} C2R: {e}"))?;
        let back: Vec<f64> = back.iter().map(|&v| v.into()).collect();
        let n_all: usize = per;
        let want_back: Vec<f64> = to_f64(&got)
            .chunks(half_total / self.batch)
            .flat_map(|s| irfftn_oracle(s, &self.dims, &self.axes()))
            .map(|v| v / n_all as f64)
            .collect();
        let error = relative_l2(&back, &want_back);
        // NaN fails too: `within` is false for it.
        let within = |value: f64, bound: f64| value <= bound;
        if !within(error, tolerance.relative_l2 * 2.0) {
            return Err(format!(
                "{self:?} C2R: relative L2 {error:.3e} (bound {:.3e})",
                tolerance.relative_l2 * 2.0
            ));
        }
        Ok(())
    }
}

const FILL: f64 = 7.25;

/// The values `map` addresses, in C order; every other value of `written` must pass
/// `untouched` (still the pre-fill).
fn gather<V: Copy + std::fmt::Debug>(
    written: &[V],
    map: &IoLayout,
    total: usize,
    untouched: impl Fn(&V) -> bool,
) -> Result<Vec<V>, String> {
    let mut addressed = vec![false; written.len()];
    let values = (0..total)
        .map(|g| {
            let a = map.address(g);
            addressed[a] = true;
            written[a]
        })
        .collect();
    match (0..written.len()).find(|&a| !addressed[a] && !untouched(&written[a])) {
        Some(a) => Err(format!(
            "value {a}, outside the layout, was written ({:?})",
            written[a]
        )),
        None => Ok(values),
    }
}

/// The reals the R2C reads, as f64, in C order (as the device holds them).
fn physical_values<T: FftFloat>(physical: &[T], map: &IoLayout, total: usize) -> Vec<f64> {
    (0..total)
        .map(|g| physical[map.address(g)].into())
        .collect()
}

fn read<V: OclPrm>(buffer: &Buffer<V>) -> Result<Vec<V>, String> {
    let mut values = vec![V::default(); buffer.len()];
    buffer.read(&mut values).enq().map_err(|e| e.to_string())?;
    Ok(values)
}

fn strided(strides: &[usize], distance: usize) -> SideSpec {
    SideSpec(Some((strides.to_vec(), distance)))
}

fn contiguous() -> SideSpec {
    SideSpec(None)
}

#[test]
fn strided_and_fortran_real_layouts_match_the_oracle() {
    let case = |dims: &[usize], batch, reals, spectrum| Case {
        dims: dims.to_vec(),
        batch,
        reals,
        spectrum,
        fused: false,
    };
    let cases = [
        // Every other real of rows 2100 apart; the spectrum contiguous.
        case(&[1000], 3, strided(&[2], 2100), contiguous()),
        // Reals contiguous; every third complex value of rows 1600 apart.
        case(&[1024], 2, contiguous(), strided(&[3], 1600)),
        // Odd length (a full complex FFT of the reals), rows of 15 reals padded to 20.
        case(&[15], 4, strided(&[1], 20), strided(&[1], 9)),
        // A Fortran-order 2-D real array, its half spectrum Fortran order too.
        case(&[8, 12], 2, strided(&[1, 8], 100), strided(&[1, 8], 60)),
        // A slab of a larger 3-D volume (every other row of 20), the spectrum's axes reversed.
        case(
            &[3, 4, 16],
            1,
            strided(&[160, 40, 1], 480),
            strided(&[1, 3, 12], 108),
        ),
        // A prime axis (Bluestein) before the real one.
        case(&[17, 6], 2, strided(&[7, 1], 130), strided(&[1, 17], 70)),
    ];
    let mut failures = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let fused = Case {
            fused: true,
            ..c.clone()
        };
        for result in [
            c.check::<f32>(i as u64),
            c.check::<f64>(i as u64),
            fused.check::<f32>(i as u64),
        ] {
            if let Err(e) = result {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn host_slices_and_in_place_calls_follow_the_layouts() {
    let queue = test_queue();
    // Host reals: every other value of rows 20 apart, 8 reals per row; the half spectrum
    // contiguous.
    let r2c = Fft::<f32>::builder(queue)
        .len(8)
        .batch(2)
        .input_layout(Layout::strided(&[2], 20))
        .build_r2c()
        .unwrap();
    assert_eq!(
        (r2c.real_values(), r2c.spectrum_values()),
        (20 + 14 + 1, 10)
    );
    let reals: Vec<f32> = (0..35).map(|i| i as f32).collect();
    let spectrum = r2c.process(&reals).unwrap();
    // Row 1's reals 20, 22, ..., 34: DC = their sum.
    assert!((spectrum[5].re - (20..35).step_by(2).sum::<i32>() as f32).abs() < 1e-3);
    let message = r2c.process(&reals[..34]).unwrap_err().to_string();
    assert!(
        message.contains("35") && message.contains("34"),
        "{message}"
    );

    // In place through layouts: rows of 8 reals 10 apart, their 5 complex values written over
    // them (rows 5 complex values apart = the same 10 reals).
    let in_place = Fft::<f32>::builder(queue)
        .len(8)
        .batch(3)
        .input_layout(Layout::strided(&[1], 10))
        .output_layout(Layout::strided(&[1], 5))
        .build_r2c()
        .unwrap();
    let data: Vec<f32> = (0..30).map(|i| ((i * 7) % 11) as f32).collect();
    let buffer = buffer_of(&data);
    in_place
        .enqueue_in_place(&buffer, None)
        .unwrap()
        .wait_for()
        .unwrap();
    let got = read(&buffer).unwrap();
    for row in 0..3 {
        let x: Vec<f64> = data[row * 10..row * 10 + 8]
            .iter()
            .map(|&v| v as f64)
            .collect();
        let want = rfftn_oracle(&x, &[8], &[0]);
        for (k, w) in want.iter().enumerate() {
            let at = row * 10 + 2 * k;
            let g = Complex64::new(got[at] as f64, got[at + 1] as f64);
            assert!((g - w).norm() < 1e-4, "row {row} bin {k}: {g} against {w}");
        }
    }
    // A buffer too short for the half spectrum's 15 values (30 reals) is refused.
    let short = buffer_of(&[0.0f32; 28]);
    let message = in_place
        .enqueue_in_place(&short, None)
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("30") || message.contains("28"),
        "{message}"
    );
}

#[test]
fn bad_real_layouts_are_refused_before_anything_runs() {
    let queue = test_queue();
    let message = |result: Result<(), fft_runtime::Error>| result.unwrap_err().to_string();
    // Padded rows and a layout: the layout says it.
    let padded = message(
        Fft::<f32>::builder(queue)
            .len(8)
            .real_layout(RealLayout::Padded)
            .input_layout(Layout::strided(&[1], 10))
            .build_r2c()
            .map(|_| ()),
    );
    assert!(padded.contains("strides and distance"), "{padded}");
    // A planar half spectrum.
    let planar = message(
        Fft::<f32>::builder(queue)
            .len(8)
            .input_layout(Layout::planar())
            .build_c2r()
            .map(|_| ()),
    );
    assert!(planar.contains("interleaved"), "{planar}");
    // The half spectrum's 5 values per row overlap at a distance of 4.
    let overlap = message(
        Fft::<f32>::builder(queue)
            .len(8)
            .batch(2)
            .output_layout(Layout::strided(&[1], 4))
            .build_r2c()
            .map(|_| ()),
    );
    assert!(overlap.contains("distance"), "{overlap}");
    // A device buffer shorter than the reals' layout: refused, the output untouched.
    let r2c = Fft::<f32>::builder(queue)
        .len(16)
        .batch(2)
        .input_layout(Layout::strided(&[2], 40))
        .build_r2c()
        .unwrap();
    let short = buffer_of(&vec![1.0f32; 70]);
    let fill = Complex::new(3.0f32, 4.0);
    let output = buffer_of(&[fill; 18]);
    let message = r2c
        .enqueue(&short, &output, None)
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("71") && message.contains("70"),
        "{message}"
    );
    assert!(read(&output).unwrap().iter().all(|v| *v == fill));
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 12,
        failure_persistence: None,
        rng_algorithm: prop::test_runner::RngAlgorithm::ChaCha,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_real_layouts_match_the_oracle(
        dims in prop::collection::vec(prop::sample::select(&[1usize, 2, 3, 4, 5, 8, 12, 17][..]), 1..=3),
        batch in 1usize..=3,
        seeds in (any::<u64>(), any::<u64>()),
    ) {
        // Strides from a random axis order, padded, so nothing overlaps; the innermost
        // stride 1 or 2.
        let mut rng = LayoutRng::new(seeds.0);
        let mut make = |dims: &[usize]| {
            if rng.below(4) == 0 {
                return contiguous();
            }
            let first = 1 + usize::from(rng.below(3) == 0);
            let (strides, distance) = rng.strides(dims, first);
            strided(&strides, distance)
        };
        let mut half = dims.clone();
        let last = half.len() - 1;
        half[last] = half[last] / 2 + 1;
        let case = Case {
            reals: make(&dims),
            spectrum: make(&half),
            dims,
            batch,
            fused: seeds.1 % 2 == 0,
        };
        let result = if seeds.1 % 3 == 0 {
            case.check::<f64>(seeds.1)
        } else {
            case.check::<f32>(seeds.1)
        };
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
    }
}
