//! Properties of the emitted fused-kernel text (DESIGN.md section 3) and its ABI.

mod common;

use common::{file_name, fused_specs, generate};
use fft_codegen::{
    emit, fused_stage_butterfly, CodegenError, Direction, FusedSpec, KernelSpec, Precision,
    SpecError,
};

fn source(spec: &FusedSpec) -> String {
    generate(*spec).source.into_owned()
}

/// The source without its comment lines.
fn code(text: &str) -> String {
    text.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .map(|line| format!("{line}\n"))
        .collect()
}

#[test]
fn emission_is_deterministic_and_matches_the_spec() {
    for spec in fused_specs() {
        let first = generate(spec);
        assert_eq!(first, generate(spec));
        assert_eq!(first.spec, KernelSpec::Fused(spec));
        assert_eq!(first.entry_point(), spec.name());
        let attribute = format!(
            "__kernel __attribute__((reqd_work_group_size({}, 1, 1)))\nvoid {}(",
            spec.work_group_size(),
            spec.name()
        );
        assert!(first.source.contains(&attribute), "{}", file_name(spec));
        let value = if spec.exchanges_halves() {
            scalar(spec)
        } else {
            vector(spec)
        };
        // A kernel that pads each exchange on its own declares what they take: the values
        // held at least, the planner's budget at most. The others declare the budget.
        let prefix = format!("__local {value} buf[");
        let declared: u64 = first.source[first.source.find(&prefix).expect("buf") + prefix.len()..]
            .split(']')
            .next()
            .and_then(|n| n.parse().ok())
            .expect("buf's length");
        if spec.pads_linearly() {
            let held = u64::from(spec.columns() * spec.part_len());
            assert!(
                (held..=spec.local_len()).contains(&declared),
                "{}",
                file_name(spec)
            );
        } else {
            assert_eq!(declared, spec.local_len(), "{}", file_name(spec));
        }
        let bytes = format!(
            "{} bytes of local memory",
            declared * spec.local_bytes() / spec.local_len()
        );
        assert!(first.source.contains(&bytes), "{}", file_name(spec));
    }
}

/// The writes to local memory: `buf[pad(...)] = ` where an exchange indexes through `pad()`,
/// and `sN_uM_out[c] = ` where it pads on its own (a pointer and a constant); each of those
/// exchanges declares one pointer for its reads.
fn local_writes_of(code: &str, spec: FusedSpec) -> usize {
    let through_pad = code.matches("    buf[pad(").count();
    if !spec.pads_linearly() {
        return through_pad;
    }
    let pointer_writes = code
        .lines()
        .map(str::trim_start)
        .filter(|line| line.starts_with('s'))
        .filter(|line| {
            line.split_once("_out[")
                .is_some_and(|(_, rest)| rest.contains("] = "))
        })
        .count();
    let read_pointers = code
        .lines()
        .filter(|line| line.trim_start().starts_with("__local ") && line.contains("_in = buf + "))
        .count();
    assert!(
        read_pointers < spec.stage_radices().len(),
        "{}",
        file_name(spec)
    );
    assert_eq!(pointer_writes > 0, read_pointers > 0, "{}", file_name(spec));
    through_pad + pointer_writes
}

fn scalar(spec: FusedSpec) -> &'static str {
    match spec.precision {
        Precision::F32 => "float",
        Precision::F64 => "double",
    }
}

fn vector(spec: FusedSpec) -> &'static str {
    match spec.precision {
        Precision::F32 => "float2",
        Precision::F64 => "double2",
    }
}

#[test]
fn the_abi_is_exactly_the_runtime_contract() {
    let text = source(&FusedSpec::new(4096).as_single_pass());
    let signature = "\
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void fft_fused4096_c1_fwd_f32_whole(__global const float2 *x,
                                    __global float2 *y,
                                    __global const float2 *restrict stage_tw,
                                    __global const float2 *restrict pass_tw_hi,
                                    __global const float2 *restrict pass_tw_lo,
                                    const uint p,
                                    const uint t,
                                    const uint h,
                                    const uint total,
                                    const float scale)
{
";
    assert!(text.contains(signature), "{text}");
    let text = source(&FusedSpec {
        precision: Precision::F64,
        direction: Direction::Inverse,
        ..FusedSpec::new(8)
    });
    assert!(text.contains("void fft_fused8_c128_inv_f64(__global const double2 *x,"));
    assert!(text.contains("const double scale)"));
}

#[test]
fn unsupported_lengths_are_errors_not_panics() {
    for (len, precision) in [
        (0, Precision::F32),
        (1, Precision::F32),
        (34, Precision::F32),
        (2 * 4095 * 4, Precision::F32),
        (32768, Precision::F32),
        (31104, Precision::F32),
        (16384, Precision::F64),
    ] {
        let spec = FusedSpec {
            precision,
            ..FusedSpec::new(len)
        };
        match emit(&KernelSpec::Fused(spec)) {
            Err(CodegenError::Spec(SpecError::UnsupportedFusedLength {
                len: got, max, ..
            })) => {
                assert_eq!(got, len);
                // Mixed lengths go further (long mixed passes: 30720 in f32).
                let want = if len.is_power_of_two() {
                    FusedSpec::max_len(precision)
                } else {
                    FusedSpec::mixed_max_len(precision)
                };
                assert_eq!(max, want);
            }
            other => panic!("{spec:?}: {other:?}"),
        }
    }
    // Above the complex capacity only plain powers of two and mixed lengths of at most 32
    // values per work-item, 16 to 512 work-items, exist (the stages exchange halves): 5929 =
    // 7^2 * 11^2 has none (R = 11 needs 539 work-items, R = 49 is above 32).
    let halves = [
        FusedSpec::new(5929),
        FusedSpec {
            interleaved: true,
            ..FusedSpec::new(8192)
        },
        FusedSpec {
            precision: Precision::F64,
            interleaved: true,
            ..FusedSpec::new(4096)
        },
    ];
    for spec in halves {
        match emit(&KernelSpec::Fused(spec)) {
            Err(CodegenError::Spec(SpecError::HalvesExchange { len, capacity, .. })) => {
                assert_eq!(
                    (len, capacity),
                    (spec.len, spec.len.next_power_of_two() / 2)
                );
            }
            other => panic!("{spec:?}: {other:?}"),
        }
    }
}

#[test]
fn layout_is_lf_four_spaces_one_trailing_newline() {
    for spec in fused_specs() {
        let text = source(&spec);
        let name = file_name(spec);
        let signature_indent = "void ".len() + spec.name().len() + 1;
        assert!(text.is_ascii(), "{name}");
        assert!(!text.contains('\r') && !text.contains('\t'), "{name}");
        assert!(text.ends_with("}\n") && !text.ends_with("\n\n"), "{name}");
        assert!(!text.contains("\n\n\n"), "{name}: double blank line");
        for line in text.lines() {
            assert_eq!(line.trim_end(), line, "{name}: trailing space in {line:?}");
            let indent = line.len() - line.trim_start().len();
            assert!(
                indent % 4 == 0 || indent == signature_indent,
                "{name}: odd indentation in {line:?}"
            );
        }
        let code = code(&text);
        assert_eq!(
            code.matches('{').count(),
            code.matches('}').count(),
            "{name}"
        );
        assert_eq!(
            code.matches('(').count(),
            code.matches(')').count(),
            "{name}"
        );
    }
}

