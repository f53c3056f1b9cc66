//! A CPU model of the fused local-memory pass (`fft_codegen::fused`), in f64, run on the
//! kernel's own index expressions (`fft_codegen::indexing::fused_pass`): the work-item
//! roles, where each element of the load and store phases lives in their flat and column
//! regimes, `pad`, and the local Stockham stages' reads, twiddle indices and writes, all
//! evaluated work-item by work-item, with the generator's simplified butterflies (through its
//! evaluator), pass twiddles from the two-level table and the per-element `g < total`
//! guards. Stages that exchange halves move their values by parts in registers; those are
//! modelled by their points. Chaining passes with p = 1, L1, L1*L2 must give the DFT for
//! every fused length, both directions and both precisions' column counts, with batches that
//! leave the last work-group partly empty; the global addresses must be consecutive across
//! work-items in the flat regimes and come in runs of C in the column regime.

use fft_codegen::butterfly::output_slot;
use fft_codegen::evaluate::evaluate;
use fft_codegen::ir::Graph;
mod common;

use common::fused_specs;
use fft_codegen::index::{Compiled, CompiledBindings, Compiler, Frame};
use fft_codegen::indexing::{fused_pass as fused_pass_indices, FusedPassIndices, PhaseIndices};
use fft_codegen::{fused_stage_butterfly, Direction, FusedSpec, Lengths, Precision};
use fft_core::accuracy::relative_l2_error;
use fft_core::kernel::{bluestein_reference, split_twiddles};
use fft_core::{reference_fft, unit_root, Complex64};
use std::collections::BTreeMap;

fn nan() -> Complex64 {
    Complex64::new(f64::NAN, f64::NAN)
}

/// One global access of a load or store phase: work-group, unrolled step, work-item, address.
#[derive(Clone, Copy, Debug)]
struct Access {
    grp: usize,
    it: usize,
    lid: usize,
    addr: usize,
    /// Whether the element's sub-FFT starts a sequence (i == 0): a run of a mixed-length
    /// pass breaks there when t is not a multiple of C.
    starts: bool,
}

/// What one launch produced: the output (unwritten elements NaN) and, in execution order, the
/// global addresses its load and store phases touched.
struct Launch {
    y: Vec<Complex64>,
    loads: Vec<Access>,
    stores: Vec<Access>,
}

/// The spec without its edges (Bluestein's pad and filter, a real transform's steps, the
/// caller's layout, interleaved columns): the Stockham pass this model runs. Each edge is
/// checked on a device by `tests/tests/every_kernel.rs`.
fn core(spec: &FusedSpec) -> FusedSpec {
    FusedSpec {
        real: None,
        chirp: None,
        load: None,
        store: None,
        interleaved: false,
        ..*spec
    }
}

/// The launch's inputs, in their slots (`Compiler::new`).
const INPUTS: [&str; 6] = [
    "get_local_id(0)",
    "get_group_id(0)",
    "p",
    "t",
    "total",
    "it",
];
const IT: usize = 5;

/// A phase regime's expressions, resolved to slots.
struct Phase {
    start: CompiledBindings,
    /// Element `it`'s local index and global address.
    elements: Vec<(Compiled, Compiled)>,
    /// Element `it` moves only when `point < bound` (a clamped last butterfly's outputs).
    live: Vec<Option<(Compiled, Compiled)>>,
}

/// A butterfly's expressions ([`fft_codegen::indexing::ButterflyIndices`]), resolved.
struct Butterfly {
    setup: CompiledBindings,
    reads: Vec<Compiled>,
    twiddles: Vec<Option<Compiled>>,
    destination: CompiledBindings,
    writes: Vec<Compiled>,
    live: Option<(Compiled, Compiled)>,
}

/// The kernel's index expressions (`fft_codegen::indexing::fused_pass`) resolved to slots,
/// so the model evaluates them fast.
struct Kernel {
    compiler: Compiler,
    roles: CompiledBindings,
    pad: Compiled,
    load_flat: Phase,
    load_columns: Phase,
    store_flat: Phase,
    store_columns: Phase,
    /// Per stage: its radix and the work-item's butterflies; empty when the stages
    /// exchange halves.
    stages: Vec<(u32, Vec<Butterfly>)>,
    first: usize,
    i: usize,
    k: usize,
}

