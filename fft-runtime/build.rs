//! Generates every catalog kernel at build time (DESIGN.md section 1: kernels are emitted by
//! Rust code when the crate is built, never assembled from strings at run time) and writes
//! `generated_kernels.rs`, one static table per kernel family for the runtime to look up.

use fft_codegen::{
    catalog, cpu_catalog, emit_cpu_kernel, emit_fused_kernel, emit_kernel, fused_catalog,
};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// One generated kernel: its file name in OUT_DIR, its source, and the Rust fields of its
/// table entry other than `source` (which `include_str!`s the file).
struct Entry {
    file: String,
    source: String,
    fields: String,
}

/// Writes every entry's source to `out_dir` and appends `static NAME: &[TYPE] = &[...]`.
fn write_table(
    table: &mut String,
    out_dir: &Path,
    doc: &str,
    name: &str,
    ty: &str,
    entries: Vec<Entry>,
) {
    writeln!(
        table,
        "/// {doc}, generated when this crate was built.\npub(crate) static {name}: &[{ty}] = &["
    )
    .expect("writing to a String cannot fail");
    for entry in entries {
        let file = out_dir.join(&entry.file);
        std::fs::write(&file, entry.source.as_bytes())
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", file.display()));
        writeln!(
            table,
            "    {ty} {{\n        {}\n        source: Cow::Borrowed(include_str!(concat!(env!(\"OUT_DIR\"), \"/{}\"))),\n    }},",
            entry.fields, entry.file
        )
        .expect("writing to a String cannot fail");
    }
    table.push_str("];\n\n");
}

fn failed(family: &str, spec: &dyn std::fmt::Debug, error: &dyn std::fmt::Display) -> ! {
    panic!("fft-codegen failed on its own {family} spec {spec:?}: {error}")
}

fn main() {
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut table = String::new();
    let radix = catalog().into_iter().map(|spec| {
        let kernel = emit_kernel(&spec).unwrap_or_else(|e| failed("global radix", &spec, &e));
        Entry {
            file: spec.file_name(),
            fields: format!(
                "spec: KernelSpec {{ radix: {}, direction: Direction::{:?}, precision: Precision::{:?}, twiddles: Twiddles::{:?} }},\n        entry_point: Cow::Borrowed({:?}),\n        ops: {:?},",
                spec.radix, spec.direction, spec.precision, spec.twiddles, kernel.entry_point, kernel.ops
            ),
            source: kernel.source.into_owned(),
        }
    });
    write_table(
        &mut table,
        &out_dir,
        "Every kernel of `fft_codegen::catalog()`",
        "GENERATED_KERNELS",
        "GeneratedKernel",
        radix.collect(),
    );
    let fused = fused_catalog().into_iter().map(|spec| {
        let kernel = emit_fused_kernel(&spec).unwrap_or_else(|e| failed("fused", &spec, &e));
        Entry {
            file: spec.file_name(),
            fields: format!(
                "spec: FusedSpec {{ len: {}, direction: Direction::{:?}, precision: Precision::{:?} }},\n        entry_point: Cow::Borrowed({:?}),\n        work_group_size: {},\n        columns: {},",
                spec.len, spec.direction, spec.precision, kernel.entry_point, kernel.work_group_size, kernel.columns
            ),
            source: kernel.source.into_owned(),
        }
    });
    write_table(
        &mut table,
        &out_dir,
        "Every kernel of `fft_codegen::fused_catalog()`",
        "GENERATED_FUSED_KERNELS",
        "GeneratedFusedKernel",
        fused.collect(),
    );
    let cpu = cpu_catalog().into_iter().map(|spec| {
        let kernel = emit_cpu_kernel(&spec).unwrap_or_else(|e| failed("CPU", &spec, &e));
        Entry {
            file: spec.file_name(),
            fields: format!(
                "spec: CpuKernelSpec {{ radix: {}, direction: Direction::{:?}, precision: Precision::{:?} }},\n        entry_point: Cow::Borrowed({:?}),\n        ops: {:?},",
                spec.radix, spec.direction, spec.precision, kernel.entry_point, kernel.ops
            ),
            source: kernel.source.into_owned(),
        }
    });
    write_table(
        &mut table,
        &out_dir,
        "Every kernel of `fft_codegen::cpu_catalog()` (scalar global radix passes for CPU devices)",
        "GENERATED_CPU_KERNELS",
        "GeneratedCpuKernel",
        cpu.collect(),
    );
    let path = out_dir.join("generated_kernels.rs");
    std::fs::write(&path, table).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    println!("cargo:rerun-if-changed=build.rs");
}