#[test]
fn sections_come_in_order_and_fp64_only_for_doubles() {
    for spec in fused_specs() {
        let text = source(&spec);
        let name = file_name(spec);
        let pos = |needle: &str| text.find(needle);
        let pragma = pos("#pragma OPENCL EXTENSION cl_khr_fp64 : enable");
        assert_eq!(pragma.is_some(), spec.precision == Precision::F64, "{name}");
        let header_end = pos("\n\n").unwrap();
        let mut order = vec![header_end];
        order.extend(pragma);
        order.extend([pos("inline ").unwrap(), pos("__kernel ").unwrap()]);
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{name}: {order:?}");
        match spec.precision {
            Precision::F32 => assert!(!text.contains("double"), "{name}"),
            Precision::F64 => assert!(!text.contains("float"), "{name}"),
        }
        assert!(!text.contains("/work") && !text.contains("/home"), "{name}");
        assert!(
            !code(&text).contains("cos(") && !text.contains("M_PI"),
            "{name}"
        );
    }
}

#[test]
fn every_used_helper_is_defined_once_and_every_defined_one_is_used() {
    for spec in fused_specs() {
        let text = source(&spec);
        let name = file_name(spec);
        let mut defined = Vec::new();
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("inline ") {
                let helper = rest.split_once(' ').unwrap().1.split_once('(').unwrap().0;
                assert!(!defined.contains(&helper), "{name}: {helper} twice");
                defined.push(helper);
            }
        }
        // A kernel that pads each exchange on its own may index buf without pad().
        for helper in ["pad", "cmul", "pass_twiddle"] {
            if helper != "pad" || !spec.pads_linearly() {
                assert!(defined.contains(&helper), "{name}: no {helper}");
            }
        }
        if !defined.contains(&"pad") {
            assert!(!code(&text).contains("pad("), "{name}: pad() undefined");
        }
        let code = code(&text);
        for helper in &defined {
            let calls = code.matches(&format!("{helper}(")).count();
            assert!(calls >= 2, "{name}: {helper} is defined but never called");
        }
        // Constant multiplications: each stage's butterflies, R / r of them per work-item.
        let mut want = 0;
        for r in spec.stage_radices() {
            let per_item = spec.radix() / r;
            let ops = fused_stage_butterfly(&spec, r).unwrap().op_counts();
            want += per_item * ops.constant_muls;
        }
        let defined_mul = defined.iter().filter(|h| h.starts_with("mul_p")).count();
        let calls = code.matches("mul_p").count() - defined_mul;
        assert_eq!(calls as u32, want, "{name}");
    }
}

#[test]
fn literals_have_the_right_suffix() {
    for spec in fused_specs() {
        let text = source(&spec);
        let name = file_name(spec);
        let bytes = text.as_bytes();
        for (i, _) in text.match_indices('.') {
            let digit_before = i > 0 && bytes[i - 1].is_ascii_digit();
            let digit_after = bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
            if !(digit_before && digit_after) {
                continue;
            }
            let end = text[i + 1..]
                .find(|c: char| !c.is_ascii_digit() && c != 'e' && c != '-')
                .map_or(text.len(), |n| i + 1 + n);
            let suffixed = bytes.get(end) == Some(&b'f');
            assert_eq!(suffixed, spec.precision == Precision::F32, "{name}");
        }
    }
}

#[test]
fn phases_and_barriers_follow_the_stages() {
    for spec in fused_specs() {
        let text = source(&spec);
        let name = file_name(spec);
        let stages = spec.stage_radices().len();
        let code = code(&text);
        let r = spec.radix() as usize;
        // The load and store phases are loops over the elements `it` (#pragma unroll), so
        // each global access is written once per regime: loads flat, column with pass
        // twiddles, column without; stores flat and column. A work-item that holds a whole
        // sub-FFT (R = L) loads its element 0 apart in the twiddled branch (W^0 = 1). Where
        // the values stay in registers (the stages exchange halves, or the pass is the
        // whole transform from 256 points), or R > 16, the phases are written out: R
        // accesses per regime.
        let registers = spec.holds_registers();
        let loops = !registers && spec.radix() <= 16;
        let whole = spec.radix() == spec.len;
        let peeled = usize::from(whole);
        // A complex exchange: one barrier after the load and two per stage; the local
        // writes are the load's (one per loop, and the peeled element) and R per stage.
        // Halves: the load and store stay in registers, and each of the stages - 1
        // exchanges between stages writes R real and R imaginary parts with four barriers
        // per part (three before the first); in parts, each write sits under its
        // butterfly's part condition in every part. Complex values in registers: R writes
        // and two barriers per exchange (one before the first).
        let parts = spec.exchange_parts() as usize;
        let (barriers, local_writes) = if spec.exchanges_halves() {
            (4 * parts * (stages - 1) - 1, 2 * r * (stages - 1) * parts)
        } else if registers {
            (2 * (stages - 1) - 1, r * (stages - 1))
        } else {
            let phase_writes = if loops { 3 + peeled } else { 3 * r };
            (1 + 2 * stages, phase_writes + stages * r)
        };
        assert_eq!(
            code.matches("barrier(CLK_LOCAL_MEM_FENCE);").count(),
            barriers,
            "{name}"
        );
        let (loads, stores) = if loops {
            (3 + peeled, 2)
        } else {
            (3 * r, 2 * r)
        };
        assert_eq!(code.matches("x[src").count(), loads, "{name}");
        assert_eq!(code.matches("y[out").count(), stores, "{name}");
        assert_eq!(local_writes_of(&code, spec), local_writes, "{name}");
        // In loops, nothing unrolled by hand: every global index but the peeled element's
        // is in `it`; written out, none is.
        for (array, base) in [("x[src", "src"), ("y[out", "out")] {
            for (at, _) in code.match_indices(array) {
                let rest = &code[at + array.len()..];
                let fixed = whole && base == "src" && rest.starts_with(']');
                assert!(
                    rest.starts_with(" + it") == loops || (loops && fixed),
                    "{name}: {base} indexed wrongly: {}",
                    &rest[..rest.find('\n').unwrap_or(rest.len())]
                );
            }
        }
        // One runtime-uniform regime branch per phase.
        assert_eq!(code.matches("if (t == 1u)").count(), 1, "{name}");
        assert_eq!(code.matches("if (p == 1u)").count(), 1, "{name}");
        // Global memory only in the load and store phases, every element guarded by
        // g < total for its own sub-FFT: once per column phase, once per flat phase (in the
        // loop when each element has its own sub-FFT g0 + it * W / L, W >= L; around it
        // when all are in sub-FFT first, C = 1; in a loop over the C sub-FFTs otherwise).
        // Written out: once per distinct sub-FFT of the flat phases (element lid + W * it
        // is in sub-FFT g0 + W * it / L; in registers with C > 1 all are in first + c).
        assert_eq!(code.matches("if (g < total)").count(), 2, "{name}");
        let (w, l) = (spec.work_group_size(), spec.len);
        let registers_c = registers && spec.columns() > 1;
        if !loops {
            let flat_subs = if registers_c {
                1
            } else {
                (0..spec.radix())
                    .map(|it| it * w / l)
                    .collect::<std::collections::BTreeSet<_>>()
                    .len()
            };
            assert_eq!(
                code.matches(" < total)").count(),
                2 + 2 * flat_subs,
                "{name}"
            );
            assert_eq!(code.matches("#pragma unroll").count(), 0, "{name}");
        } else {
            assert_eq!(code.matches(" < total)").count(), 4, "{name}");
            let nested = w < l && spec.radix() * w / l > 1;
            assert_eq!(
                code.matches("#pragma unroll").count(),
                if nested { 7 } else { 5 },
                "{name}"
            );
            let bound = format!("; it < {}u; ++it)", spec.radix());
            assert_eq!(
                code.matches(&bound).count(),
                if nested { 3 } else { 5 },
                "{name}"
            );
        }
        // Stages in registers read their twiddles on a grid of step s, the s minimizing
        // (s - 1) + (r - 1) / s: m < s and the multiples of s; the others are products.
        let grid = spec.holds_registers() && !spec.convolves();
        let reads = |r: u32| {
            let s = if grid {
                (1..r.max(2))
                    .min_by_key(|&s| (s - 1) + (r - 1) / s)
                    .unwrap_or(1)
            } else {
                1
            };
            (1..r).filter(|&m| m < s || m % s == 0).count()
        };
        let stage_tw = code.matches("stage_tw[").count();
        let want: usize = spec
            .stage_radices()
            .iter()
            .skip(1)
            .map(|&r| reads(r) * (spec.radix() / r) as usize)
            .sum();
        assert_eq!(stage_tw, want, "{name}");
        let formed: usize = spec
            .stage_radices()
            .iter()
            .skip(1)
            .map(|&r| (r as usize - 1 - reads(r)) * (spec.radix() / r) as usize)
            .sum();
        let products = code
            .lines()
            .filter(|line| line.trim_start().starts_with("const ") && line.contains("_w"))
            .filter(|line| line.contains(" = cmul("))
            .count();
        assert_eq!(products, formed, "{name}");
    }
}

