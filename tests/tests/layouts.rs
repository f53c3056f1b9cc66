//! Input and output layouts (issue 11): strides per axis, batch distance, interleaved or planar,
//! in place and out of place, for 1-D batches and multi-dimensional shapes, against the
//! separable f64 oracle read through the layouts' own address maps; every value a layout
//! does not address is left as it was; every bad layout refused with its reason and the data
//! untouched.

use fft_core::kernel::IoLayout;
use fft_core::plan::{Layout, Strategy as PassFamily};
use fft_core::{Complex64, Direction};
use fft_runtime::ocl::{Buffer, OclPrm};
use fft_runtime::{Fft, FftFloat, Side};
use num_complex::Complex;
use oclfft_tests::*;
use proptest::prelude::*;

/// One side: strides (`None`: contiguous), distance, planar.
#[derive(Clone, Debug)]
struct SideSpec {
    strides: Option<Vec<usize>>,
    distance: usize,
    planar: bool,
}

impl SideSpec {
    fn layout(&self) -> Layout {
        let base = if self.planar {
            Layout::planar()
        } else {
            Layout::interleaved()
        };
        match &self.strides {
            Some(strides) => base.with_strides(strides, self.distance),
            None => base,
        }
    }

    /// The address map and the values a buffer must hold.
    fn map(&self, dims: &[usize], batch: usize) -> (IoLayout, usize) {
        let resolved = self.layout().resolve(dims, batch).unwrap();
        (
            IoLayout::new(dims, &resolved.strides, resolved.distance),
            resolved.extent,
        )
    }
}

/// A multi-dimensional case with its two sides.
#[derive(Clone, Debug)]
struct Case {
    dims: Vec<usize>,
    batch: usize,
    input: SideSpec,
    output: SideSpec,
    direction: Direction,
    /// Fused passes on any device (they read and write the layouts themselves where they
    /// can); else the device's default.
    fused: bool,
}

const FILL: f64 = 7.25;

fn contiguous() -> SideSpec {
    SideSpec {
        strides: None,
        distance: 0,
        planar: false,
    }
}

impl Case {
    /// Runs out of place; checks the result through the output map, every other output
    /// value still `FILL`, and the input unchanged.
    fn check<T: FftFloat>(&self, seed: u64) -> Result<(), String>
    where
        Complex<T>: OclPrm,
    {
        let queue = test_queue();
        let plan = Fft::<T>::builder(queue)
            .shape(&self.dims)
            .batch(self.batch)
            .direction(self.direction)
            .input_layout(self.input.layout())
            .output_layout(self.output.layout())
            .strategy(if self.fused {
                PassFamily::Fused
            } else {
                PassFamily::Auto
            })
            .build()
            .map_err(|e| format!("{self:?}: {e}"))?;
        let total: usize = self.dims.iter().product::<usize>() * self.batch;
        let (in_map, in_extent) = self.input.map(&self.dims, self.batch);
        let (out_map, out_extent) = self.output.map(&self.dims, self.batch);
        let logical = to_device::<T>(&random_signal(total, seed));
        // The caller's input buffer: FILL everywhere, the values at their addresses.
        let mut physical = vec![complex_of::<T>(FILL); in_extent];
        for (g, v) in logical.iter().enumerate() {
            physical[in_map.address(g)] = *v;
        }
        let input = Buffers::new(&physical, self.input.planar)?;
        let output = Buffers::new(&vec![complex_of::<T>(FILL); out_extent], self.output.planar)?;
        plan.enqueue_sides(input.side(), output.side(), None)
            .map_err(|e| format!("{self:?}: {e}"))?
            .wait_for()
            .map_err(|e| e.to_string())?;
        if input.read()? != physical {
            return Err(format!("{self:?}: the input changed"));
        }
        let written = output.read()?;
        let mut got = Vec::with_capacity(total);
        let mut addressed = vec![false; out_extent];
        for g in 0..total {
            let a = out_map.address(g);
            addressed[a] = true;
            got.push(written[a]);
        }
        for (a, v) in written.iter().enumerate() {
            if !addressed[a] && *v != complex_of::<T>(FILL) {
                return Err(format!(
                    "{self:?}: output value {a}, outside the layout, changed"
                ));
            }
        }
        let axes: Vec<usize> = (0..self.dims.len()).collect();
        let want = nd_oracle(&to_f64(&logical), &self.dims, &axes, self.direction, 1.0);
        let per: usize = self.dims.iter().product();
        check_against(
            &to_f64(&got),
            &want,
            per,
            nd_tolerance::<T>(&self.dims, &axes),
        )
        .map(|_| ())
        .map_err(|e| format!("{self:?}: {e}"))
    }
}