impl Kernel {
    fn of(spec: &FusedSpec) -> Kernel {
        let ix: FusedPassIndices = fused_pass_indices(spec).unwrap();
        let mut compiler = Compiler::new(&INPUTS);
        let roles = compiler.bindings(&ix.roles).unwrap();
        let mut phase = |p: &PhaseIndices| Phase {
            start: compiler.bindings(&p.start).unwrap(),
            elements: p
                .elements
                .iter()
                .map(|(local, global)| (compiler.expr(local), compiler.expr(global)))
                .collect(),
            live: p
                .live
                .iter()
                .map(|c| {
                    c.as_ref()
                        .map(|(a, b)| (compiler.expr(a), compiler.expr(b)))
                })
                .collect(),
        };
        let (load_flat, load_columns) = (phase(&ix.load_flat), phase(&ix.load_columns));
        let (store_flat, store_columns) = (phase(&ix.store_flat), phase(&ix.store_columns));
        let stages = ix
            .stages
            .iter()
            .map(|stage| {
                let butterflies = stage
                    .butterflies
                    .iter()
                    .map(|b| Butterfly {
                        setup: compiler.bindings(&b.setup).unwrap(),
                        reads: b.reads.iter().map(|e| compiler.expr(e)).collect(),
                        twiddles: b
                            .twiddles
                            .iter()
                            .map(|t| t.as_ref().map(|e| compiler.expr(e)))
                            .collect(),
                        destination: compiler.bindings(&b.destination).unwrap(),
                        writes: b.writes.iter().map(|e| compiler.expr(e)).collect(),
                        live: b
                            .live
                            .as_ref()
                            .map(|(point, bound)| (compiler.expr(point), compiler.expr(bound))),
                    })
                    .collect();
                (stage.radix, butterflies)
            })
            .collect();
        let pad = Compiler::new(&["e"]).expr(&ix.pad);
        let (first, i, k) = (
            compiler.slot("first"),
            compiler.slot("i"),
            compiler.slot("k"),
        );
        Kernel {
            compiler,
            roles,
            pad,
            load_flat,
            load_columns,
            store_flat,
            store_columns,
            stages,
            first,
            i,
            k,
        }
    }

    /// Work-item `lid` of work-group `grp`'s variables after its role bindings.
    fn roles(&self, lid: usize, grp: usize, p: usize, t: usize, total: usize) -> Frame {
        let mut frame = self.compiler.frame();
        frame[..IT].copy_from_slice(&[lid, grp, p, t, total].map(|v| v as u64));
        self.roles.run(&mut frame);
        frame
    }
}

/// The global accesses of a phase as the kernel's expressions place them: element `it` of
/// the work-item with the variables `frame` is point `m` of sub-FFT `c` of the work-group
/// (from its local index `c * L + m`) at global address `addr`; `None` where that sub-FFT is
/// past `total` (the kernel's guard) or the element is not the work-item's (its `live`
/// condition fails).
fn place(
    kernel: &Kernel,
    phase: &Phase,
    frame: &Frame,
    l: usize,
    total: usize,
) -> Vec<Option<(usize, usize, usize)>> {
    let mut frame = frame.clone();
    phase.start.run(&mut frame);
    let first = frame[kernel.first] as usize;
    phase
        .elements
        .iter()
        .enumerate()
        .map(|(it, (local, global))| {
            frame[IT] = it as u64;
            if let Some(Some((point, bound))) = phase.live.get(it) {
                if point.value(&frame) >= bound.value(&frame) {
                    return None;
                }
            }
            let local = local.value(&frame) as usize;
            let (c, m) = (local / l, local % l);
            (first + c < total).then(|| (c, m, global.value(&frame) as usize))
        })
        .collect()
}

