//! The kernel model (DESIGN.md section 4): what a kernel is asked to be ([`KernelSpec`]), its
//! contract with the runtime as data ([`KernelAbi`]), and the one catalog of every kernel the
//! project ships ([`catalog`]).
//!
//! A spec is pure data, so the planner can name the kernel of every pass without the
//! generator, the generator can write each kernel's signature from its ABI, and the runtime
//! can bind arguments and launch any kernel without knowing its family.

mod abi;
mod catalog;
mod chirp;
mod fused;
mod lanes;
mod layout;
mod permute;
mod rader;
mod real;
mod spec;
mod stage_table;
mod tables;

pub use abi::{
    stash_len, ArgKind, EntryAbi, Geometry, IndexKind, KernelAbi, KernelArg, LaunchParams,
    LaunchShape, PassPosition, RowPitch, TableKind, UintArg, GUARDED_GROUP, STASH_PER_TRANSFORM,
};
pub use catalog::{catalog, sample_catalog};
pub use chirp::{bluestein_len, bluestein_reference, chirp, chirp_filter, ChirpSpec, ChirpStep};
pub use fused::{
    bank_passes, ChirpStore, FusedChirp, FusedSpec, Storage, ALIGNED_MAX_LEN,
    LINEAR_PAD_MIN_PERIOD, MAX_GROUP, PAD_STEP,
};
pub use lanes::{
    LanesLenError, LanesShape, LanesSpec, LANES, LANES_ITEM_POINTS, LANES_MIN_LEN,
    LANES_STAGE_RADICES,
};
pub use layout::{IoLayout, LayoutSpec, LayoutStep, LayoutValues};
pub use permute::{PermuteSpec, PermuteStep};
pub use rader::{
    primitive_root, rader_destination, rader_filter, rader_powers, rader_reference, rader_serves,
    RaderSpec, RaderStep,
};
pub use real::{
    half_spectrum_len, hermitian_extension, irfft_reference, rfft_reference, FusedReal, RealLayout,
    RealSpec, RealStep,
};
pub use spec::{
    all_radices, is_supported_radix, power_of_two_radix_list, radix_list, Form, KernelSpec,
    Lengths, PassTable, RadixSpec, SpecError, Twiddles, LARGEST_PRIME_RADIX, MAX_RADIX, RADICES,
};
pub use stage_table::StageTwiddleSlots;
pub use tables::{pass_twiddles, split_twiddles, stage_twiddles, SplitTwiddles};