fn complex_of<T: FftFloat>(v: f64) -> Complex<T> {
    Complex::new(T::from_f64(v), T::from_f64(-v))
}

/// A side's device buffers.
enum Buffers<T: FftFloat>
where
    Complex<T>: OclPrm,
{
    Interleaved(Buffer<Complex<T>>),
    Planar(Buffer<T>, Buffer<T>),
}

impl<T: FftFloat> Buffers<T>
where
    Complex<T>: OclPrm,
{
    fn new(values: &[Complex<T>], planar: bool) -> Result<Buffers<T>, String> {
        let queue = test_queue().queue().clone();
        let complex = |v: &[Complex<T>]| {
            Buffer::builder()
                .queue(queue.clone())
                .len(v.len())
                .copy_host_slice(v)
                .build()
        };
        let real = |v: &[T]| {
            Buffer::builder()
                .queue(queue.clone())
                .len(v.len())
                .copy_host_slice(v)
                .build()
        };
        let result = if planar {
            let re: Vec<T> = values.iter().map(|v| v.re).collect();
            let im: Vec<T> = values.iter().map(|v| v.im).collect();
            real(&re).and_then(|r| real(&im).map(|i| Buffers::Planar(r, i)))
        } else {
            complex(values).map(Buffers::Interleaved)
        };
        result.map_err(|e| e.to_string())
    }

    fn side(&self) -> Side<'_, T> {
        match self {
            Buffers::Interleaved(b) => Side::Interleaved(b),
            Buffers::Planar(re, im) => Side::Planar(re, im),
        }
    }

    fn read(&self) -> Result<Vec<Complex<T>>, String> {
        match self {
            Buffers::Interleaved(b) => {
                let mut v = vec![complex_of::<T>(0.0); b.len()];
                b.read(&mut v).enq().map_err(|e| e.to_string())?;
                Ok(v)
            }
            Buffers::Planar(re, im) => {
                let mut r = vec![T::from_f64(0.0); re.len()];
                let mut i = vec![T::from_f64(0.0); im.len()];
                re.read(&mut r).enq().map_err(|e| e.to_string())?;
                im.read(&mut i).enq().map_err(|e| e.to_string())?;
                Ok(r.into_iter()
                    .zip(i)
                    .map(|(re, im)| Complex::new(re, im))
                    .collect())
            }
        }
    }
}

fn strided(strides: &[usize], distance: usize) -> SideSpec {
    SideSpec {
        strides: Some(strides.to_vec()),
        distance,
        planar: false,
    }
}

fn planar(strides: Option<&[usize]>, distance: usize) -> SideSpec {
    SideSpec {
        strides: strides.map(<[usize]>::to_vec),
        distance,
        planar: true,
    }
}

