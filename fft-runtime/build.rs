//! Generates every catalog kernel at build time (DESIGN.md section 1: kernels are emitted by
//! Rust code when the crate is built, never assembled from strings at run time) and writes
//! `generated_kernels.rs`: one static table, one entry per spec of `fft_codegen::catalog()`.

use fft_codegen::{catalog, emit};
use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut table = String::from(
        "/// Every kernel of `fft_codegen::catalog()`, generated when this crate was built.\npub(super) static GENERATED: &[Entry] = &[\n",
    );
    for spec in catalog() {
        let kernel = emit(&spec)
            .unwrap_or_else(|e| panic!("fft-codegen failed on its own spec {spec:?}: {e}"));
        let file = spec.file_name();
        let path = out_dir.join(&file);
        std::fs::write(&path, kernel.source.as_bytes())
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        // `Debug` of a spec and of `OpCounts` is valid Rust with the enums' variants in scope
        // (generated.rs imports them).
        writeln!(
            table,
            "    Entry {{\n        spec: {spec:?},\n        source: include_str!(concat!(env!(\"OUT_DIR\"), \"/{file}\")),\n        ops: {:?},\n    }},",
            kernel.ops
        )
        .expect("writing to a String cannot fail");
    }
    table.push_str("];\n");
    let path = out_dir.join("generated_kernels.rs");
    std::fs::write(&path, table).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    println!("cargo:rerun-if-changed=build.rs");
}