/// One launch of the fused kernel of `spec` (its [`core`]) over `x` (`total = x.len() / len`
/// sub-FFTs), with the pass-twiddle table split at `h`: every index from the kernel's own
/// expressions (`fft_codegen::indexing::fused_pass`).
fn fused_pass(x: &[Complex64], spec: &FusedSpec, p: usize, t: usize, h: u32, scale: f64) -> Launch {
    let spec = &core(spec);
    let kernel = Kernel::of(spec);
    let direction = spec.direction;
    let l = spec.len as usize;
    let cols = spec.columns() as usize;
    let group = spec.work_group_size() as usize;
    let radix = spec.radix() as usize;
    let total = x.len() / l;
    assert_eq!(radix * group, cols * l, "C*L/W elements per work-item");

    // Host tables, exact in f64.
    let stage_tw = spec.stage_table();
    let span = (l * p) as u64;
    let hi: Vec<Complex64> = (0..span.div_ceil(1 << h).max(1))
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

    // An exchange in parts: part k's buffer holds points k*P..(k+1)*P of each sub-FFT, the
    // parts side by side here (the kernel reuses one buffer, part after part). Within a part
    // the kernel's pad(e).
    let (parts, part_len) = (spec.exchange_parts() as usize, spec.part_len() as usize);
    let local_len = spec.local_len() as usize;
    let pad = |e: usize| kernel.pad.value(&[e as u64]) as usize;
    let slot_of = |c: usize, m: usize| {
        let in_part = pad(c * part_len + m % part_len);
        assert!(
            in_part < local_len,
            "point {m} of sub-FFT {c} beyond the buffer"
        );
        (m / part_len) * local_len + in_part
    };

    let mut y = vec![nan(); x.len()];
    let mut stored = vec![false; x.len()];
    let (mut loads, mut stores) = (Vec::new(), Vec::new());
    for grp in 0..total.div_ceil(cols) {
        let first = grp * cols;
        let mut buf = vec![nan(); parts * local_len];
        let mut written = vec![false; buf.len()];
        let roles: Vec<Frame> = (0..group)
            .map(|lid| kernel.roles(lid, grp, p, t, total))
            .collect();

        // Load phase.
        let load = if t == 1 {
            &kernel.load_flat
        } else {
            &kernel.load_columns
        };
        for (lid, frame) in roles.iter().enumerate() {
            for (it, placed) in place(&kernel, load, frame, l, total)
                .into_iter()
                .enumerate()
            {
                let Some((c, m, addr)) = placed else {
                    continue;
                };
                let (i, k) = (frame[kernel.i] as usize, frame[kernel.k] as usize);
                let mut v = x[addr];
                if p > 1 && t > 1 {
                    v *= pass_twiddle(k * m);
                }
                let slot = slot_of(c, m);
                assert!(!written[slot], "load writes slot {slot} twice");
                written[slot] = true;
                buf[slot] = v;
                loads.push(Access {
                    grp,
                    it,
                    lid,
                    addr,
                    starts: i == 0,
                });
            }
        }
        let valid = (total - first).min(cols);
        assert_eq!(written.iter().filter(|w| **w).count(), valid * l);

        if kernel.stages.is_empty() {
            register_stages(spec, &graphs, &stage_tw, &mut buf, &slot_of);
        } else {
            complex_stages(
                spec, &kernel, &roles, &graphs, &stage_tw, &mut buf, &slot_of,
            );
        }

        // Store phase.
        let store = if p == 1 {
            &kernel.store_flat
        } else {
            &kernel.store_columns
        };
        for (lid, frame) in roles.iter().enumerate() {
            for (it, placed) in place(&kernel, store, frame, l, total)
                .into_iter()
                .enumerate()
            {
                let Some((c, q, addr)) = placed else {
                    continue;
                };
                let i = frame[kernel.i] as usize;
                assert!(!stored[addr], "store writes y[{addr}] twice");
                stored[addr] = true;
                y[addr] = buf[slot_of(c, q)] * scale;
                stores.push(Access {
                    grp,
                    it,
                    lid,
                    addr,
                    starts: i == 0,
                });
            }
        }
    }
    assert!(stored.iter().all(|s| *s), "some output never written");
    Launch { y, loads, stores }
}

