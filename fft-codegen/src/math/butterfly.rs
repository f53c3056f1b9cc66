//! Radix-2^k butterflies, derived recursively from radix 2 (decimation in frequency).
//!
//! For a block `x` of `n` values, with `h = n/2` and `W_n = exp(sign*2*pi*i/n)`:
//!
//! ```text
//! a_j = x_j + x_{j+h}                 (j < h)   -> a transform of size h gives the even outputs
//! b_j = (x_j - x_{j+h}) * W_n^j       (j < h)   -> a transform of size h gives the odd outputs
//! ```
//!
//! Transforming `a` and `b` recursively and concatenating the two slot lists leaves slot `s`
//! holding `X[bit_reverse(s, log2 n)]`: the bit-reversal is the order of the recursion, and the
//! kernel's store undoes it for free. The inverse transform is the same recursion with the
//! opposite twiddle sign. There is no per-radix or per-direction code anywhere else.
//!
//! Odd and mixed radices (3, 5, ..., 25) come from the symmetric-pair prime butterflies and
//! the same decimation in frequency over their prime factors (`mixed.rs`); their slots are in
//! natural order ([`output_slot`]).

use crate::math::angle::Angle;
use crate::math::ir::{Graph, NodeId};
use crate::spec::CodegenError;
use fft_core::kernel::is_supported_radix;
use fft_core::{bit_reverse, log2_exact, Direction};

pub use fft_core::kernel::RADICES;

/// The unsimplified butterfly graph of `radix` (every twiddle kept, `W^0` included).
pub fn butterfly(radix: u32, direction: Direction) -> Result<Graph, CodegenError> {
    if !is_supported_radix(radix) {
        return Err(CodegenError::radix(radix));
    }
    let mut graph = Graph::new();
    let inputs: Vec<NodeId> = (0..radix as usize).map(|m| graph.input(m)).collect();
    let outputs = if radix.is_power_of_two() {
        dif(&mut graph, inputs, direction)?
    } else {
        let mut slots = crate::math::mixed::mixed_dif(&mut graph, &inputs, direction)
            .ok_or(CodegenError::radix(radix))?;
        slots.sort_by_key(|&(_, frequency)| frequency);
        slots.into_iter().map(|(node, _)| node).collect()
    };
    graph.set_outputs(outputs);
    Ok(graph)
}

/// The slot of a radix-`radix` butterfly that holds output `X[q]`: `bitrev(q)` for the
/// power-of-two radices (the classic kernels' bit-reversed order, undone by the store),
/// `q` itself for the others.
pub fn output_slot(radix: u32, q: usize) -> usize {
    if radix.is_power_of_two() {
        bit_reverse(q, radix.trailing_zeros())
    } else {
        q
    }
}

/// One level of the recursion over the block `x` (its length is a power of two).
fn dif(
    graph: &mut Graph,
    x: Vec<NodeId>,
    direction: Direction,
) -> Result<Vec<NodeId>, CodegenError> {
    let n = x.len();
    if n <= 1 {
        return Ok(x);
    }
    let radix = u32::try_from(n).map_err(|_| CodegenError::radix(u32::MAX))?;
    if log2_exact(n).is_none() {
        return Err(CodegenError::radix(radix));
    }
    let (lo, hi) = x.split_at(n / 2);
    let sums = lo.iter().zip(hi).map(|(&u, &v)| graph.add(u, v)).collect();
    let mut differences = Vec::with_capacity(n / 2);
    for (j, (&u, &v)) in (0u32..).zip(lo.iter().zip(hi)) {
        let angle = Angle::of_root(j, radix, direction).ok_or(CodegenError::radix(radix))?;
        let difference = graph.sub(u, v);
        differences.push(graph.twiddle(difference, angle));
    }
    let mut slots = dif(graph, sums, direction)?;
    slots.extend(dif(graph, differences, direction)?);
    Ok(slots)
}