#[test]
fn strided_planar_and_fortran_layouts_match_the_oracle() {
    let case = |dims: &[usize], batch, input, output| Case {
        dims: dims.to_vec(),
        batch,
        input,
        output,
        direction: Direction::Forward,
        fused: false,
    };
    let cases = [
        // Every other value of rows 2100 apart (cufftPlanMany istride 2, idist 2100).
        case(&[1000], 3, strided(&[2], 2100), contiguous()),
        case(&[1024], 2, contiguous(), strided(&[3], 3100)),
        // Planar in, interleaved out, and the other way round.
        case(&[256], 4, planar(None, 0), contiguous()),
        case(&[100], 2, contiguous(), planar(None, 0)),
        case(&[64], 2, planar(Some(&[2]), 130), planar(None, 0)),
        // Fortran-order 2-D arrays in and out (planned as the C-order arrays their memory
        // holds), interleaved and planar; a 3-D one with its batch padded; a volume whose
        // axes lie in the order 1, 0, 2 in memory.
        case(&[8, 12], 2, strided(&[1, 8], 96), strided(&[1, 8], 96)),
        case(
            &[8, 12],
            2,
            planar(Some(&[1, 8]), 100),
            planar(Some(&[1, 8]), 96),
        ),
        case(
            &[4, 3, 5],
            2,
            strided(&[1, 4, 12], 61),
            strided(&[1, 4, 12], 60),
        ),
        case(
            &[4, 5, 3],
            2,
            strided(&[5, 1, 20], 70),
            strided(&[5, 1, 20], 60),
        ),
        // Rows of 6 values padded to 8, a 3-D volume with its axes reversed, a prime axis.
        case(&[5, 6], 2, strided(&[8, 1], 41), contiguous()),
        case(&[4, 3, 5], 1, strided(&[1, 4, 12], 60), planar(None, 0)),
        case(&[17, 4], 1, strided(&[5, 1], 85), strided(&[1, 17], 68)),
        // 6561 = [27, 27, 9] in one fused pass, which cannot take the layouts itself: layout
        // passes on its sides (it planned a kernel the generator refuses on GPUs before).
        case(&[6561], 2, planar(None, 0), strided(&[2], 13200)),
    ];
    let mut failures = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let fused = Case {
            fused: true,
            ..c.clone()
        };
        for r in [
            c.check::<f32>(i as u64),
            c.check::<f64>(i as u64),
            fused.check::<f32>(i as u64),
            fused.check::<f64>(i as u64),
        ] {
            if let Err(e) = r {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fortran_order_runs_as_the_c_order_array_and_takes_host_slices_past_its_extent() {
    // A Fortran-order 6 x 10 array (values of a column neighbours), two of them, 5 more
    // values after them that no layout addresses.
    let fortran = Layout::strided(&[1, 6], 60);
    let plan = Fft::<f64>::builder(test_queue())
        .shape(&[6, 10])
        .batch(2)
        .input_layout(fortran)
        .output_layout(fortran)
        .build()
        .unwrap();
    assert_eq!(plan.plan().storage_order(), Some(vec![1, 0]));
    assert!(!plan.plan().has_layout_passes());
    let mut data: Vec<Complex<f64>> = (0..125)
        .map(|i| Complex::new((i as f64 * 0.37).sin(), (i as f64 * 0.11).cos()))
        .collect();
    let before = data.clone();
    plan.process(&mut data).unwrap();
    // The memory is a C-order 10 x 6 array: its 2-D transform is the Fortran array's.
    let expected = fft_core::along_axes(&before[..120], &[10, 6], &[0, 1], |line| {
        fft_core::naive_dft(line, Direction::Forward)
    });
    let error = fft_core::accuracy::relative_l2_error(&data[..120], &expected);
    assert!(error < 1e-12, "relative L2 {error}");
    assert_eq!(
        data[120..],
        before[120..],
        "values past the layout's extent"
    );
}

#[test]
fn in_place_with_a_layout_keeps_the_values_between() {
    // Host data: rows of 10 values, the transform reads every other one of the first 8.
    let plan = Fft::<f32>::builder(test_queue())
        .len(4)
        .batch(3)
        .input_layout(Layout::strided(&[2], 10))
        .output_layout(Layout::strided(&[2], 10))
        .build()
        .unwrap();
    let mut data: Vec<Complex<f32>> = (0..27).map(|i| Complex::new(i as f32, 0.5)).collect();
    let before = data.clone();
    plan.process(&mut data).unwrap();
    for (i, (a, b)) in data.iter().zip(&before).enumerate() {
        let addressed = i % 10 < 8 && i % 2 == 0;
        if !addressed {
            assert_eq!(a, b, "value {i} is outside the layout");
        }
    }
    // Row 1's values 10, 12, 14, 16: DC = their sum.
    assert!((data[10].re - (10.0 + 12.0 + 14.0 + 16.0)).abs() < 1e-4);
    // Planar in place on the host.
    let planar = Fft::<f32>::builder(test_queue())
        .len(8)
        .input_layout(Layout::planar())
        .output_layout(Layout::planar())
        .build()
        .unwrap();
    let (mut re, mut im) = (vec![1.0f32; 8], vec![0.0f32; 8]);
    planar.process_planar(&mut re, &mut im).unwrap();
    assert!((re[0] - 8.0).abs() < 1e-5 && re[1..].iter().all(|v| v.abs() < 1e-5));
}

#[test]
fn bad_layouts_and_buffers_are_refused_with_the_data_untouched() {
    let queue = test_queue();
    let build = |input: Layout, output: Layout| {
        Fft::<f32>::builder(queue)
            .shape(&[4, 4])
            .batch(2)
            .input_layout(input)
            .output_layout(output)
            .build()
            .map(|_| ())
            .unwrap_err()
            .to_string()
    };
    let plain = Layout::default();
    for (input, needle) in [
        (Layout::strided(&[4], 16), "1 strides for a shape of 2"),
        (Layout::strided(&[0, 1], 16), "axis 0 has stride 0"),
        (
            Layout::strided(&[4, 1], 0),
            "the batch distance has stride 0",
        ),
        (Layout::strided(&[3, 1], 16), "axis 0 (stride 3)"),
        (
            Layout::strided(&[4, 1], 10),
            "the batch distance (stride 10)",
        ),
    ] {
        let message = build(input, plain);
        assert!(message.contains(needle), "{input:?}: {message}");
    }
    let message = Fft::<f32>::builder(queue)
        .len(8)
        .input_layout(Layout::planar())
        .build_r2c()
        .unwrap_err()
        .to_string();
    assert!(message.contains("complex transforms"), "{message}");

    let plan = Fft::<f32>::builder(queue)
        .len(16)
        .batch(2)
        .input_layout(Layout::strided(&[2], 40))
        .build()
        .unwrap();
    let new = |len: usize| {
        Buffer::<Complex<f32>>::builder()
            .queue(queue.queue().clone())
            .len(len)
            .fill_val(Complex::new(3.0, 4.0))
            .build()
            .unwrap()
    };
    let read = |b: &Buffer<Complex<f32>>| {
        let mut v = vec![Complex::new(0.0f32, 0.0); b.len()];
        b.read(&mut v).enq().unwrap();
        v
    };
    // The input layout reaches 40 + 15 * 2 + 1 = 71 values.
    let (short, out) = (new(70), new(32));
    let message = plan
        .enqueue_out_of_place(&short, &out)
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("71") && message.contains("70"),
        "{message}"
    );
    assert!(read(&out).iter().all(|v| *v == Complex::new(3.0, 4.0)));
    // Planar data for an interleaved side, and in place with two layouts.
    let re = Buffer::<f32>::builder()
        .queue(queue.queue().clone())
        .len(71)
        .build()
        .unwrap();
    let message = plan
        .enqueue_sides(Side::Planar(&re, &re), Side::Interleaved(&out), None)
        .unwrap_err()
        .to_string();
    assert!(message.contains("interleaved"), "{message}");
    let both = new(71);
    let message = plan.enqueue(&both).unwrap_err().to_string();
    assert!(message.contains("one layout"), "{message}");
    assert!(read(&both).iter().all(|v| *v == Complex::new(3.0, 4.0)));
    // A planar output whose two parts are one buffer.
    let planar_out = Fft::<f32>::builder(queue)
        .len(16)
        .output_layout(Layout::planar())
        .build()
        .unwrap();
    let message = planar_out
        .enqueue_sides(Side::Interleaved(&new(16)), Side::Planar(&re, &re), None)
        .unwrap_err()
        .to_string();
    assert!(message.contains("two buffers"), "{message}");
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 16,
        failure_persistence: None,
        rng_algorithm: prop::test_runner::RngAlgorithm::ChaCha,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_layouts_match_the_oracle(
        dims in prop::collection::vec(prop::sample::select(&[1usize, 2, 3, 4, 5, 8, 12, 17][..]), 1..=3),
        batch in 1usize..=3,
        seeds in (any::<u64>(), any::<u64>(), any::<u64>()),
        inverse in any::<bool>(),
    ) {
        // Strides from a random axis order, padded, so nothing overlaps.
        let mut rng = LayoutRng::new(seeds.0);
        let mut make = |planar: bool| {
            let (strides, distance) = rng.strides(&dims, 1);
            let plain = rng.below(4) == 0;
            SideSpec {
                strides: (!plain).then_some(strides),
                distance,
                planar,
            }
        };
        let input = make(seeds.1 % 2 == 0);
        let output = make(seeds.2 % 2 == 0);
        let case = Case {
            dims: dims.clone(),
            batch,
            input,
            output,
            direction: if inverse { Direction::Inverse } else { Direction::Forward },
            fused: seeds.0 % 2 == 0,
        };
        let result = if seeds.1 % 3 == 0 { case.check::<f64>(seeds.2) } else { case.check::<f32>(seeds.2) };
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
    }
}

/// The oracle sees what the layouts address: a contiguous case through the same helper
/// equals the plain transform.
#[test]
fn the_helper_reads_contiguous_layouts_as_plain_arrays() {
    let map = contiguous().map(&[3, 4], 2).0;
    assert_eq!(
        (0..24).map(|g| map.address(g)).collect::<Vec<_>>(),
        (0..24).collect::<Vec<_>>()
    );
    let x = random_signal(12, 1);
    let want = nd_oracle(&x, &[3, 4], &[0, 1], Direction::Forward, 1.0);
    assert!((want[0] - x.iter().sum::<Complex64>()).norm() < 1e-12);
}

/// The smallest sub-buffer offset the device allows, in complex values.
fn sub_buffer_alignment() -> usize {
    use fft_runtime::ocl::enums::{DeviceInfo, DeviceInfoResult};
    match test_queue().device().info(DeviceInfo::MemBaseAddrAlign) {
        Ok(DeviceInfoResult::MemBaseAddrAlign(bits)) => {
            (bits as usize / 8).div_ceil(std::mem::size_of::<Complex<f32>>())
        }
        other => panic!("CL_DEVICE_MEM_BASE_ADDR_ALIGN: {other:?}"),
    }
}

#[test]
fn overlapping_sides_are_refused_by_their_layouts_extents() {
    const EXTENT: usize = 512;
    let queue = test_queue();
    // Rows of 128 values at stride 2, 256 apart: the layout reaches 256 + 254 + 1 = 511 values.
    let plan = Fft::<f32>::builder(queue)
        .len(128)
        .batch(2)
        .input_layout(Layout::strided(&[2], 256))
        .build()
        .unwrap();
    let align = sub_buffer_alignment();
    assert!(align < EXTENT, "alignment of {align} values");
    let original = to_device::<f32>(&random_signal(4 * EXTENT, 3));
    let parent = Buffer::builder()
        .queue(queue.queue().clone())
        .len(original.len())
        .copy_host_slice(&original)
        .build()
        .unwrap();
    // The input's extent (511 values) reaches into an output that starts `align` later.
    let input = parent.create_sub_buffer(None, EXTENT, EXTENT).unwrap();
    let output = parent.create_sub_buffer(None, EXTENT + align, 256).unwrap();
    let err = plan
        .enqueue_sides(Side::Interleaved(&input), Side::Interleaved(&output), None)
        .unwrap_err();
    assert!(err.to_string().contains("do not overlap"), "{err}");
    // Output after the input's extent: accepted.
    let after = parent.create_sub_buffer(None, 2 * EXTENT, 256).unwrap();
    plan.enqueue_sides(Side::Interleaved(&input), Side::Interleaved(&after), None)
        .unwrap()
        .wait_for()
        .unwrap();
    let mut untouched = vec![Complex::new(0.0f32, 0.0); 4 * EXTENT];
    parent.read(&mut untouched).enq().unwrap();
    assert_eq!(untouched[..2 * EXTENT], original[..2 * EXTENT]);
    assert_eq!(untouched[3 * EXTENT..], original[3 * EXTENT..]);
}