/// The local stages of a kernel that exchanges whole complex values, from the kernel's
/// expressions: every work-item's butterflies read (times the stage twiddles), then all
/// write, as between the kernel's barriers.
fn complex_stages(
    spec: &FusedSpec,
    kernel: &Kernel,
    roles: &[Frame],
    graphs: &BTreeMap<u32, Graph>,
    stage_tw: &[Complex64],
    buf: &mut [Complex64],
    slot_of: &dyn Fn(usize, usize) -> usize,
) {
    let l = spec.len as usize;
    let slot = |local: u64| slot_of(local as usize / l, local as usize % l);
    for (radix, butterflies) in &kernel.stages {
        let graph = &graphs[radix];
        let mut writes = Vec::new();
        for frame in roles {
            let mut env = frame.clone();
            for butterfly in butterflies {
                butterfly.setup.run(&mut env);
                let inputs: Vec<Complex64> = butterfly
                    .reads
                    .iter()
                    .zip(&butterfly.twiddles)
                    .map(|(local, twiddle)| {
                        let v = buf[slot(local.value(&env))];
                        match twiddle {
                            Some(at) => v * stage_tw[at.value(&env) as usize],
                            None => v,
                        }
                    })
                    .collect();
                let outputs = evaluate(graph, &inputs);
                butterfly.destination.run(&mut env);
                let live = match &butterfly.live {
                    Some((point, bound)) => point.value(&env) < bound.value(&env),
                    None => true,
                };
                if live {
                    for (q, local) in butterfly.writes.iter().enumerate() {
                        let value = outputs[output_slot(*radix, q)];
                        writes.push((slot(local.value(&env)), value));
                    }
                }
            }
        }
        let columns = spec.columns() as usize;
        write_stage_outputs(buf, writes, *radix, columns * l);
    }
}

/// The local stages of a kernel whose values stay in registers (`registers.rs`): they move
/// between stages by complex values, halves or parts, so this models the stages by their points, sub-FFT
/// by sub-FFT, work-item `(j = lid % (L/R), c = lid / (L/R))` running butterflies
/// `b = j + u * (L/R)` (`u < ceil(R / r)`, those past the stage's `L / r` writing nothing).
fn register_stages(
    spec: &FusedSpec,
    graphs: &BTreeMap<u32, Graph>,
    stage_tw: &[Complex64],
    buf: &mut [Complex64],
    slot_of: &dyn Fn(usize, usize) -> usize,
) {
    let l = spec.len as usize;
    let radix = spec.radix() as usize;
    let per = l / radix;
    let group = spec.work_group_size() as usize;
    let slots = spec.stage_twiddle_slots();
    let mut ps = 1;
    for (index, r) in spec.stage_radices().into_iter().enumerate() {
        let r_us = r as usize;
        let graph = &graphs[&r];
        let mut writes = Vec::new();
        for lid in 0..group {
            let (j, c) = (lid % per, lid / per);
            for u in 0..radix.div_ceil(r_us) {
                // A radix that does not divide R: the work-items past the stage's last
                // butterfly run a clamped copy of it and write nothing.
                let own = j + u * per;
                let b = own.min(l / r_us - 1);
                let kk = b % ps;
                let inputs: Vec<Complex64> = (0..r_us)
                    .map(|m| {
                        let v = buf[slot_of(c, b + m * (l / r_us))];
                        if m == 0 || ps == 1 {
                            return v;
                        }
                        let (coefficient, offset) = slots.slot(index, m as u32);
                        v * stage_tw[kk * coefficient as usize + offset as usize]
                    })
                    .collect();
                let outputs = evaluate(graph, &inputs);
                if own >= l / r_us {
                    continue;
                }
                for q in 0..r_us {
                    let point = (b - kk) * r_us + kk + q * ps;
                    writes.push((slot_of(c, point), outputs[output_slot(r, q)]));
                }
            }
        }
        write_stage_outputs(buf, writes, r, spec.columns() as usize * l);
        ps *= r_us;
    }
}

