//! Every kernel's signature, as written, is its ABI: the entry points the ABI names, each
//! declaring the ABI's arguments in order with the types their kinds call for.

use fft_codegen::{catalog, emit, ArgKind, Form, KernelSpec};

/// The parameter list of `entry` in `source`, one `(declaration)` per parameter.
fn parameters(source: &str, entry: &str) -> Vec<String> {
    let open = format!("void {entry}(");
    let start = source
        .find(&open)
        .unwrap_or_else(|| panic!("no kernel {entry}"))
        + open.len();
    let end = start + source[start..].find(')').expect("the signature closes");
    source[start..end]
        .split(',')
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
fn signatures_declare_the_abi_arguments_in_order() {
    for spec in catalog() {
        let kernel = emit(&spec).unwrap();
        // The scalar form of the radix pass and the real steps: interleaved scalars throughout.
        let scalar_form = matches!(spec, KernelSpec::Radix(r) if r.form == Form::Scalar)
            || matches!(spec, KernelSpec::Real(_));
        let (data, real) = match (spec.precision().tag(), scalar_form) {
            ("f32", true) => ("float", "float"),
            ("f32", false) => ("float2", "float"),
            (_, true) => ("double", "double"),
            (_, false) => ("double2", "double"),
        };
        assert_eq!(kernel.entry_points().len(), kernel.abi.entries.len());
        for entry in kernel.entry_points() {
            let params = parameters(&kernel.source, &entry);
            let want: Vec<String> = kernel
                .abi
                .args
                .iter()
                .map(|arg| match arg.kind {
                    // Data may alias (a one-pass plan runs in place); tables never do.
                    ArgKind::Input => format!("__global const {data} *{}", arg.name),
                    ArgKind::Output => format!("__global {data} *{}", arg.name),
                    ArgKind::Table(_) => {
                        format!("__global const {data} *restrict {}", arg.name)
                    }
                    ArgKind::RealInput | ArgKind::ImagInput => {
                        format!("__global const {real} *{}", arg.name)
                    }
                    ArgKind::RealOutput | ArgKind::ImagOutput => {
                        format!("__global {real} *{}", arg.name)
                    }
                    ArgKind::Indices(_) => format!("__global const uint *restrict {}", arg.name),
                    // Only the plan's steps touch the stash, each its own transform's values.
                    ArgKind::Stash => format!("__global {data} *restrict {}", arg.name),
                    ArgKind::Uint(_) => format!("const uint {}", arg.name),
                    ArgKind::Scale => format!("const {real} {}", arg.name),
                })
                .collect();
            assert_eq!(params, want, "{entry}");
        }
    }
}
