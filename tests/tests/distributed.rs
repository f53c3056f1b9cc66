//! Distributed slab transforms (`fft-mpi`) with virtual ranks on the test device: for 1 to 4
//! ranks, 2-D and 3-D shapes that do not divide evenly, outputs split along axis 1 and axis 0,
//! both precisions, host slices and device buffers, exchanges in many small chunks, ranks with
//! no planes, and boxes, inputs or chunk sizes that are wrong on one rank (the same error on
//! every rank, no hang). The gathered result must equal the f64 oracle of the whole field.

use fft_core::Direction;
use fft_mpi::{
    even_split, DistributedError, DistributedFft, Exchange, ExchangeError, SlabBox, VirtualRanks,
};
use fft_runtime::ocl::{Buffer, OclPrm};
use fft_runtime::{FftFloat, Normalization};
use num_complex::{Complex, Complex64};
use oclfft_tests::*;

/// How a test hands its slabs to the plan.
#[derive(Clone, Copy, Debug)]
enum Path {
    /// `execute` on host slices, default chunks.
    Host,
    /// `execute_buffers` on device buffers, with exchanges in chunks of this many bytes.
    Buffers(usize),
}

/// A device buffer on the test queue holding `values`.
fn buffer_of<T: FftFloat>(values: &[Complex<T>]) -> Buffer<Complex<T>>
where
    Complex<T>: OclPrm,
{
    let buffer = Buffer::builder()
        .queue(test_queue().queue().clone())
        .len(values.len().max(1))
        .build()
        .unwrap();
    if !values.is_empty() {
        buffer.write(values).enq().unwrap();
    }
    buffer
}

/// Runs the distributed transform of a random field of `shape` on `ranks` virtual ranks (even
/// splits), the output split along `out_axis`, and returns the whole output gathered in C
/// order, beside the field.
fn distributed<T: FftFloat>(
    shape: &[usize],
    ranks: usize,
    out_axis: usize,
    (direction, normalization): (Direction, Normalization),
    path: Path,
) -> (Vec<Complex64>, Vec<Complex64>)
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    let dims = [shape[0], shape[1], shape.get(2).copied().unwrap_or(1)];
    let [n0, n1, n2] = dims;
    let field = random_signal(n0 * n1 * n2, (n0 * 100 + n1 * 10 + n2 + ranks) as u64);
    let device = to_device::<T>(&field);
    let outputs = VirtualRanks::run(ranks, |me| {
        let r = me.rank();
        let input = SlabBox::new(0, even_split(n0, ranks, r));
        let output = SlabBox::new(out_axis, even_split(dims[out_axis], ranks, r));
        let planes = input.range.clone();
        let plan = DistributedFft::<T, _>::new(
            test_queue(),
            me,
            shape,
            (input, output.clone()),
            (direction, normalization),
        )
        .unwrap();
        let local = &device[planes.start * n1 * n2..planes.end * n1 * n2];
        let plan = match path {
            Path::Host => plan,
            Path::Buffers(chunk) => plan.with_chunk_bytes(chunk),
        };
        let out = match path {
            Path::Host => plan.execute(local).unwrap(),
            Path::Buffers(_) => {
                let input = buffer_of(local);
                let zero = fft_runtime::complex_from_f64::<T>(Complex64::new(0.0, 0.0));
                let output = buffer_of(&vec![zero; plan.output_len()]);
                plan.execute_buffers(&input, &output).unwrap();
                let mut kept = vec![zero; local.len()];
                if !kept.is_empty() {
                    input.read(&mut kept).enq().unwrap();
                }
                assert!(kept == local, "rank {r}: the input buffer changed");
                let mut out = vec![zero; plan.output_len()];
                if !out.is_empty() {
                    output.read(&mut out).enq().unwrap();
                }
                out
            }
        };
        assert_eq!(out.len(), plan.output_len());
        (output.range, to_f64(&out))
    });
    let mut whole = vec![Complex64::new(0.0, 0.0); n0 * n1 * n2];
    for (range, out) in outputs {
        for (k, v) in out.into_iter().enumerate() {
            let index = match out_axis {
                // The box [n0][range][n2] in C order.
                1 => {
                    let (i2, rest) = (k % n2, k / n2);
                    let (i0, i1) = (rest / range.len(), range.start + rest % range.len());
                    (i0 * n1 + i1) * n2 + i2
                }
                _ => range.start * n1 * n2 + k,
            };
            whole[index] = v;
        }
    }
    (field, whole)
}

fn check<T: FftFloat>(
    shape: &[usize],
    ranks: usize,
    out_axis: usize,
    direction: Direction,
    path: Path,
) where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    let normalization = match direction {
        Direction::Forward => Normalization::None,
        Direction::Inverse => Normalization::Backward,
    };
    let (field, got) = distributed::<T>(shape, ranks, out_axis, (direction, normalization), path);
    let points: usize = shape.iter().product();
    let scale = match direction {
        Direction::Forward => 1.0,
        Direction::Inverse => 1.0 / points as f64,
    };
    let axes: Vec<usize> = (0..shape.len()).collect();
    let want = nd_oracle(&field, shape, &axes, direction, scale);
    check_against(&got, &want, points, nd_tolerance::<T>(shape, &axes)).unwrap_or_else(|e| {
        panic!("{shape:?} on {ranks} ranks, output along axis {out_axis}, {path:?}: {e}")
    });
}

