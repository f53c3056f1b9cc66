//! The symbolic layer: butterflies as expression graphs, simplified, scheduled and evaluated
//! on the CPU. Nothing here knows OpenCL.

pub mod angle;
pub mod butterfly;
pub mod constant;
pub mod evaluate;
pub mod ir;
mod mixed;
pub mod schedule;
pub mod simplify;