#[test]
fn mixed_lengths_in_registers_exchange_only_between_stages() {
    // (len, precision): complex exchanges with C > 1 (400, 1000) and C = 1 (3125, 3000);
    // halves (6561 and 10000 in f32, 2187 and 5000 in f64), in two parts (10800 in f32, 5184
    // in f64).
    for (len, precision) in [
        (400, Precision::F32),
        (1000, Precision::F32),
        (3125, Precision::F32),
        (3000, Precision::F32),
        (6561, Precision::F32),
        (10000, Precision::F32),
        (10800, Precision::F32),
        (2187, Precision::F64),
        (5000, Precision::F64),
        (5184, Precision::F64),
    ] {
        let spec = FusedSpec {
            precision,
            ..FusedSpec::new(len)
        };
        assert!(spec.mixed_in_registers(), "{len}");
        let text = source(&spec);
        let code = code(&text);
        let name = file_name(spec);
        let (r, stages) = (spec.radix() as usize, spec.stage_radices().len());
        // No round trip through local memory at the load or the store: the first stage
        // reads ld[..], the last writes st[..]; each of the stages - 1 exchanges writes R
        // values (complex) or 2R parts (halves), each part's under its condition in every
        // part, with two barriers per round, less the first.
        let rounds = if spec.exchanges_halves() {
            2 * spec.exchange_parts() as usize
        } else {
            1
        };
        assert_eq!(
            code.matches("barrier(CLK_LOCAL_MEM_FENCE);").count(),
            2 * rounds * (stages - 1) - 1,
            "{name}"
        );
        assert_eq!(
            local_writes_of(&code, spec),
            rounds * r * (stages - 1),
            "{name}"
        );
        for m in 0..r {
            assert!(
                code.contains(&format!("_a{m:02} = ld[{m}];")),
                "{name}: ld[{m}]"
            );
            assert!(
                code.contains(&format!("st[{m}] = s{stages}_u")),
                "{name}: st[{m}]"
            );
        }
        // Written out, three load regimes and two store regimes of R accesses each.
        assert_eq!(code.matches("x[src").count(), 3 * r, "{name}");
        assert_eq!(code.matches("y[out").count(), 2 * r, "{name}");
        assert_eq!(code.matches("#pragma unroll").count(), 0, "{name}");
        let exchange = if spec.exchanges_halves() {
            "as scalars, real parts then imaginary parts"
        } else {
            "as complex values (two barriers per exchange)"
        };
        assert!(text.contains(exchange), "{name}");
    }
}

#[test]
fn mixed_edges_in_registers() {
    use fft_codegen::FusedReal;
    // A merge and Bluestein's pad read element by element into the registers; a split
    // store puts the values back into local memory for the pairs.
    let merge = FusedSpec {
        direction: Direction::Inverse,
        real: Some(FusedReal::Merge),
        ..FusedSpec::new(1000)
    };
    let split = FusedSpec {
        real: Some(FusedReal::Split),
        ..FusedSpec::new(1000)
    };
    for spec in [merge, split] {
        assert!(
            spec.check().is_ok() && spec.mixed_in_registers(),
            "{spec:?}"
        );
        let code = code(&source(&spec));
        assert!(code.contains("ld[0] = merge_load(") == (spec == merge));
        let spill = code.contains("buf[pad(sc * 1000u + sj + 900u)] = st[9];");
        assert_eq!(spill, spec == split, "{}", spec.name());
        // Both regimes of the split store pair from local memory; no plain store. Written
        // out: the flat regime's one and the column regime's 10 elements.
        let pairs = code.matches("split_pair(y, ").count();
        assert_eq!(pairs, if spec == split { 11 } else { 0 }, "{}", spec.name());
        assert_eq!(code.contains("y[out"), spec == merge, "{}", spec.name());
    }
    // Bluestein's edges on a power-of-two pass: the pad reads into the registers, the
    // filter multiplies the registers as they are stored.
    let chirp = FusedSpec {
        chirp: Some(fft_core::kernel::FusedChirp {
            outer: Direction::Forward,
            pad: true,
            store: fft_core::kernel::ChirpStore::Filter,
        }),
        ..FusedSpec::new(2048)
    };
    assert!(chirp.chirp_in_registers() && chirp.holds_registers());
    let code = code(&source(&chirp));
    assert!(code.contains("ld[0] = pad_load(x, w, src >> 11, (src & 2047u), n);"));
    assert!(code.contains("y[out] = cmul(st[0], filter[(out & 2047u)]) * scale;"));
    // A plain power-of-two pass keeps its values in registers only as the whole transform.
    assert!(!FusedSpec::new(512).holds_registers());
    assert!(FusedSpec::new(512).as_single_pass().holds_registers());
    assert!(!FusedSpec::new(32).as_single_pass().holds_registers());
    // Not with halves: the split's pairs need the complex buffer.
    let halves = FusedSpec {
        real: Some(FusedReal::Split),
        ..FusedSpec::new(5000)
    };
    assert!(!halves.mixed_in_registers() && halves.check().is_err());
}