#[test]
fn one_to_four_ranks_uneven_shapes_both_output_axes() {
    for ranks in 1..=4 {
        for out_axis in [1, 0] {
            check::<f32>(&[6, 5, 8], ranks, out_axis, Direction::Forward, Path::Host);
            check::<f32>(&[7, 12], ranks, out_axis, Direction::Forward, Path::Host);
        }
    }
}

#[test]
fn device_buffers_with_exchanges_in_many_small_chunks() {
    // 16-byte chunks: every message is one run of a plane (or one value of a 2-D row), so
    // the pipeline cycles its slots many times; 1 MiB: one message per peer.
    for ranks in [1, 2, 3] {
        for out_axis in [1, 0] {
            for chunk in [16, 1 << 20] {
                let path = Path::Buffers(chunk);
                check::<f32>(&[6, 5, 8], ranks, out_axis, Direction::Forward, path);
                check::<f32>(&[9, 4], ranks, out_axis, Direction::Forward, path);
            }
        }
    }
    check::<f64>(&[5, 6, 4], 2, 0, Direction::Inverse, Path::Buffers(64));
}

#[test]
fn double_precision_inverse_with_normalization() {
    check::<f64>(&[4, 6, 8], 3, 0, Direction::Inverse, Path::Host);
    check::<f64>(&[10, 16], 2, 1, Direction::Inverse, Path::Host);
}

#[test]
fn more_ranks_than_planes_leave_some_ranks_empty() {
    check::<f32>(&[3, 2, 16], 4, 1, Direction::Forward, Path::Host);
    check::<f32>(&[2, 5], 3, 0, Direction::Forward, Path::Host);
    check::<f32>(&[3, 2, 16], 4, 0, Direction::Forward, Path::Buffers(32));
}

#[test]
fn ranks_with_different_chunk_sizes_get_an_error_not_a_hang() {
    let shape = [4, 8, 8];
    let results = VirtualRanks::run(2, |me| {
        let r = me.rank();
        let plan = DistributedFft::<f32, _>::new(
            test_queue(),
            me,
            &shape,
            (
                SlabBox::new(0, even_split(4, 2, r)),
                SlabBox::new(1, even_split(8, 2, r)),
            ),
            (Direction::Forward, Normalization::None),
        )
        .unwrap()
        .with_chunk_bytes(if r == 0 { 64 } else { 1 << 20 });
        plan.execute(&vec![Complex::new(1.0f32, 0.0); plan.input_len()])
            .err()
    });
    for (rank, error) in results.iter().enumerate() {
        assert!(
            matches!(
                error,
                Some(DistributedError::Exchange(ExchangeError::MessageLength { rank: r, .. })) if *r == rank
            ),
            "rank {rank}: {error:?}"
        );
    }
}

#[test]
fn boxes_that_do_not_tile_are_the_same_error_on_every_rank() {
    let shape = [6, 4, 4];
    let errors = VirtualRanks::run(3, |me| {
        // Rank 1 claims planes 1..4, overlapping rank 0's 0..2.
        let input = match me.rank() {
            0 => 0..2,
            1 => 1..4,
            _ => 4..6,
        };
        let output = SlabBox::new(1, even_split(4, 3, me.rank()));
        DistributedFft::<f32, _>::new(
            test_queue(),
            me,
            &shape,
            (SlabBox::new(0, input), output),
            (Direction::Forward, Normalization::None),
        )
        .err()
        .map(|e| e.to_string())
    });
    let first = errors[0].clone().expect("rank 0 must fail");
    assert!(
        first.contains("rank 1: 1..4") && first.contains("tile axis 0"),
        "{first}"
    );
    assert!(errors.iter().all(|e| e.as_deref() == Some(first.as_str())));

    // Output boxes along two different axes (rank 0's decides), or along axis 2.
    for axes in [[1, 0], [2, 2]] {
        let errors = VirtualRanks::run(2, |me| {
            let axis = axes[me.rank()];
            DistributedFft::<f32, _>::new(
                test_queue(),
                me,
                &shape,
                (
                    SlabBox::new(0, even_split(6, 2, me.rank())),
                    SlabBox::new(axis, even_split(4, 2, me.rank())),
                ),
                (Direction::Forward, Normalization::None),
            )
            .err()
        });
        let got = axes[1];
        assert!(
            errors.iter().all(|e| matches!(
                e,
                Some(DistributedError::Axis { want: 1, got: g, .. }) if *g == got
            )),
            "{axes:?}: {errors:?}"
        );
    }
}

