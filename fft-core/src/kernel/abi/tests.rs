//! Tests of the ABI: geometry, argument values and tables of each family.

use super::*;
use crate::kernel::{FusedSpec, RadixSpec};

#[test]
fn radix_pass_geometry_and_arguments() {
    let spec = KernelSpec::Radix(RadixSpec::new(16));
    let params = LaunchParams::stockham(4096, 3, 16);
    let abi = spec.abi();
    let entry = abi.entries[abi.entry_for(16).unwrap()];
    assert_eq!(
        entry.geometry.launch(&spec, &params),
        LaunchShape {
            global: vec![256 * 3],
            local: None
        }
    );
    assert_eq!(UintArg::PerSequence.value(&spec, &params), 256);
    assert_eq!(
        TableKind::PassTwiddles.values(&spec, &params).len(),
        15 * 16
    );
}

#[test]
fn scalar_form_has_a_first_pass_entry() {
    let spec = KernelSpec::Radix(RadixSpec {
        form: crate::kernel::Form::Scalar,
        ..RadixSpec::new(4)
    });
    let abi = spec.abi();
    assert_eq!(abi.entries[abi.entry_for(1).unwrap()].suffix, "_p1");
    assert_eq!(abi.entries[abi.entry_for(4).unwrap()].suffix, "");
    let first = LaunchParams::stockham(64, 2, 1);
    let later = LaunchParams { stride: 4, ..first };
    assert_eq!(
        Geometry::PerButterflyByBatch.launch(&spec, &first).global,
        [16, 2]
    );
    assert_eq!(
        Geometry::PerButterflyByStride.launch(&spec, &later).global,
        [4, 8]
    );
}

#[test]
fn fused_pass_launches_whole_work_groups() {
    let spec = KernelSpec::Fused(FusedSpec::new(256));
    let params = LaunchParams::stockham(1 << 16, 1, 256);
    let shape = Geometry::WorkGroups.launch(&spec, &params);
    // 256 sub-FFTs, 16 per work-group of 256 work-items.
    assert_eq!(shape.global, [16 * 256]);
    assert_eq!(shape.local, Some(vec![256]));
    assert_eq!(UintArg::FourStepShift.value(&spec, &params), 8);
    assert_eq!(TableKind::FourStepLo.values(&spec, &params).len(), 256);
    assert_eq!(TableKind::FourStepHi.values(&spec, &params).len(), 256);
    let first = LaunchParams::stockham(params.len, params.batch, 1);
    assert_eq!(UintArg::FourStepShift.value(&spec, &first), 0);
    assert_eq!(TableKind::FourStepHi.values(&spec, &first).len(), 1);
}