/// Applies a stage's writes after checking that it writes each of the `points` once.
fn write_stage_outputs(
    buf: &mut [Complex64],
    writes: Vec<(usize, Complex64)>,
    radix: u32,
    points: usize,
) {
    let mut seen = vec![false; buf.len()];
    for (index, v) in writes {
        assert!(!seen[index], "stage of radix {radix} writes {index} twice");
        seen[index] = true;
        buf[index] = v;
    }
    assert_eq!(
        seen.iter().filter(|s| **s).count(),
        points,
        "stage of radix {radix} must write every element once"
    );
}

/// The pattern of a flat phase of `spec`: the whole block, or runs of L/R per sub-FFT when
/// a wide pass's stages exchange halves with C > 1 (element `it` of work-item `lid` is then
/// point `lid % (L/R) + it * (L/R)` of sub-FFT `lid / (L/R)`).
fn flat_pattern(spec: &FusedSpec) -> Pattern {
    if spec.holds_registers() && spec.columns() > 1 {
        Pattern::Blocks((spec.len / spec.radix()) as usize)
    } else {
        Pattern::Flat
    }
}

/// How work-items of one unrolled step share global addresses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pattern {
    /// Work-item n touches `start + n`: the whole work-group is one contiguous run.
    Flat,
    /// Work-items n and n + 1 touch consecutive addresses unless n + 1 starts a block of
    /// this many (a sub-FFT's run in a wide pass's flat phase).
    Blocks(usize),
    /// Runs of (at least) C: work-items n and n + 1 of the same column block touch
    /// consecutive addresses.
    Runs,
    /// t or p below C (the planner never asks for it): nothing to assert.
    Unchecked,
}

/// The pattern the kernel promises for a phase whose stride argument (t for loads, p for
/// stores) is `stride`.
fn promised(stride: usize, spec: &FusedSpec) -> Pattern {
    let cols = spec.columns() as usize;
    if stride == 1 {
        flat_pattern(spec)
    } else if stride >= cols {
        Pattern::Runs
    } else {
        Pattern::Unchecked
    }
}

/// Asserts `pattern` on `accesses`; returns how many neighbouring pairs it checked.
fn check_pattern(accesses: &[Access], pattern: Pattern, cols: usize, what: &str) -> usize {
    let mut steps: BTreeMap<(usize, usize), Vec<Access>> = BTreeMap::new();
    for a in accesses {
        steps.entry((a.grp, a.it)).or_default().push(*a);
    }
    let mut pairs = 0;
    for ((grp, it), mut step) in steps {
        step.sort_unstable_by_key(|a| a.lid);
        for pair in step.windows(2) {
            let (lid0, addr0) = (pair[0].lid, pair[0].addr);
            let (lid1, addr1, starts1) = (pair[1].lid, pair[1].addr, pair[1].starts);
            let neighbours = match pattern {
                Pattern::Flat => lid1 == lid0 + 1,
                Pattern::Blocks(run) => lid1 == lid0 + 1 && lid1 % run != 0,
                Pattern::Runs => lid1 == lid0 + 1 && lid1 % cols != 0 && !starts1,
                Pattern::Unchecked => false,
            };
            if neighbours {
                assert_eq!(
                    addr1,
                    addr0 + 1,
                    "{what} ({pattern:?}): group {grp} step {it}: lids {lid0}, {lid1}"
                );
                pairs += 1;
            }
        }
    }
    pairs
}

fn signal(len: usize) -> Vec<Complex64> {
    (0..len)
        .map(|j| Complex64::new((j as f64 * 0.37).sin(), (j as f64 * 1.3 + 0.2).cos()))
        .collect()
}