#[test]
fn indices_match_the_stockham_formulas() {
    // 512 f32 (a pass of a multi-pass plan): C = 8, 16 work-items per sub-FFT, stages 32, 16
    // (two radix-16 butterflies per work-item in stage 2); W = 128 < L, so the flat phases
    // cover sub-FFT first + s in steps 4s..4s+3.
    let text = source(&FusedSpec::new(512));
    for line in [
        "    return e + (e >> 4) + (e >> 8);\n",
        "    __local float2 buf[4366];\n",
        "    const uint first = (uint)get_group_id(0) * 8u;\n",
        "    const uint j = lid & 15u;\n",
        "    const uint c = lid >> 4;\n",
        "    const uint at = c * 512u + j;\n",
        "    const uint col = lid & 7u;\n",
        "    const uint row = lid >> 3;\n",
        "    const uint g = first + col;\n",
        "    const uint base = (g - i) * 512u;\n",
        "    const uint cell = col * 512u + row;\n",
        // Flat load (32 elements per work-item, so written out): one contiguous block, one
        // guard per sub-FFT.
        "    if (t == 1u)\n",
        "        const uint src = first * 512u + lid;\n",
        "        if (first < total)\n",
        "            buf[pad(lid + 128u)] = x[src + 128u];\n",
        "        if (first + 7u < total)\n",
        // Column load: element m = row + 16 * it of sub-FFT g, its pass twiddle on a grid.
        "            const uint src = base + i + row * t;\n",
        "                const float2 pw1 = pass_twiddle(pass_tw_hi, pass_tw_lo, k * (row + 16u), h);\n",
        "                buf[pad(cell + 16u)] = cmul(x[src + 16u * t], pw1);\n",
        // Stage 1: radix 32, b = j, points b + 16 m, written to b * 32 + q of sub-FFT c.
        "        const float2 a01 = buf[pad(at + 16u)];\n",
        "        const uint dst = c * 512u + j * 32u;\n",
        // Stage 2: radix 16, butterflies b = j and j + 16, stride 32, twiddles W_512^(kk m).
        "        const uint kk0 = j & 31u;\n",
        "        const float2 u0_a01 = cmul(buf[pad(at + 32u)], stage_tw[kk0]);\n",
        "        const uint b1 = j + 16u;\n",
        "        const uint kk1 = b1 & 31u;\n",
        "        const float2 u1_a01 = cmul(buf[pad(at + 48u)], stage_tw[kk1]);\n",
        "        const uint dst1 = c * 512u + (b1 - kk1) * 16u + kk1;\n",
        // Flat store, then column store.
        "    if (p == 1u)\n",
        "        const uint out = first * 512u + lid;\n",
        "            y[out + 128u] = buf[pad(lid + 128u)] * scale;\n",
        "            const uint out = base + (i - k) * 512u + k + row * p;\n",
        "            y[out + 16u * p] = buf[pad(cell + 16u)] * scale;\n",
    ] {
        assert!(text.contains(line), "missing {line:?}");
    }
    // 256 f64: C = 8, 16 work-items per sub-FFT, 16 elements each (so loops); W = 128 < L,
    // so the flat phases loop over the C sub-FFTs s, each around a loop over its elements.
    let text = source(&FusedSpec {
        precision: Precision::F64,
        ..FusedSpec::new(256)
    });
    for line in [
        "        const uint src = first * 256u + lid;\n",
        "        #pragma unroll\n        for (uint s = 0u; s < 8u; ++s)\n",
        "            if (first + s < total)\n",
        "                #pragma unroll\n                for (uint v = 0u; v < 2u; ++v)\n",
        "                    const uint it = s * 2u + v;\n                    buf[pad(lid + it * 128u)] = x[src + it * 128u];\n",
        "            const uint src = base + i + row * t;\n",
        "                #pragma unroll\n                for (uint it = 0u; it < 16u; ++it)\n",
        "                    buf[pad(cell + it * 16u)] = cmul(x[src + it * 16u * t], (it < 4u ? pw[it] : cmul(pw[it % 4u], pq[it / 4u])));\n",
        "                    y[out + it * 128u] = buf[pad(lid + it * 128u)] * scale;\n",
        "                y[out + it * 16u * p] = buf[pad(cell + it * 16u)] * scale;\n",
    ] {
        assert!(text.contains(line), "missing {line:?}");
    }
    // 8 f64: C = 128 = W, one work-item per sub-FFT, one stage; W = 16 L, so the flat phases
    // guard every step: element lid + 128 it is in sub-FFT g0 + 16 it. The twiddled column
    // load takes element 0 apart (W^0 = 1) and loops from 1.
    let text = source(&FusedSpec {
        precision: Precision::F64,
        ..FusedSpec::new(8)
    });
    for line in [
        "    __local double2 buf[1090];\n",
        "    const uint c = lid;\n",
        "    const uint at = c * 8u;\n",
        "    const uint col = lid;\n",
        "    const uint cell = col * 8u;\n",
        "    const uint g0 = first + (lid >> 3);\n",
        "            if (g0 + it * 16u < total)\n",
        "                buf[pad(lid + it * 128u)] = x[src + it * 128u];\n",
        "                // Element 0: W^0 = 1.\n                buf[pad(cell)] = x[src];\n",
        "                for (uint it = 1u; it < 8u; ++it)\n",
        "                    buf[pad(cell + it)] = cmul(x[src + it * t], pass_twiddle(pass_tw_hi, pass_tw_lo, k * it, h));\n",
        "                    buf[pad(cell + it)] = x[src + it * t];\n",
        "        const uint dst = c * 8u;\n",
        "        buf[pad(dst + 4u)] = y01;\n",
        "                y[out + it * 128u] = buf[pad(lid + it * 128u)] * scale;\n",
        "                y[out + it * p] = buf[pad(cell + it)] * scale;\n",
    ] {
        assert!(text.contains(line), "missing {line:?}");
    }
    assert!(!code(&text).contains("stage_tw["));
    assert!(!text.contains("const uint j ") && !text.contains("const uint row "));
    // 4096 f32 as the whole transform: C = 1, so no c or col; stages 32, 32, 4 in
    // registers, 128 work-items indexed by j alone. Element it of the load is point
    // lid + 128 it, straight into ld[it]; stage 1 (b = j) writes X[q] at j * 32 + q, through
    // buf laid out as e + e / 32, where stage 2 reads point j + 128 m at 132 m from its
    // pointer; stage 2 (stride 32) writes (b - kk) * 32 + kk + 32 q unpadded; stage 3
    // (stride 1024) runs 8 radix-4 butterflies per work-item, b = j + 128 u, reading
    // b + 1024 m.
    let text = source(&FusedSpec::new(4096).as_single_pass());
    for line in [
        "    const uint first = (uint)get_group_id(0);\n",
        "    const uint j = lid;\n",
        "    const uint row = lid;\n",
        "    const uint g = first;\n",
        "            ld[1] = x[src + 128u];\n",
        "                ld[1] = x[src + 128u * t];\n",
        "    const uint s1_u0_dst = j * 32u;\n",
        "    __local float2 *s1_u0_out = buf + (s1_u0_dst + s1_u0_dst / 32u);\n",
        "    __local float2 *s2_in = buf + (j + j / 32u);\n",
        "    s2_u0_a01 = s2_in[132];\n",
        "    const uint s2_u0_kk = j & 31u;\n",
        "    const uint s2_u0_dst = (j - s2_u0_kk) * 32u + s2_u0_kk;\n",
        "    const uint s3_u0_kk = j & 1023u;\n",
        "    const uint s3_u1_b = j + 128u;\n",
        "    s3_u0_a01 = s3_in[1024];\n",
        "    s3_u1_a01 = s3_in[1152];\n",
        "        const uint out = first * 4096u + lid;\n",
        "            y[out + 128u] = st[1] * scale;\n",
    ] {
        assert!(text.contains(line), "missing {line:?}");
    }
    assert!(!text.contains("const uint c ") && !text.contains("const uint col "));
    // 1024 f32 in a multi-pass plan: a wide pass, C = 8, halves exchanged. Each sub-FFT
    // padded by 3 more floats (S = 1060 = 4 mod 32); the first stage takes the load's
    // mapping (lc, lj), the last the store's (sc, sj); the flat phases move point
    // j + 32 * it of sub-FFT first + c.
    let text = source(&FusedSpec::new(1024));
    for line in [
        "    return e + (e >> 5) + (e >> 10) + (e >> 10) * 3u;\n",
        "    __local float buf[8475];\n",
        "    const uint first = (uint)get_group_id(0) * 8u;\n",
        "    const uint j = lid & 31u;\n",
        "    const uint col = lid & 7u;\n",
        "    const uint lc = t == 1u ? c : col;\n",
        "    const uint lj = t == 1u ? j : row;\n",
        "    const uint sc = p == 1u ? c : col;\n",
        "    const uint sj = p == 1u ? j : row;\n",
        "        const uint src = first * 1024u + at;\n",
        "        if (first + c < total)\n",
        "            ld[31] = x[src + 992u];\n",
        "                ld[1] = x[src + 32u * t];\n",
        "    const uint s1_u0_dst = lc * 1024u + lj * 32u;\n",
        "    s2_u0_a01.x = buf[pad(sc * 1024u + sj + 32u)];\n",
        "    const uint s2_u0_dst = sc * 1024u + (sj - s2_u0_kk) * 32u + s2_u0_kk;\n",
        "        const uint out = first * 1024u + at;\n",
        "            y[out + 992u] = st[31] * scale;\n",
        "            y[out + 32u * p] = st[1] * scale;\n",
    ] {
        assert!(text.contains(line), "missing {line:?}");
    }
}

