//! The OpenCL C layer: the indenting writer, literals and types, expressions of the IR as
//! statements, the one butterfly writer, the `mul_pXqY`/`cmul` helpers and signatures written
//! from the ABI.

pub(crate) mod banner;
pub(crate) mod butterfly;
pub(crate) mod expr;
pub mod literal;
pub(crate) mod real_helpers;
pub(crate) mod signature;
pub(crate) mod twiddle_helpers;
pub mod writer;
