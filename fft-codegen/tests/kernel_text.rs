//! Properties of the emitted OpenCL C text that reviewers rely on (DESIGN.md section 3).

mod common;

use common::{file_name, generate, vector_specs};
use fft_codegen::{Precision, RadixSpec, Twiddles};

fn source(spec: &RadixSpec) -> String {
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
fn emission_is_deterministic_and_named_after_the_spec() {
    for spec in vector_specs() {
        let first = generate(spec);
        assert_eq!(first, generate(spec));
        assert_eq!(first.entry_point(), spec.name());
        assert_eq!(first.spec, fft_codegen::KernelSpec::Radix(spec));
        assert!(first
            .source
            .contains(&format!("__kernel void {}(", spec.name())));
    }
}

#[test]
fn layout_is_lf_four_spaces_one_trailing_newline() {
    for spec in vector_specs() {
        let text = source(&spec);
        let name = file_name(spec);
        assert!(text.is_ascii(), "{name}");
        assert!(!text.contains('\r') && !text.contains('\t'), "{name}");
        assert!(text.ends_with("}\n") && !text.ends_with("\n\n"), "{name}");
        assert!(!text.contains("\n\n\n"), "{name}: double blank line");
        for line in text.lines() {
            assert_eq!(line.trim_end(), line, "{name}: trailing space in {line:?}");
            let indent = line.len() - line.trim_start().len();
            let in_signature = line.trim_start().starts_with("__global")
                || line.trim_start().starts_with("const uint") && indent > 4
                || line.trim_start().starts_with("const float scale")
                || line.trim_start().starts_with("const double scale");
            assert!(
                indent % 4 == 0 || in_signature,
                "{name}: odd indentation in {line:?}"
            );
        }
    }
}

/// Whether `text` holds an ISO date such as `2026-11-23` (constants hold long digit runs, so
/// a bare "202" proves nothing).
fn has_date(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.windows(8).any(|w| {
        w[..4].iter().all(u8::is_ascii_digit)
            && w[4] == b'-'
            && w[5..7].iter().all(u8::is_ascii_digit)
            && w[7] == b'-'
    })
}

#[test]
fn sections_come_in_order_and_fp64_only_for_doubles() {
    for spec in vector_specs() {
        let text = source(&spec);
        let name = file_name(spec);
        let pos = |needle: &str| text.find(needle);
        let pragma = pos("#pragma OPENCL EXTENSION cl_khr_fp64 : enable");
        assert_eq!(pragma.is_some(), spec.precision == Precision::F64, "{name}");
        let constant = pos("__constant ");
        assert_eq!(
            constant.is_some(),
            spec.twiddles != Twiddles::Table,
            "{name}"
        );
        let helpers = pos("inline ").unwrap();
        let kernel = pos("__kernel ").unwrap();
        let header_end = pos("\n\n").unwrap();
        let mut order = vec![header_end];
        order.extend(pragma);
        order.extend(constant);
        order.extend([helpers, kernel]);
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{name}: {order:?}");
        match spec.precision {
            Precision::F32 => assert!(!text.contains("double"), "{name}"),
            Precision::F64 => assert!(!text.contains("float"), "{name}"),
        }
        assert!(
            !has_date(&text) && !text.contains("/work") && !text.contains("/home"),
            "{name}: dates or paths in the output"
        );
    }
}

#[test]
fn every_used_helper_is_defined_once_and_every_defined_one_is_used() {
    for spec in vector_specs() {
        let text = source(&spec);
        let name = file_name(spec);
        let mut defined = Vec::new();
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("inline ") {
                let helper = rest.split_once(' ').unwrap().1.split_once('(').unwrap().0;
                assert!(
                    !defined.contains(&helper.to_string()),
                    "{name}: {helper} twice"
                );
                defined.push(helper.to_string());
            }
        }
        for helper in &defined {
            let calls = text.matches(&format!("{helper}(")).count();
            assert!(calls >= 2, "{name}: {helper} is defined but never called");
        }
        let code = code(&text);
        let helper_calls = code.match_indices("mul_p").map(|(i, _)| {
            let rest = &code[i..];
            rest[..rest.find('(').unwrap()].to_string()
        });
        for helper in helper_calls {
            assert!(defined.contains(&helper), "{name}: {helper} is not defined");
        }
        let ops = generate(spec).ops;
        let defined_mul = defined.iter().filter(|h| h.starts_with("mul_p")).count();
        let calls = code.matches("mul_p").count() - defined_mul;
        assert_eq!(calls as u32, ops.constant_muls, "{name}");
    }
}

#[test]
fn constants_are_literals_with_the_right_suffix() {
    for spec in vector_specs() {
        let text = source(&spec);
        let name = file_name(spec);
        for fun in ["cos(", "sin(", "sincos("] {
            for (i, _) in text.match_indices(fun) {
                let arg = text[i + fun.len()..].chars().next().unwrap();
                assert!(
                    !arg.is_ascii_digit() && arg != '-',
                    "{name}: {fun} of a literal"
                );
            }
        }
        assert!(!text.contains("M_PI"), "{name}");
        // Every floating literal (digits with a '.') is followed by `f` exactly in f32.
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
            assert_eq!(
                suffixed,
                spec.precision == Precision::F32,
                "{name}: literal near {:?}",
                &text[i.saturating_sub(8)..end + 1]
            );
        }
    }
}

#[test]
fn stores_undo_the_bit_reversal() {
    let text = source(&RadixSpec::new(8));
    for (q, slot) in [
        (0, 0),
        (1, 4),
        (2, 2),
        (3, 6),
        (4, 1),
        (5, 5),
        (6, 3),
        (7, 7),
    ] {
        let index = match q {
            0 => "dst".to_string(),
            1 => "dst + p".to_string(),
            _ => format!("dst + {q}u * p"),
        };
        let store = format!("    y[{index}] = y0{slot} * scale;\n");
        assert!(text.contains(&store), "missing {store:?}");
    }
}

#[test]
fn twiddle_variants_read_what_they_should() {
    let spec = |twiddles, precision| RadixSpec {
        twiddles,
        precision,
        ..RadixSpec::new(4)
    };
    let table = source(&spec(Twiddles::Table, Precision::F32));
    assert!(table.contains("const float2 w03 = tw[k + 2u * p];"));
    let sincos = source(&spec(Twiddles::Sincos, Precision::F32));
    assert!(sincos.contains("__constant float SIGNED_TWO_PI = -6.2831855f;"));
    assert!(sincos.contains("const float s03 = sincos(a * 3.0f, &c03);"));
    let native = source(&spec(Twiddles::Native, Precision::F32));
    assert!(native.contains("native_cos(a * 2.0f)"));
    let native64 = source(&spec(Twiddles::Native, Precision::F64));
    assert!(!code(&native64).contains("native_") && native64.contains("cos(a * 2.0)"));
    assert!(native64.contains("no native_cos/native_sin for double"));
    let chained = source(&spec(Twiddles::Chained, Precision::F32));
    assert_eq!(chained.matches("sincos(").count(), 1);
    assert!(chained.contains("const float2 w03 = cmul(w02, w01);"));
}