/// Bluestein's whole convolution in one pass: the stages run twice, the filter between them
/// (from the registers, or over `buf` where the values live there), the second run reads its
/// twiddles through `stage_tw_again`, and the store conjugates as it unpads. Mixed and
/// Bluestein passes index `stage_tw` by stage, plain power-of-two ones by exponent.
#[test]
fn the_convolution_runs_the_stages_twice_with_the_filter_between() {
    let convolve = |len| FusedSpec {
        chirp: Some(fft_core::kernel::FusedChirp {
            outer: Direction::Inverse,
            pad: true,
            store: fft_core::kernel::ChirpStore::Convolve,
        }),
        ..FusedSpec::new(len)
    };
    // 2048 = [16, 16, 8] in registers, C = 2: 16 values per work-item.
    let registers = convolve(2048);
    assert!(registers.holds_registers());
    assert_eq!(registers.stage_radices(), [16, 16, 8]);
    let text = code(&source(&registers));
    assert_eq!(text.matches("= filter_conj(st[").count(), 16);
    assert_eq!(
        text.matches("st[0] = ").count(),
        2,
        "two runs of the stages"
    );
    assert_eq!(text.matches("stage_tw[").count(), 15 + 14);
    assert_eq!(text.matches("stage_tw_again[").count(), 15 + 14);
    assert!(text.contains("y[seq * n + pos] = cmul((float2)(v.x, -v.y), w[pos]);"));
    assert!(text.contains("s2_u0_a01 = cmul(s2_u0_a01, stage_tw[s2_u0_kk]);"));
    // 35 = [7, 5] through buf: the filter over the work-group's elements, then a barrier.
    let local = convolve(35);
    assert!(!local.holds_registers());
    let text = code(&source(&local));
    assert!(text.contains("buf[pad(e)] = filter_conj(buf[pad(e)], filter[e % 35u]);"));
    // The radix-5 stage: two butterflies per work-item (R = 7), four twiddles each.
    assert_eq!(text.matches("stage_tw_again[").count(), 8);
    // A plain power-of-two pass keeps the table by exponent.
    let plain = code(&source(&FusedSpec::new(4096)));
    assert!(plain.contains("stage_tw[s2_u0_kk * 4u]"));
}

/// The split of a one-pass R2C whose values stay in registers: spilled to `buf` unpadded
/// (whatever padding the exchanges between its stages take), then each element writes its own `X_e` with its mirror read at
/// `mirror - P * it` where a warp's 32 work-items fall in one sub-FFT (512 points, 64 per
/// sub-FFT), its twiddle `W_1024^(j + 64 * it)` the one it reads times a constant; with fewer (64 points, 8 per sub-FFT) the pairs over `L/2` slots, slot 0
/// also writing the middle bin.
#[test]
fn one_pass_splits_write_elements_or_pairs_without_pad() {
    use fft_codegen::FusedReal;
    let split = |len: u32| {
        FusedSpec {
            real: Some(FusedReal::Split),
            ..FusedSpec::new(len)
        }
        .as_single_pass()
    };
    // 1000 = [10, 10, 10]: one butterfly per work-item in the last stage, so the values
    // go back to local memory for the split (powers of two pair them in registers).
    let text = source(&split(1000));
    assert!(!text.contains("pad("), "1000: the exchanges pad linearly");
    for line in [
        "    buf[sc * 1000u + sj + 100u] = st[1];\n",
        "            const uint row_out = (first + sc) * 1001u;\n",
        "            const uint mirror = sc * 1000u + 1000u - sj;\n",
        "            const float2 w_split = real_hi[sj];\n",
        "            y[row_out + sj] = real_split(st[0], buf[sj == 0u ? sc * 1000u : mirror], w_split) * scale;\n",
        "            y[row_out + sj + 500u] = real_split(st[5], buf[mirror - 500u], (float2)(w_split.y, -w_split.x)) * scale;\n",
        "            y[row_out + sj + 900u] = real_split(st[9], buf[mirror - 900u], mul_p9q10(w_split)) * scale;\n",
        "inline float2 mul_p9q10(const float2 a)\n",
        "                y[row_out + 1000u] = real_split(st[0], st[0], (float2)(-1, 0)) * scale;\n",
    ] {
        assert!(text.contains(line), "1000: missing {line:?}");
    }
    let text = source(&split(64));
    let columns = split(64).columns();
    for line in [
        format!("        for (uint q = lid; q < {}u; q += ", columns * 32),
        "                split_pair(y, first + s, k, 64u, real_hi[k], buf[s * 64u + k], buf[s * 64u + (k == 0u ? 0u : 64u - k)], scale);\n".to_string(),
        "                    y[(first + s) * 65u + 32u] = real_split(zh, zh, real_hi[32u]) * scale;\n".to_string(),
    ] {
        assert!(text.contains(&line), "64: missing {line:?}");
    }
}

