//! Distributed transforms (`fft-mpi`) with virtual ranks on the test device: 1 to 8 ranks,
//! 2-D and 3-D shapes that do not divide evenly, slabs and pencils as input and output (so one
//! to three exchanges), both precisions, host slices and device buffers, exchanges in many
//! small chunks, ranks with nothing to hold, and boxes, inputs or chunk sizes that are wrong on
//! one rank (the same error on every rank, no hang). The gathered result must equal the f64
//! oracle of the whole field.

use fft_core::Direction;
use fft_mpi::{
    even_split, Brick, DistributedError, DistributedFft, Exchange, ExchangeError, PartOfField,
    SlabBox, SlabOutput, VirtualRanks,
};
use fft_runtime::ocl::OclPrm;
use fft_runtime::{FftFloat, Normalization};
use num_complex::{Complex, Complex64};
use oclfft_tests::*;

/// How a test hands its parts to the plan.
#[derive(Clone, Copy, Debug)]
enum Path {
    /// `execute` on host slices, default chunks.
    Host,
    /// `execute_buffers` on device buffers, with exchanges in chunks of this many bytes.
    Buffers(usize),
}

/// How the ranks split the field.
#[derive(Clone, Copy, Debug)]
enum Split {
    /// Slabs of this axis, `even_split`.
    Slabs(usize),
    /// Pencils along `axis`: a `rows x columns` grid over the two other axes (rank `r` at row
    /// `r / columns`), ranks beyond the grid empty.
    Pencils {
        axis: usize,
        rows: usize,
        columns: usize,
    },
}

impl Split {
    /// Rank `r`'s brick of a field of `dims` over `ranks` ranks.
    fn brick(self, dims: [usize; 3], ranks: usize, r: usize) -> Brick {
        let mut brick = Brick::new(&[0..dims[0], 0..dims[1], 0..dims[2]]);
        match self {
            Split::Slabs(axis) => brick.ranges[axis] = even_split(dims[axis], ranks, r),
            Split::Pencils {
                axis,
                rows,
                columns,
            } => {
                if r >= rows * columns {
                    return Brick::new(&[0..0, 0..0, 0..0]);
                }
                let others: Vec<usize> = (0..3).filter(|&k| k != axis).collect();
                brick.ranges[others[0]] = even_split(dims[others[0]], rows, r / columns);
                brick.ranges[others[1]] = even_split(dims[others[1]], columns, r % columns);
            }
        }
        brick
    }
}

/// One distributed transform: the field's shape, the ranks, how input and output are split.
#[derive(Clone, Copy, Debug)]
struct Case<'a> {
    shape: &'a [usize],
    ranks: usize,
    input: Split,
    output: Split,
    /// Exchanges the plan must make.
    exchanges: usize,
}

