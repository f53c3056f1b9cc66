//! Generates every catalog kernel at build time (DESIGN.md section 1: kernels are emitted by
//! Rust code when the crate is built, never assembled from strings at run time) and writes
//! `generated_kernels.rs`, a table the runtime looks kernels up in.

use fft_codegen::{
    catalog, cpu_catalog, emit_cpu_kernel, emit_fused_kernel, emit_kernel, fused_catalog,
};
use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut table = String::from(
        "/// Every kernel of `fft_codegen::catalog()`, generated when this crate was built.\n\
         pub(crate) static GENERATED_KERNELS: &[GeneratedKernel] = &[\n",
    );
    for spec in catalog() {
        let kernel = emit_kernel(&spec)
            .unwrap_or_else(|e| panic!("fft-codegen failed on its own catalog spec {spec:?}: {e}"));
        let file = out_dir.join(spec.file_name());
        std::fs::write(&file, kernel.source.as_bytes())
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", file.display()));
        writeln!(
            table,
            "    GeneratedKernel {{\n        \
             spec: KernelSpec {{ radix: {}, direction: Direction::{:?}, precision: Precision::{:?}, twiddles: Twiddles::{:?} }},\n        \
             entry_point: Cow::Borrowed({:?}),\n        \
             source: Cow::Borrowed(include_str!(concat!(env!(\"OUT_DIR\"), \"/{}\"))),\n        \
             ops: {:?},\n    }},",
            spec.radix,
            spec.direction,
            spec.precision,
            spec.twiddles,
            kernel.entry_point,
            spec.file_name(),
            kernel.ops,
        )
        .expect("writing to a String cannot fail");
    }
    table.push_str("];\n\n");
    table.push_str(
        "/// Every kernel of `fft_codegen::fused_catalog()`, generated when this crate was built.\n\
         pub(crate) static GENERATED_FUSED_KERNELS: &[GeneratedFusedKernel] = &[\n",
    );
    for spec in fused_catalog() {
        let kernel = emit_fused_kernel(&spec)
            .unwrap_or_else(|e| panic!("fft-codegen failed on its own fused spec {spec:?}: {e}"));
        let file = out_dir.join(spec.file_name());
        std::fs::write(&file, kernel.source.as_bytes())
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", file.display()));
        writeln!(
            table,
            "    GeneratedFusedKernel {{\n        \
             spec: FusedSpec {{ len: {}, direction: Direction::{:?}, precision: Precision::{:?} }},\n        \
             entry_point: Cow::Borrowed({:?}),\n        \
             source: Cow::Borrowed(include_str!(concat!(env!(\"OUT_DIR\"), \"/{}\"))),\n        \
             work_group_size: {},\n        \
             columns: {},\n    }},",
            spec.len,
            spec.direction,
            spec.precision,
            kernel.entry_point,
            spec.file_name(),
            kernel.work_group_size,
            kernel.columns,
        )
        .expect("writing to a String cannot fail");
    }
    table.push_str("];\n\n");
    table.push_str(
        "/// Every kernel of `fft_codegen::cpu_catalog()` (scalar global radix passes for CPU\n\
         /// devices), generated when this crate was built.\n\
         pub(crate) static GENERATED_CPU_KERNELS: &[GeneratedCpuKernel] = &[\n",
    );
    for spec in cpu_catalog() {
        let kernel = emit_cpu_kernel(&spec)
            .unwrap_or_else(|e| panic!("fft-codegen failed on its own CPU spec {spec:?}: {e}"));
        let file = out_dir.join(spec.file_name());
        std::fs::write(&file, kernel.source.as_bytes())
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", file.display()));
        writeln!(
            table,
            "    GeneratedCpuKernel {{\n        \
             spec: CpuKernelSpec {{ radix: {}, direction: Direction::{:?}, precision: Precision::{:?} }},\n        \
             entry_point: Cow::Borrowed({:?}),\n        \
             source: Cow::Borrowed(include_str!(concat!(env!(\"OUT_DIR\"), \"/{}\"))),\n        \
             ops: {:?},\n    }},",
            spec.radix,
            spec.direction,
            spec.precision,
            kernel.entry_point,
            spec.file_name(),
            kernel.ops,
        )
        .expect("writing to a String cannot fail");
    }
    table.push_str("];\n");
    let path = out_dir.join("generated_kernels.rs");
    std::fs::write(&path, table).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    println!("cargo:rerun-if-changed=build.rs");
}