/// A one-pass split whose last stage runs an even number of butterflies per work-item pairs
/// each butterfly with its mirror in the work-item's registers: no spill to local memory
/// (the last barrier is the last stage's exchange), and every value's mirror is a register,
/// with butterfly 0's and the middle one's own pairs where the work-item's point is 0.
#[test]
fn one_pass_splits_pair_their_values_in_registers() {
    use fft_codegen::FusedReal;
    let split = |len: u32| {
        FusedSpec {
            real: Some(FusedReal::Split),
            ..FusedSpec::new(len)
        }
        .as_single_pass()
    };
    // 4096 reals: [32, 8, 8] over 64 work-items, one sub-FFT per work-group, four
    // butterflies each in the last stage; u = 0 and u = 2 choose.
    let text = source(&split(2048));
    let body = code(&text);
    let after_last_barrier = &body[body.rfind("barrier(").expect("a barrier")..];
    assert!(
        after_last_barrier.contains("s3_u0_a04 = s3_in[1024];"),
        "the last barrier is the last stage's exchange"
    );
    assert!(
        !after_last_barrier.contains("buf["),
        "no spill after the stages"
    );
    for line in [
        "    const uint s3_u2_b = j == 0u ? 128u : 256u - j;\n",
        "    const uint s3_u3_b = 192u - j;\n",
        "    __local float2 *s3_u2_in = buf + s3_u2_b;\n",
        "    st[16] = s3_u2_y00;\n",
        "        const float2 w_2 = real_hi[s3_u2_b];\n",
        "        y[row_out + j] = real_split(st[0], (zero ? st[0] : st[23]), w_0) * scale;\n",
        "        y[row_out + j + 1024u] = real_split(st[4], (zero ? st[4] : st[19]), (float2)(w_0.y, -w_0.x)) * scale;\n",
        "        y[row_out + s3_u2_b] = real_split(st[16], (zero ? st[23] : st[7]), w_2) * scale;\n",
        "        y[row_out + s3_u3_b + 1024u] = real_split(st[28], st[11], (float2)(w_3.y, -w_3.x)) * scale;\n",
        "            y[row_out + 2048u] = real_split(st[0], st[0], (float2)(-1, 0)) * scale;\n",
    ] {
        assert!(text.contains(line), "2048: missing {line:?}");
    }
    // 2048 reals: [16, 16, 4], four butterflies per work-item; only u = 0 and u = 2 choose.
    let text = source(&split(1024));
    for line in [
        "    const uint s3_u1_b = sj + 64u;
",
        "    const uint s3_u2_b = sj == 0u ? 128u : 256u - sj;
",
        "    const uint s3_u3_b = 192u - sj;
",
        "        y[row_out + s3_u1_b + 768u] = real_split(st[7], st[12], mul_p3q4(w_1)) * scale;
",
        "        y[row_out + s3_u3_b] = real_split(st[12], st[7], w_3) * scale;
",
    ] {
        assert!(text.contains(line), "1024: missing {line:?}");
    }
    // 16384 reals: [32, 32, 8] exchanging halves, four butterflies per work-item: the
    // mirrored ones read real parts, then imaginary parts, through pointers of their own.
    let text = source(&split(8192));
    assert!(text.contains("the real split in registers"));
    for line in [
        "    const uint s3_u2_b = j == 0u ? 512u : 1024u - j;\n",
        "    __local float *s3_u2_in = buf + s3_u2_b;\n",
        "    s3_u2_a01.x = s3_u2_in[1024];\n",
    ] {
        assert!(text.contains(line), "8192: missing {line:?}");
    }
    // 1024 reals: [16, 16, 2] (not the balanced [8, 8, 8], one butterfly per work-item),
    // eight butterflies per work-item, so the split pairs in registers too.
    let text = source(&split(512));
    for line in [
        "    const uint s3_u4_b = sj == 0u ? 128u : 256u - sj;\n",
        "    const uint s3_u7_b = 160u - sj;\n",
        "        y[row_out + s3_u7_b + 256u] = real_split(st[15], st[6], (float2)(w_7.y, -w_7.x)) * scale;\n",
    ] {
        assert!(text.contains(line), "512: missing {line:?}");
    }
}

/// The column regime of a multi-pass split: in f64 both slots of each mirrored pair write its
/// pairs (the front its even elements, the mirror its odd ones); in f32 each slot writes its
/// own column's outputs, the mirror slots holding their columns in ascending order (slot
/// `C - 1 - f` mirrors front slot `f`); the self-mirrored columns pair their own elements.
#[test]
fn column_splits_share_each_pair_between_its_slots() {
    use fft_codegen::FusedReal;
    let split = |len: u32, precision: Precision| FusedSpec {
        real: Some(FusedReal::Split),
        precision,
        ..FusedSpec::new(len)
    };
    for (spec, shared) in [
        (split(128, Precision::F64), true),
        (split(256, Precision::F64), true),
        (split(128, Precision::F32), false),
        (split(256, Precision::F32), false),
    ] {
        assert_eq!(spec.columns() % 2, 0, "{}", spec.name());
        let text = code(&source(&spec));
        let half = spec.columns() / 2;
        let l = spec.len;
        let shared_lines = [
            format!("const uint fcol = front == 1u ? col : col - {half}u;"),
            "const uint odd = 1u - front;".to_string(),
            "const uint ie = it * 2u + odd;".to_string(),
            format!(
                "buf[pad(fcol * {l}u + m)], buf[pad(fcol * {l}u + {}u - m)], scale);",
                half * l + l - 1
            ),
            format!(
                "const uint pcol = rr == 0u ? col : (front == 1u ? col + {half}u : col - {half}u);"
            ),
        ];
        let own_side_lines = [
            format!(
                "const uint rr = ((uint)get_group_id(0) - seq * pairs) * {half}u + (front == 1u ? col & {}u : {}u - (col & {}u));",
                half - 1,
                half - 1,
                half - 1
            ),
            format!("const uint pcol = rr == 0u ? col : {}u - col;", 2 * half - 1),
            "const uint k = i + m * p;".to_string(),
            // The split twiddles on a grid: one table read per work-item, a constant step per element.
            "const float2 real_first = real_twiddle(real_hi, real_lo, i + row * p, rh);".to_string(),
            format!(
                "y[row_out + k] = real_split(buf[pad(cell + it * {}u)], buf[pad(pcol * {l}u + {}u - m)], cmul(real_first, real_step[it])) * scale;",
                spec.work_group_size() / spec.columns(),
                l - 1
            ),
        ];
        for line in &shared_lines {
            assert_eq!(
                text.contains(line.as_str()),
                shared,
                "{}: {line:?}",
                spec.name()
            );
        }
        for line in &own_side_lines {
            assert_eq!(
                text.contains(line.as_str()),
                !shared,
                "{}: {line:?}",
                spec.name()
            );
        }
        assert!(text.contains("if (m <= mm)"), "{}", spec.name());
        assert!(!text.contains("if (front || rr == 0u)"), "{}", spec.name());
        if !shared {
            assert_real_steps(&text, &spec);
        }
    }
}