/// Runs the distributed transform of a random field on virtual ranks and returns the whole
/// output, gathered in C order, beside the field.
fn distributed<T: FftFloat>(
    case: Case<'_>,
    (direction, normalization): (Direction, Normalization),
    path: Path,
) -> (Vec<Complex64>, Vec<Complex64>)
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    let shape = case.shape;
    let dims = [shape[0], shape[1], shape.get(2).copied().unwrap_or(1)];
    let [n0, n1, n2] = dims;
    let field = random_signal(n0 * n1 * n2, (n0 * 100 + n1 * 10 + n2 + case.ranks) as u64);
    let device = to_device::<T>(&field);
    let outputs = VirtualRanks::run(case.ranks, |me| {
        let r = me.rank();
        let input = case.input.brick(dims, case.ranks, r);
        let output = case.output.brick(dims, case.ranks, r);
        let plan = DistributedFft::<T, _>::new(
            test_queue(),
            me,
            shape,
            (input.clone(), output.clone()),
            (direction, normalization),
        )
        .unwrap();
        assert_eq!(plan.exchanges(), case.exchanges, "{case:?}");
        let local = input.extract(&device, dims);
        let plan = match path {
            Path::Host => plan,
            Path::Buffers(chunk) => plan.with_chunk_bytes(chunk),
        };
        let zero = fft_runtime::complex_from_f64::<T>(Complex64::new(0.0, 0.0));
        let out = match path {
            Path::Host => plan.execute(&local).unwrap(),
            Path::Buffers(_) => {
                let input = buffer_of(&local);
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
        (output, to_f64(&out))
    });
    let mut whole = vec![Complex64::new(f64::NAN, 0.0); n0 * n1 * n2];
    for (brick, out) in outputs {
        brick.place(&out, &mut whole, dims);
    }
    (field, whole)
}

fn check<T: FftFloat>(case: Case<'_>, direction: Direction, path: Path)
where
    Complex<T>: OclPrm + bytemuck::Pod,
{
    let normalization = match direction {
        Direction::Forward => Normalization::None,
        Direction::Inverse => Normalization::Backward,
    };
    let (field, got) = distributed::<T>(case, (direction, normalization), path);
    let shape = case.shape;
    let points: usize = shape.iter().product();
    let scale = match direction {
        Direction::Forward => 1.0,
        Direction::Inverse => 1.0 / points as f64,
    };
    let axes: Vec<usize> = (0..shape.len()).collect();
    let want = nd_oracle(&field, shape, &axes, direction, scale);
    check_against(&got, &want, points, nd_tolerance::<T>(shape, &axes))
        .unwrap_or_else(|e| panic!("{case:?}, {path:?}: {e}"));
}

/// Slabs of axis 0 in, slabs of `out_axis` out: one exchange for axis 1, two for axis 0 (one
/// on one rank, whose slab is the whole field).
fn slabs(shape: &[usize], ranks: usize, out_axis: usize) -> Case<'_> {
    let exchanges = match (ranks, out_axis) {
        (1, _) => 0,
        (_, 1) => 1,
        _ => 2,
    };
    Case {
        shape,
        ranks,
        input: Split::Slabs(0),
        output: Split::Slabs(out_axis),
        exchanges,
    }
}

#[test]
fn one_to_four_ranks_uneven_shapes_both_output_axes() {
    for ranks in 1..=4 {
        for out_axis in [1, 0] {
            check::<f32>(
                slabs(&[6, 5, 8], ranks, out_axis),
                Direction::Forward,
                Path::Host,
            );
            check::<f32>(
                slabs(&[7, 12], ranks, out_axis),
                Direction::Forward,
                Path::Host,
            );
        }
    }
}

#[test]
fn device_buffers_with_exchanges_in_many_small_chunks() {
    // 16-byte chunks: every message is one row of a block (or one value of a 2-D row), so
    // the pipeline cycles its slots many times; 1 MiB: one message per peer.
    for ranks in [1, 2, 3] {
        for out_axis in [1, 0] {
            for chunk in [16, 1 << 20] {
                let path = Path::Buffers(chunk);
                check::<f32>(slabs(&[6, 5, 8], ranks, out_axis), Direction::Forward, path);
                check::<f32>(slabs(&[9, 4], ranks, out_axis), Direction::Forward, path);
            }
        }
    }
    check::<f64>(
        slabs(&[5, 6, 4], 2, 0),
        Direction::Inverse,
        Path::Buffers(64),
    );
}

#[test]
fn slab_transforms_in_parts_let_the_exchange_read_the_first_planes_early() {
    // Planes of 8 x 16 values (1 KiB in f32) start every part on the sub-buffer alignment, so
    // the first transform of each slab runs in parts along axis 0 and every chunk's read
    // waits for its own part (16-byte chunks: many reads per part).
    let shape = [16, 8, 16];
    for ranks in [2, 3] {
        let parts = VirtualRanks::run(ranks, |me| {
            let (input, output) = (
                SlabBox::new(0, even_split(16, ranks, me.rank())),
                SlabBox::new(1, even_split(8, ranks, me.rank())),
            );
            let plan = DistributedFft::<f32, _>::new(
                test_queue(),
                me,
                &shape,
                (input, output),
                (Direction::Forward, Normalization::None),
            )
            .unwrap();
            plan.local_parts()
        });
        for (r, parts) in parts.iter().enumerate() {
            assert!(
                parts.len() == 2 && parts[0] >= 2 && parts[1] == 1,
                "rank {r} of {ranks}: {parts:?}"
            );
        }
        for out_axis in [1, 0] {
            for path in [Path::Host, Path::Buffers(16), Path::Buffers(1 << 20)] {
                check::<f32>(slabs(&shape, ranks, out_axis), Direction::Forward, path);
            }
        }
    }
    check::<f64>(slabs(&shape, 2, 1), Direction::Inverse, Path::Buffers(64));
}

#[test]
fn slabs_default_to_the_transposed_output_in_one_exchange() {
    // `DistributedFft::slabs` is `new` with FFTW-MPI's slabs of axis 0 in and slabs of axis
    // 1 (transposed, the default) or axis 0 (natural) out: the same exchanges and the same
    // values as those bricks spelt out.
    let shape = [6, 5, 8];
    let dims = [6, 5, 8];
    let field = to_device::<f32>(&random_signal(6 * 5 * 8, 7));
    for ranks in 1..=3 {
        for (output, axis, exchanges) in [
            (SlabOutput::default(), 1, 1),
            (SlabOutput::Transposed, 1, 1),
            (SlabOutput::Natural, 0, 2),
        ] {
            let same = VirtualRanks::run(ranks, |me| {
                let r = me.rank();
                let kinds = (Direction::Forward, Normalization::None);
                let easy = DistributedFft::<f32, _>::slabs(test_queue(), me, &shape, output, kinds)
                    .unwrap();
                let input = SlabBox::new(0, even_split(6, ranks, r));
                let spelt = SlabBox::new(axis, even_split(dims[axis], ranks, r));
                let plan = DistributedFft::<f32, _>::new(
                    test_queue(),
                    me,
                    &shape,
                    (input.clone(), spelt),
                    kinds,
                )
                .unwrap();
                let local = input.brick(dims).extract(&field, dims);
                let want = if ranks == 1 { 0 } else { exchanges };
                assert_eq!(easy.exchanges(), want, "{output:?} on {ranks} ranks");
                easy.execute(&local).unwrap() == plan.execute(&local).unwrap()
            });
            assert!(same.iter().all(|&s| s), "{output:?} on {ranks} ranks");
        }
    }
}

#[test]
fn callers_sub_buffers_take_the_whole_transform() {
    // OpenCL has no sub-buffers of sub-buffers: a plan that would run its first transform in
    // parts runs it whole from and into a caller's sub-buffers, with the same result.
    let (shape, dims, ranks) = ([16, 8, 16], [16, 8, 16], 2);
    let field = random_signal(16 * 8 * 16, 41);
    let device = to_device::<f32>(&field);
    let outputs = VirtualRanks::run(ranks, |me| {
        let r = me.rank();
        let (input, output) = (
            SlabBox::new(0, even_split(16, ranks, r)).brick(dims),
            SlabBox::new(1, even_split(8, ranks, r)).brick(dims),
        );
        let plan = DistributedFft::<f32, _>::new(
            test_queue(),
            me,
            &shape,
            (input.clone(), output.clone()),
            (Direction::Forward, Normalization::None),
        )
        .unwrap()
        .with_chunk_bytes(256);
        assert!(plan.local_parts()[0] > 1, "{:?}", plan.local_parts());
        let local = input.extract(&device, dims);
        let zero = num_complex::Complex32::new(0.0, 0.0);
        // Parents one value longer than the parts: sub-buffers at offset 0.
        let parent_in = buffer_of(&[&local[..], &[zero]].concat());
        let parent_out = buffer_of(&vec![zero; plan.output_len() + 1]);
        let sub_in = parent_in
            .create_sub_buffer(None, 0usize, local.len())
            .unwrap();
        let sub_out = parent_out
            .create_sub_buffer(None, 0usize, plan.output_len())
            .unwrap();
        plan.execute_buffers(&sub_in, &sub_out).unwrap();
        let mut out = vec![zero; plan.output_len()];
        sub_out.read(&mut out).enq().unwrap();
        (output, to_f64(&out))
    });
    let mut got = vec![Complex64::new(f64::NAN, 0.0); field.len()];
    for (brick, out) in outputs {
        brick.place(&out, &mut got, dims);
    }
    let want = nd_oracle(&field, &shape, &[0, 1, 2], Direction::Forward, 1.0);
    check_against(
        &got,
        &want,
        field.len(),
        nd_tolerance::<f32>(&shape, &[0, 1, 2]),
    )
    .unwrap();
}

#[test]
fn double_precision_inverse_with_normalization() {
    check::<f64>(slabs(&[4, 6, 8], 3, 0), Direction::Inverse, Path::Host);
    check::<f64>(slabs(&[10, 16], 2, 1), Direction::Inverse, Path::Host);
}

#[test]
fn pencils_in_and_out() {
    // heFFTe's usual case: pencils along axis 2 in (a 3 x 2 grid over axes 0 and 1), pencils
    // along axis 0 out (2 x 3 over axes 1 and 2): two exchanges.
    let along = |axis, rows, columns| Split::Pencils {
        axis,
        rows,
        columns,
    };
    let case = Case {
        shape: &[6, 5, 8],
        ranks: 6,
        input: along(2, 3, 2),
        output: along(0, 2, 3),
        exchanges: 2,
    };
    check::<f32>(case, Direction::Forward, Path::Host);
    check::<f32>(case, Direction::Forward, Path::Buffers(48));
    // The same pencils out as in: axis 2, then pencils along 1 and along 0 (reshapes within
    // grid rows and columns), then back: three exchanges.
    let round = Case {
        output: along(2, 3, 2),
        exchanges: 3,
        ..case
    };
    check::<f64>(round, Direction::Inverse, Path::Host);
    // Slabs in, pencils out, with a rank outside the grid.
    let mixed = Case {
        shape: &[4, 6, 6],
        ranks: 5,
        input: Split::Slabs(0),
        output: along(0, 2, 2),
        exchanges: 1,
    };
    check::<f32>(mixed, Direction::Forward, Path::Buffers(40));
    // A 2-D field in slabs of axis 1, out in slabs of axis 0.
    let flat = Case {
        shape: &[9, 10],
        ranks: 3,
        input: Split::Slabs(1),
        output: Split::Slabs(0),
        exchanges: 1,
    };
    check::<f32>(flat, Direction::Forward, Path::Host);
}

#[test]
fn more_ranks_than_planes_take_pencils_and_keep_every_rank_busy() {
    // 3 planes on 4 ranks, out along axis 1: the output's slabs (2 rows, 2 ranks busy).
    check::<f32>(slabs(&[3, 2, 16], 4, 1), Direction::Forward, Path::Host);
    // Out along axis 0: axis 0 on a 2 x 2 grid of pencils, all 4 ranks busy.
    check::<f32>(slabs(&[2, 5], 3, 0), Direction::Forward, Path::Host);
    check::<f32>(
        slabs(&[3, 2, 16], 4, 0),
        Direction::Forward,
        Path::Buffers(32),
    );
    // 8 ranks on 4 planes, slabs in and out: pencils of a 2 x 4 grid in the middle.
    let case = Case {
        exchanges: 2,
        ..slabs(&[4, 4, 8], 8, 0)
    };
    check::<f64>(case, Direction::Inverse, Path::Host);
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
    // Found by the first exchange's all-gather, before any chunk is sent: the same error,
    // with every rank's chunk size, on every rank (over MPI a longer message than the
    // receiver expects would abort the job).
    for (rank, error) in results.iter().enumerate() {
        assert!(
            matches!(
                error,
                Some(DistributedError::Exchange(ExchangeError::ChunkMismatch { values }))
                    if values == &[8, 131072]
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
        first.contains("ranks 0 and 1 both hold [1..2, 0..4, 0..4]")
            && first.contains("rank 1: [1..4, 0..4, 0..4]"),
        "{first}"
    );
    assert!(errors.iter().all(|e| e.as_deref() == Some(first.as_str())));

    // Output slabs of two axes that overlap, a slab of an axis the field does not have, and
    // bricks that leave values out: the same error on both ranks.
    let cases: [(&str, [Brick; 2]); 3] = [
        (
            "both hold [2..4, 0..2, 0..4]",
            [
                SlabBox::new(1, 0..2).brick(shape),
                SlabBox::new(0, 2..4).brick(shape),
            ],
        ),
        (
            "is not inside the field",
            [
                SlabBox::new(3, 0..3).brick(shape),
                SlabBox::new(3, 3..6).brick(shape),
            ],
        ),
        (
            "they hold 80 of the field's 96 values",
            [
                Brick::new(&[0..6, 0..4, 0..2]),
                Brick::new(&[0..4, 0..4, 2..4]),
            ],
        ),
    ];
    for (want, outputs) in cases {
        let errors = VirtualRanks::run(2, |me| {
            DistributedFft::<f32, _>::new(
                test_queue(),
                me,
                &shape,
                (
                    SlabBox::new(0, even_split(6, 2, me.rank())),
                    outputs[me.rank()].clone(),
                ),
                (Direction::Forward, Normalization::None),
            )
            .err()
            .map(|e| e.to_string())
        });
        assert!(
            errors.iter().all(|e| e
                .as_deref()
                .is_some_and(|e| e.contains(want) && e.contains("output"))),
            "{want}: {errors:?}"
        );
        assert_eq!(errors[0], errors[1]);
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

    // Device buffers, one per part: the same values as the host path.
    let plan = MultiDeviceFft::<f32>::new(
        &queues,
        &[8, 12],
        5,
        (Direction::Forward, Normalization::None),
    )
    .unwrap();
    let signal = to_device::<f32>(&random_signal(96 * 5, 3));
    let mut host = signal.clone();
    plan.process(&mut host).unwrap();
    let parts = plan.parts();
    let buffers: Vec<_> = parts
        .iter()
        .map(|(_, range)| buffer_of(&signal[range.start * 96..range.end * 96]))
        .collect();
    plan.process_buffers(&buffers.iter().collect::<Vec<_>>())
        .unwrap();
    let mut device = Vec::new();
    for (buffer, (_, range)) in buffers.iter().zip(&parts) {
        let mut part = vec![Complex::new(0.0f32, 0.0); range.len() * 96];
        buffer.read(&mut part).enq().unwrap();
        device.extend(part);
    }
    assert_eq!(device, host);
    assert!(matches!(
        plan.process_buffers(&[&buffers[0]]),
        Err(DistributedError::PartCount { got: 1, want: 3 })
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