#[test]
fn a_wrong_input_length_on_one_rank_is_an_error_on_every_rank() {
    let shape = [4, 4];
    let results = VirtualRanks::run(2, |me| {
        let plan = DistributedFft::<f32, _>::new(
            test_queue(),
            me,
            &shape,
            (
                SlabBox::new(0, even_split(4, 2, me.rank())),
                SlabBox::new(1, even_split(4, 2, me.rank())),
            ),
            (Direction::Forward, Normalization::None),
        )
        .unwrap();
        let len = plan.input_len() - me.rank();
        let host = plan.execute(&vec![Complex::new(1.0f32, 0.0); len]).err();
        // Device buffers may be longer than the boxes, not shorter.
        let input = buffer_of(&vec![Complex::new(1.0f32, 0.0); len + 2 * (1 - me.rank())]);
        let output = buffer_of(&vec![Complex::new(0.0f32, 0.0); plan.output_len()]);
        let device = plan.execute_buffers(&input, &output).err();
        (host, device)
    });
    let results: Vec<_> = results
        .into_iter()
        .flat_map(|(host, device)| [host, device])
        .collect();
    for error in results {
        assert!(
            matches!(
                error,
                Some(DistributedError::InputLength {
                    rank: 1,
                    got: 7,
                    want: 8
                })
            ),
            "{error:?}"
        );
    }
}

#[test]
fn a_batch_split_over_several_queues_equals_the_oracle() {
    use fft_mpi::MultiDeviceFft;
    // Three queues of the test device (a machine with several GPUs passes one per device).
    let queues = vec![test_queue().clone(); 3];
    for (shape, batch) in [
        (&[64usize][..], 7usize),
        (&[8, 12][..], 5),
        (&[4, 6, 8][..], 2),
    ] {
        let plan = MultiDeviceFft::<f32>::new(
            &queues,
            shape,
            batch,
            (Direction::Forward, Normalization::None),
        )
        .unwrap();
        let points: usize = shape.iter().product();
        let parts = plan.parts();
        assert_eq!(
            parts.iter().map(|(_, r)| r.len()).sum::<usize>(),
            batch,
            "{parts:?}"
        );
        if batch == 2 {
            assert_eq!(parts, [(0, 0..1), (1, 1..2)], "the third queue has no work");
        }
        let signal = random_signal(points * batch, batch as u64);
        let mut data = to_device::<f32>(&signal);
        plan.process(&mut data).unwrap();
        let axes: Vec<usize> = (0..shape.len()).collect();
        let want: Vec<Complex64> = signal
            .chunks(points)
            .flat_map(|one| nd_oracle(one, shape, &axes, Direction::Forward, 1.0))
            .collect();
        check_against(
            &to_f64(&data),
            &want,
            points,
            nd_tolerance::<f32>(shape, &axes),
        )
        .unwrap_or_else(|e| panic!("{shape:?} x {batch}: {e}"));
    }
    let plan =
        MultiDeviceFft::<f32>::new(&queues, &[16], 4, (Direction::Forward, Normalization::None))
            .unwrap();
    let mut short = vec![Complex::new(0.0f32, 0.0); 63];
    assert!(matches!(
        plan.process(&mut short),
        Err(DistributedError::InputLength {
            got: 63,
            want: 64,
            ..
        })
    ));
    assert!(matches!(
        MultiDeviceFft::<f32>::new(&[], &[16], 4, (Direction::Forward, Normalization::None)),
        Err(DistributedError::NothingToSplit { queues: 0, .. })
    ));
}

#[test]
fn execute_into_reuses_the_plan_and_checks_every_ranks_output_length() {
    let shape = [6, 4, 4];
    let field = to_device::<f32>(&random_signal(6 * 16, 5));
    let results = VirtualRanks::run(2, |me| {
        let r = me.rank();
        let plan = DistributedFft::<f32, _>::new(
            test_queue(),
            me,
            &shape,
            (
                SlabBox::new(0, even_split(6, 2, r)),
                SlabBox::new(1, even_split(4, 2, r)),
            ),
            (Direction::Forward, Normalization::None),
        )
        .unwrap();
        let local = &field[r * 48..(r + 1) * 48];
        // Twice into one buffer: the same result as `execute`.
        let mut out = vec![Complex::new(0.0f32, 0.0); plan.output_len()];
        plan.execute_into(local, &mut out).unwrap();
        plan.execute_into(local, &mut out).unwrap();
        assert_eq!(out, plan.execute(local).unwrap());
        // Rank 0's output one value short: the same error on both ranks.
        let mut wrong = vec![Complex::new(0.0f32, 0.0); plan.output_len() - usize::from(r == 0)];
        plan.execute_into(local, &mut wrong).err()
    });
    for error in results {
        assert!(
            matches!(
                error,
                Some(DistributedError::OutputLength {
                    rank: 0,
                    got: 47,
                    want: 48
                })
            ),
            "{error:?}"
        );
    }
}