/// A split pass that pairs its columns at any stride (`FusedSpec::split_any_stride`) gives a
/// sequence ceil(t/2) front columns in ceil(ceil(t/2) / (C/2)) work-groups, clamps the
/// slots past them to the last front column and stores nothing from them; the kernels whose
/// C divides t keep their t / C work-groups and unguarded stores.
#[test]
fn splits_at_any_stride_clamp_their_idle_slots_and_guard_their_stores() {
    use fft_codegen::FusedReal;
    for (len, precision) in [
        (77, Precision::F32),
        (128, Precision::F32),
        (77, Precision::F64),
    ] {
        let strict = FusedSpec {
            real: Some(FusedReal::Split),
            precision,
            lengths: fft_core::kernel::Lengths::Any,
            ..FusedSpec::new(len)
        };
        // An even C: 77 f32 points hold 53 columns, so 52 of them.
        let natural = strict.columns();
        let any = FusedSpec {
            split_any_stride: true,
            split_columns: if natural % 2 == 1 { natural - 1 } else { 0 },
            ..strict
        };
        any.check().unwrap();
        assert!(any.name().ends_with("_split_anystride"), "{}", any.name());
        let half = any.columns() / 2;
        let pairs = match half.is_power_of_two() {
            true => format!("(fronts + {}u) >> {}", half - 1, half.trailing_zeros()),
            false => format!("(fronts + {}u) / {half}u", half - 1),
        };
        let lines = [
            "const uint fronts = (t + 1u) >> 1;".to_string(),
            format!("const uint pairs = {pairs};"),
            "const uint rr = min(rw, fronts - 1u);".to_string(),
            "const uint live = (rr == rw ? 1u : 0u) * ((front + rr) == 0u ? ((t & 1u) == 1u ? 0u : 1u) : 1u);".to_string(),
            "if (g < total && live == 1u)".to_string(),
        ];
        let (any_text, strict_text) = (code(&source(&any)), code(&source(&strict)));
        for line in &lines {
            assert!(any_text.contains(line.as_str()), "{}: {line:?}", any.name());
            assert!(
                !strict_text.contains(line.as_str()),
                "{}: {line:?}",
                strict.name()
            );
        }
    }
}

/// The C2R's merge in a first pass reads its twiddles on the grid the own-side split takes:
/// one table read per work-item, `real_first`, times a constant per element (local-memory
/// passes in their unrolled loop, the register passes element by element).
#[test]
fn merges_read_their_twiddles_on_a_grid() {
    let merge = |len: u32| FusedSpec {
        direction: fft_core::Direction::Inverse,
        real: Some(fft_codegen::FusedReal::Merge),
        ..FusedSpec::new(len)
    };
    for (spec, line) in [
        (
            merge(256),
            "buf[pad(cell + it * 16u)] = merge_load(x, seq, (src + it * 16u * t) - base, t * 256u, cmul(real_first, real_step[it]));",
        ),
        (
            merge(4096),
            "ld[5] = merge_load(x, seq, (src + 640u * t) - base, t * 4096u, cmul(real_first, real_step[5]));",
        ),
    ] {
        let text = code(&source(&spec));
        let first = "const float2 real_first = real_twiddle(real_hi, real_lo, i + row * t, rh);";
        assert!(text.contains(first), "{}: missing {first:?}", spec.name());
        assert!(text.contains(line), "{}: missing {line:?}", spec.name());
        assert_real_steps(&text, &spec);
    }
}

/// A real step's `real_step[it]` is `W_(2L)^(P * it)` (P work-items per sub-FFT), each
/// constant within f32's rounding of the f64 value.
fn assert_real_steps(text: &str, spec: &FusedSpec) {
    let per = spec.work_group_size() / spec.columns();
    let declaration = format!("const float2 real_step[{}] = {{", spec.radix());
    let start = text
        .find(&declaration)
        .unwrap_or_else(|| panic!("{}: no {declaration:?}", spec.name()))
        + declaration.len();
    let body = &text[start..start + text[start..].find("};").unwrap()];
    let floats: Vec<f64> = body
        .replace("(float2)", "")
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == 'e'))
        .filter(|part| part.contains(|c: char| c.is_ascii_digit()))
        .map(|part| part.parse().unwrap())
        .collect();
    assert_eq!(
        floats.len(),
        2 * spec.radix() as usize,
        "{}: {body}",
        spec.name()
    );
    for it in 0..spec.radix() as usize {
        let angle = -std::f64::consts::PI * (per as usize * it) as f64 / f64::from(spec.len);
        let (re, im) = (floats[2 * it], floats[2 * it + 1]);
        assert!(
            (re - angle.cos()).abs() < 1e-7,
            "{}: step {it} re {re}",
            spec.name()
        );
        assert!(
            (im - angle.sin()).abs() < 1e-7,
            "{}: step {it} im {im}",
            spec.name()
        );
    }
}

/// The column load of a register pass already at its register bound (f32 work-groups of 512
/// work-items, f64) reads its pass twiddles on a grid: element `a + 4 * b` is `pw[a] *
/// pq[b]`, each `pq[b]` read before the first element that uses it (the 4096-point wide pass
/// with a C2R's merge, [32, 32, 4]). An f32 pass of 256 work-items reads each element's own
/// (the grid's live twiddles took the 1024-point pass from 128 to 168 registers), as does the
/// plain 4096-point wide pass as [64, 64].
#[test]
fn register_passes_at_their_bound_read_pass_twiddles_on_a_grid() {
    let merge = FusedSpec {
        direction: fft_core::Direction::Inverse,
        real: Some(fft_core::kernel::FusedReal::Merge),
        ..FusedSpec::new(4096)
    };
    let text = source(&merge);
    assert!(text.contains("Work-group: C = 4 sub-FFTs of 4096 points, W = 512 work-items"));
    let load = |offset: u32| {
        format!("merge_load(x, seq, (src + {offset}u * t) - base, t * 4096u, real_twiddle(real_hi, real_lo, (src + {offset}u * t) - base, rh))")
    };
    for line in [
        "const float2 pw3 = pass_twiddle(pass_tw_hi, pass_tw_lo, k * (row + 384u), h);\n".to_string(),
        format!(
            "const float2 pq7 = pass_twiddle(pass_tw_hi, pass_tw_lo, k * 3584u, h);\n                ld[28] = cmul({}, cmul(pw0, pq7));",
            load(3584)
        ),
        format!("ld[31] = cmul({}, cmul(pw3, pq7));\n", load(3968)),
        format!("ld[4] = cmul({}, cmul(pw0, pq1));\n", load(512)),
    ] {
        assert!(text.contains(&line), "4096 with the merge: missing {line:?}");
    }
    let f64 = source(&FusedSpec {
        precision: fft_core::Precision::F64,
        ..FusedSpec::new(4096)
    });
    assert!(f64.contains(
        "const double2 pw1 = pass_twiddle(pass_tw_hi, pass_tw_lo, k * (row + 256u), h);"
    ));
    for (len, last) in [(1024, 992), (4096, 4032)] {
        let text = source(&FusedSpec::new(len));
        assert!(text.contains("W = 256 work-items"), "{}", &text[..600]);
        assert!(!text.contains("Pass twiddles on a grid"), "{len}");
        let own = format!("pass_twiddle(pass_tw_hi, pass_tw_lo, k * (row + {last}u), h))");
        assert!(text.contains(&own), "{len}: missing {own:?}");
    }
}

