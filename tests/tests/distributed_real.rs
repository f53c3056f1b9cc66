//! Distributed real transforms (`fft-mpi`'s R2C and C2R) with virtual ranks on the test
//! device: the gathered half spectrum must equal numpy's `rfftn` in f64, and the inverse of
//! that spectrum must give the reals back (`irfftn`), for slabs and pencils, 2-D and 3-D
//! shapes of odd and even last lengths, 1 to 6 ranks, f32 and f64, host slices and device
//! buffers. A real brick split along the last axis is the same error on every rank.

use fft_mpi::{
    even_split, Brick, DistributedComplexToReal, DistributedError, DistributedRealToComplex,
    Exchange, SlabBox, VirtualRanks,
};
use fft_runtime::ocl::{Buffer, OclPrm};
use fft_runtime::{FftFloat, Normalization};
use num_complex::{Complex, Complex64};
use oclfft_tests::*;

/// Rank `r`'s brick of a field of `dims`: slabs of `axis` (`Some`), or pencils along the last
/// axis on a `rows x (ranks / rows)` grid over the first two (`None`).
fn brick(dims: [usize; 3], ranks: usize, r: usize, slab: Option<usize>, rows: usize) -> Brick {
    match slab {
        Some(axis) => {
            fft_mpi::PartOfField::brick(&SlabBox::new(axis, even_split(dims[axis], ranks, r)), dims)
        }
        None => {
            let columns = ranks / rows;
            Brick::new(&[
                even_split(dims[0], rows, r / columns),
                even_split(dims[1], columns, r % columns),
                0..dims[2],
            ])
        }
    }
}

fn read<V: OclPrm>(buffer: &Buffer<V>, len: usize) -> Vec<V> {
    let mut values = vec![V::default(); len];
    if len > 0 {
        buffer.read(&mut values).enq().unwrap();
    }
    values
}

/// R2C then C2R of a random real field of `shape` over `ranks` ranks: real bricks as `input`
/// says, half-spectrum bricks as `output` says (`(slab axis or pencils, grid rows)`).
fn round_trip<T: FftFloat>(
    shape: &[usize],
    ranks: usize,
    (input, output): ((Option<usize>, usize), (Option<usize>, usize)),
    chunk: Option<usize>,
) where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    let last = shape.len() - 1;
    let dims = [shape[0], shape[1], shape.get(2).copied().unwrap_or(1)];
    let mut half = dims;
    half[last] = dims[last] / 2 + 1;
    let total: usize = dims.iter().product();
    let reals: Vec<T> = random_signal(total, total as u64)
        .iter()
        .map(|v| T::from_f64(v.re))
        .collect();
    let x: Vec<f64> = reals.iter().map(|&v| v.into()).collect();
    let results = VirtualRanks::run(ranks, |me| {
        let r = me.rank();
        let real_brick = brick(dims, ranks, r, input.0, input.1);
        let half_brick = brick(half, ranks, r, output.0, output.1);
        let forward = DistributedRealToComplex::<T, _>::new(
            test_queue(),
            me,
            shape,
            (real_brick.clone(), half_brick.clone()),
            Normalization::None,
        )
        .unwrap();
        let inverse = DistributedComplexToReal::<T, _>::new(
            test_queue(),
            me,
            shape,
            (half_brick.clone(), real_brick.clone()),
            Normalization::Backward,
        )
        .unwrap();
        let local = real_brick.extract(&reals, dims);
        let (spectrum, back) = match chunk {
            None => {
                let spectrum = forward.execute(&local).unwrap();
                let back = inverse.execute(&spectrum).unwrap();
                (spectrum, back)
            }
            Some(bytes) => {
                let (forward, inverse) = (
                    forward.with_chunk_bytes(bytes),
                    inverse.with_chunk_bytes(bytes),
                );
                let zero = fft_runtime::complex_from_f64::<T>(Complex64::new(0.0, 0.0));
                let (from, to) = (
                    buffer_of(&local),
                    buffer_of(&vec![zero; forward.output_len()]),
                );
                forward.execute_buffers(&from, &to).unwrap();
                let spectrum = read(&to, forward.output_len());
                let reals_out = buffer_of(&vec![T::from_f64(f64::NAN); inverse.output_len()]);
                inverse.execute_buffers(&to, &reals_out).unwrap();
                assert!(
                    read(&to, spectrum.len()) == spectrum,
                    "rank {r}: C2R wrote its input"
                );
                (spectrum, read(&reals_out, inverse.output_len()))
            }
        };
        (half_brick, to_f64(&spectrum), real_brick, back)
    });
    let mut got = vec![Complex64::new(f64::NAN, 0.0); half.iter().product()];
    let mut got_back = vec![f64::NAN; total];
    for (half_brick, spectrum, real_brick, back) in results {
        half_brick.place(&spectrum, &mut got, half);
        let back: Vec<f64> = back.iter().map(|&v| v.into()).collect();
        real_brick.place(&back, &mut got_back, dims);
    }
    let axes: Vec<usize> = (0..shape.len()).collect();
    let want = rfftn_oracle(&x, shape, &axes);
    let tolerance = nd_tolerance::<T>(shape, &axes);
    let what = format!("{shape:?} on {ranks} ranks, {input:?} -> {output:?}, chunk {chunk:?}");
    check_against(&got, &want, total, tolerance).unwrap_or_else(|e| panic!("R2C {what}: {e}"));
    let error = relative_l2(&got_back, &x);
    assert!(
        error <= tolerance.relative_l2 * 4.0,
        "C2R {what}: relative L2 {error:.3e} against the reals"
    );
}

