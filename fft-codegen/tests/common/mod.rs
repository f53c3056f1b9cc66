//! The catalog split by family and form, for the text and model tests.
#![allow(dead_code)]

use fft_codegen::{catalog, emit, Form, FusedSpec, GeneratedKernel, KernelSpec, RadixSpec};

/// Every global radix pass of the catalog in `form`.
pub fn radix_specs(form: Form) -> Vec<RadixSpec> {
    catalog()
        .into_iter()
        .filter_map(|spec| match spec {
            KernelSpec::Radix(radix) if radix.form == form => Some(radix),
            _ => None,
        })
        .collect()
}

/// Every global radix pass of the catalog, vector form.
pub fn vector_specs() -> Vec<RadixSpec> {
    radix_specs(Form::Vector)
}

/// Every global radix pass of the catalog, scalar form.
pub fn scalar_specs() -> Vec<RadixSpec> {
    radix_specs(Form::Scalar)
}

/// Every fused pass of the catalog.
pub fn fused_specs() -> Vec<FusedSpec> {
    catalog()
        .into_iter()
        .filter_map(|spec| match spec {
            KernelSpec::Fused(fused) => Some(fused),
            _ => None,
        })
        .collect()
}

/// The scalar form of a pass.
pub fn scalar(radix: u32) -> RadixSpec {
    RadixSpec {
        form: Form::Scalar,
        ..RadixSpec::new(radix)
    }
}

/// `emit` of any spec, unwrapped.
pub fn generate(spec: impl Into<KernelSpec>) -> GeneratedKernel {
    emit(&spec.into()).unwrap()
}

/// `<name>.cl`.
pub fn file_name(spec: impl Into<KernelSpec>) -> String {
    spec.into().file_name()
}