/// A looped column pass (16 elements per work-item, a sub-FFT over several work-items)
/// reads its pass twiddles on a grid too: `pw[a]` for `a < 4` and `pq[b]` before the loop,
/// a product for the other elements; a pass of one work-item per sub-FFT and a single
/// pass's kernel read each element's own.
#[test]
fn looped_column_passes_read_pass_twiddles_on_a_grid() {
    let full = source(&FusedSpec::new(256));
    assert!(full.contains("W = 256 work-items (16 per sub-FFT, 16 points each)"));
    let text = code(&full);
    for line in [
        "pw[3] = pass_twiddle(pass_tw_hi, pass_tw_lo, k * (row + 48u), h);\n",
        "pq[3] = pass_twiddle(pass_tw_hi, pass_tw_lo, k * 192u, h);\n",
        "cmul(x[src + it * 16u * t], (it < 4u ? pw[it] : cmul(pw[it % 4u], pq[it / 4u])));\n",
    ] {
        assert!(text.contains(line), "256: missing {line:?}");
    }
    assert!(!text.contains("pass_twiddle(pass_tw_hi, pass_tw_lo, k * (row + it * 16u), h)"));
    let single = code(&source(&FusedSpec::new(16)));
    assert!(!single.contains("Pass twiddles on a grid"));
    // Written out (32 elements per work-item): the same grid, each pq[b] read before its
    // first element.
    let text = source(&FusedSpec::new(512));
    assert!(text.contains("W = 128 work-items (16 per sub-FFT, 32 points each)"));
    for line in [
        "const float2 pq7 = pass_twiddle(pass_tw_hi, pass_tw_lo, k * 448u, h);\n                buf[pad(cell + 448u)] = cmul(x[src + 448u * t], cmul(pw0, pq7));\n",
        "buf[pad(cell + 496u)] = cmul(x[src + 496u * t], cmul(pw3, pq7));\n",
    ] {
        assert!(text.contains(line), "512: missing {line:?}");
    }
    // A written-out pass that only ever runs first (Bluestein's padding load) has none.
    let pad = source(&FusedSpec {
        chirp: Some(fft_core::kernel::FusedChirp {
            outer: Direction::Forward,
            pad: true,
            store: fft_core::kernel::ChirpStore::Filter,
        }),
        ..FusedSpec::new(512)
    });
    assert!(pad.contains("32 points each"), "{}", &pad[..600]);
    assert!(!pad.contains("Pass twiddles on a grid"));
    assert!(pad.contains("pass_twiddle(pass_tw_hi, pass_tw_lo, k * (row + 496u), h)"));
}

/// An interleaved pass whose work-group's columns are one sub-FFT (`inner` a multiple of C)
/// computes its L pass twiddles once into `tw_pass` and each element reads one of them;
/// otherwise each element reads its own from the two-level table. A pass that keeps its
/// values in registers has no table (its `buf` takes the local memory).
#[test]
fn interleaved_passes_share_their_pass_twiddles() {
    let spec = FusedSpec {
        interleaved: true,
        ..FusedSpec::new(256)
    };
    let text = code(&source(&spec));
    for line in [
        "    __local float2 tw_pass[256];\n",
        "            if (inner % 16u == 0u)\n",
        "                    tw_pass[m] = pass_twiddle(pass_tw_hi, pass_tw_lo, k * m, h);\n",
        "                barrier(CLK_LOCAL_MEM_FENCE);\n",
        "cmul(x[src + it * 16u * t_inner], tw_pass[row + it * 16u]);\n",
        "cmul(x[src + it * 16u * t_inner], pass_twiddle(pass_tw_hi, pass_tw_lo, k * (row + it * 16u), h));\n",
    ] {
        assert!(text.contains(line), "missing {line:?}");
    }
    assert_eq!(spec.shared_pass_twiddles(), 256);
    assert_eq!(
        spec.local_bytes(),
        spec.local_len() * 8 + 256 * 8,
        "the table counts in the planner's local memory"
    );
    let registers = FusedSpec {
        interleaved: true,
        ..FusedSpec::new(4096)
    };
    assert_eq!(registers.shared_pass_twiddles(), 0);
    assert!(!source(&registers).contains("tw_pass"));
}

#[test]
fn the_pad_helper_and_buffer_follow_the_spec_padding_step() {
    // 150 points in 27 columns pad every 8 values (their stride with 16 meets one bank),
    // 144 points every 16; the buffer is declared at the spec's `local_len`.
    for (len, step, formula) in [
        (150, 8, "e + (e >> 3) + (e >> 6)"),
        (144, 16, "e + (e >> 4) + (e >> 8)"),
    ] {
        let spec = FusedSpec::new(len);
        assert_eq!(spec.pad_step(), step, "{len}");
        let text = code(&source(&spec));
        assert!(
            text.contains(&format!("return {formula};")),
            "{len}: {text}"
        );
        let declared = format!("__local float2 buf[{}];", spec.local_len());
        assert!(text.contains(&declared), "{len}: {declared}");
    }
}

#[test]
fn a_split_exchanging_halves_is_straight_line_code_with_its_mirrors() {
    // The split of a one-pass kernel whose stages exchange halves runs as the whole
    // transform: no branch on p around its barriers (PoCL 3.1 miscompiled one, writing a
    // wrong X_H in every pitched row). A mixed length without a pairing last stage (4725 =
    // [15, 21, 15]) and a power of two in two parts (16384) bring the mirrors through an
    // exchange, the mixed one with (L - e) % L as a select, not a mask.
    let split = |len| {
        FusedSpec {
            real: Some(fft_codegen::FusedReal::Split),
            ..FusedSpec::new(len)
        }
        .as_single_pass()
    };
    for len in [4725, 16384] {
        let spec = split(len);
        assert!(
            spec.exchanges_halves() && !spec.pairs_split_in_registers(),
            "{len}"
        );
        let text = code(&source(&spec));
        assert!(!text.contains("if (p == 1u)"), "{len}: {text}");
        assert!(text.contains("sm[0].x = buf["), "{len}");
    }
    let mixed = code(&source(&split(4725)));
    assert!(mixed.contains("row == 0u ? 0u : 4725u - row"), "{mixed}");
    assert!(!mixed.contains("& 4724u"), "{mixed}");
}