#[test]
fn slabs_of_real_fields_round_trip_on_one_to_four_ranks() {
    for ranks in 1..=4 {
        // Reals in slabs of axis 0, the half spectrum out in slabs of axis 1, odd and even
        // last lengths, 2-D and 3-D.
        round_trip::<f32>(&[6, 5, 8], ranks, ((Some(0), 1), (Some(1), 1)), None);
        round_trip::<f32>(&[7, 6, 9], ranks, ((Some(0), 1), (Some(0), 1)), None);
        round_trip::<f32>(&[9, 10], ranks, ((Some(0), 1), (Some(1), 1)), None);
    }
    round_trip::<f64>(&[5, 6, 10], 3, ((Some(1), 1), (Some(0), 1)), None);
}

#[test]
fn pencils_and_device_buffers_in_small_chunks() {
    // Pencils along the last axis (a 2 x 3 grid) in, slabs of axis 0 of the spectrum out.
    round_trip::<f32>(&[6, 6, 12], 6, ((None, 2), (Some(0), 1)), None);
    round_trip::<f32>(&[6, 6, 12], 6, ((None, 2), (Some(1), 1)), Some(40));
    round_trip::<f64>(&[4, 5, 6], 2, ((Some(0), 1), (Some(1), 1)), Some(64));
    // More ranks than planes.
    round_trip::<f32>(&[3, 4, 8], 5, ((Some(0), 1), (Some(1), 1)), Some(1 << 20));
}

#[test]
fn a_real_brick_split_along_the_last_axis_is_an_error_on_every_rank() {
    let shape = [4, 6, 8];
    let errors = VirtualRanks::run(2, |me| {
        let r = me.rank();
        DistributedRealToComplex::<f32, _>::new(
            test_queue(),
            me,
            &shape,
            (
                SlabBox::new(2, even_split(8, 2, r)),
                SlabBox::new(0, even_split(4, 2, r)),
            ),
            Normalization::None,
        )
        .err()
    });
    for error in &errors {
        assert!(
            matches!(
                error,
                Some(DistributedError::RealAxis {
                    side: "input",
                    rank: 0,
                    last: 2,
                    ..
                })
            ),
            "{error:?}"
        );
    }
}
