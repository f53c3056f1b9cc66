//! One file or folder per kernel family: each turns its spec into a program through the math and
//! OpenCL layers. A new family is a new file or folder here and an arm in `emit`.

pub(crate) mod chirp;
pub(crate) mod fused;
pub(crate) mod lanes;
pub(crate) mod layout;
pub(crate) mod permute;
pub(crate) mod rader;
pub(crate) mod radix;
pub(crate) mod real;