fn spec(len: u32, direction: Direction, precision: Precision) -> FusedSpec {
    FusedSpec {
        direction,
        precision,
        ..FusedSpec::new(len)
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
    split: impl Fn(u64) -> u32,
) {
    let n: usize = lens.iter().map(|&l| l as usize).product();
    let x = signal(n * batch);
    let scale = 0.5;
    let mut data = x.clone();
    let mut p = 1;
    for (pass, &len) in lens.iter().enumerate() {
        // As the planner does: the passes of a length that is not a power of two index by
        // division (Lengths::Any), even a power-of-two pass among them.
        let lengths = if n.is_power_of_two() {
            Lengths::PowerOfTwo
        } else {
            Lengths::Any
        };
        let spec = FusedSpec {
            lengths,
            ..spec(len, direction, precision)
        };
        let span = len as u64 * p as u64;
        let last = pass + 1 == lens.len();
        let s = if last { scale } else { 1.0 };
        let t = n / len as usize;
        let launch = fused_pass(&data, &spec, p, t, split(span), s);
        let cols = spec.columns() as usize;
        check_pattern(&launch.loads, promised(t, &spec), cols, "load");
        check_pattern(&launch.stores, promised(p, &spec), cols, "store");
        data = launch.y;
        p *= len as usize;
    }
    for seq in 0..batch {
        let range = seq * n..(seq + 1) * n;
        let input = &x[range.clone()];
        let want: Vec<Complex64> = reference_fft(input, direction)
            .unwrap_or_else(|| bluestein_reference(input, direction))
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

/// Mixed lengths from every regime: one stage (T = 1), two and three stages, radices that do
/// not divide the largest one (guarded butterflies), primes 7, 11 and 13, both precisions;
/// values in registers (`FusedSpec::mixed_in_registers`) with C > 1 (400, 729, 1000, 1296
/// = [6, 6, 6, 6]), with C = 1 (2187, 3125, 3000 = [30, 10, 10]) and exchanging halves
/// (5000, 6561 and 10000 in f32, 2187 and 5000 in f64, in one part), in two parts (10800 in
/// f32, 5184 in f64).
const MIXED_LENGTHS: [u32; 27] = [
    3, 12, 60, 100, 400, 729, 1000, 1296, 2187, 2310, 3125, 3000, 726, 91, 1690, 5000, 6561, 10000,
    10800, 5184, 4200, 8190, 4725, 11025, 13720, 5005, 4290,
];

#[test]
fn mixed_single_passes_equal_the_dft() {
    for len in MIXED_LENGTHS {
        for precision in [Precision::F32, Precision::F64] {
            let direction = if len % 2 == 0 {
                Direction::Forward
            } else {
                Direction::Inverse
            };
            let spec = spec(len, direction, precision);
            if spec.check().is_err() {
                continue;
            }
            let cols = spec.columns() as usize;
            let batch = if cols == 1 { 2 } else { 2 * cols - 1 };
            check_chain(&[len], batch, direction, precision, balanced);
        }
    }
}

#[test]
fn mixed_chains_equal_the_dft() {
    // [3, 5005]: the second pass stores a last radix that does not divide its first
    // (`scattered.rs`) in the column regime (p = 3).
    let chains: [&[u32]; 9] = [
        &[3, 5005],
        &[100, 100],
        &[12, 1000],
        &[27, 81],
        &[7, 11, 13],
        &[64, 15],
        &[400, 25],
        &[25, 729],
        &[768, 25],
    ];
    for lens in chains {
        for direction in [Direction::Forward, Direction::Inverse] {
            check_chain(lens, 2, direction, Precision::F32, balanced);
        }
    }
}

/// The split the runtime binds: the two-level table's `h` for a pass whose twiddle span
/// is `span` points (the ABI's `FourStepShift`).
fn balanced(span: u64) -> u32 {
    split_twiddles(span, Direction::Forward).h
}

#[test]
fn single_pass_equals_the_dft_for_every_catalog_kernel() {
    for spec in fused_specs() {
        let cols = spec.columns() as usize;
        // A full work-group and a partly filled one.
        let batch = if cols == 1 { 2 } else { 2 * cols - 1 };
        check_chain(&[spec.len], batch, spec.direction, spec.precision, balanced);
    }
}

#[test]
fn two_passes_equal_the_dft_with_every_len_first_and_last() {
    let lens: Vec<u32> = (1..=14).map(|b| 1 << b).collect();
    for spec in fused_specs() {
        let index = lens.iter().position(|&l| l == spec.len).unwrap();
        // A partner from small to medium, so N stays <= 2^16 and p < C occurs.
        let partner = lens[(index * 5 + 2) % 7].min((1 << 16) / spec.len);
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
    let splits: [fn(u64) -> u32; 3] = [|_| 0, |span| span.next_power_of_two().ilog2(), balanced];
    for split in splits {
        check_chain(&[64, 32], 3, Direction::Forward, Precision::F32, split);
        check_chain(&[8, 4, 256], 5, Direction::Inverse, Precision::F64, split);
    }
}

#[test]
fn global_accesses_are_flat_or_in_runs_of_c() {
    use Direction::Forward;
    use Precision::{F32, F64};
    // One pass: t == 1 and p == 1, so both phases are flat. Step by step, work-item by
    // work-item, the addresses are exactly 0, 1, 2, ...: each work-group moves one block,
    // the partly filled last one included. A pass that keeps its values in registers with
    // C > 1 moves each sub-FFT's block in runs of L / R (256 points: 16 columns of 16
    // work-items), every address once.
    for (len, precision) in [
        (2, F64),
        (16, F32),
        (64, F64),
        (128, F32),
        (256, F32),
        (512, F64),
        (2048, F64),
        (4096, F32),
    ] {
        let spec = spec(len, Forward, precision).as_single_pass();
        let (l, cols) = (len as usize, spec.columns() as usize);
        let batch = if cols == 1 {
            2
        } else {
            2 * cols + cols / 2 + 1
        };
        let launch = fused_pass(&signal(l * batch), &spec, 1, 1, 0, 1.0);
        for (what, accesses) in [("load", &launch.loads), ("store", &launch.stores)] {
            let pattern = flat_pattern(&spec);
            let mut order = accesses.clone();
            order.sort_by_key(|a| (a.grp, a.it, a.lid));
            let mut addrs: Vec<usize> = order.iter().map(|a| a.addr).collect();
            if pattern != Pattern::Flat {
                addrs.sort_unstable();
            }
            assert_eq!(addrs, (0..l * batch).collect::<Vec<_>>(), "{what} {len}");
            assert!(check_pattern(accesses, pattern, cols, what) > 0);
        }
    }
    // Two passes L1 x L2: the first loads columns (t = L2 >= C1) and stores flat (p = 1);
    // the second loads and stores columns (t = p = L1 >= C2), in runs of C. A wide pass
    // (1024 points with C = 8, 2048 with C = 4) stores its flat phase in runs of L/R.
    for (l1, l2, precision) in [
        (64, 64, F32),
        (16, 256, F32),
        (256, 16, F32),
        (32, 128, F64),
        (2048, 8, F32),
        (8, 1024, F32),
        (1024, 4, F64),
    ] {
        let (first, second) = (spec(l1, Forward, precision), spec(l2, Forward, precision));
        let (c1, c2) = (first.columns() as usize, second.columns() as usize);
        let (l1, l2) = (l1 as usize, l2 as usize);
        let x = signal(l1 * l2 * 2);
        let one = fused_pass(&x, &first, 1, l2, 0, 1.0);
        assert_eq!(promised(l2, &first), Pattern::Runs);
        assert!(check_pattern(&one.loads, Pattern::Runs, c1, "load 1") > 0);
        let flat = flat_pattern(&first);
        assert_eq!(flat == Pattern::Flat, !first.is_wide(), "{l1}");
        assert!(check_pattern(&one.stores, flat, c1, "store 1") > 0);
        let two = fused_pass(&one.y, &second, l1, l1, 0, 1.0);
        assert_eq!(promised(l1, &second), Pattern::Runs);
        assert!(check_pattern(&two.loads, Pattern::Runs, c2, "load 2") > 0);
        assert!(check_pattern(&two.stores, Pattern::Runs, c2, "store 2") > 0);
    }
}
