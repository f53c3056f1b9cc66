//! Butterflies of any radix whose prime factors are at most 13 (DESIGN.md section 4.3).
//!
//! A prime radix p is written in the symmetric-pair form: with `s_j = x_j + x_{p-j}` and
//! `d_j = x_j - x_{p-j}` for `j = 1..(p-1)/2`, and the angles `a = 2jk/p` (in units of pi, of
//! the direction's sign),
//!
//! ```text
//! X_0     = x_0 + sum_j s_j
//! A_k     = x_0 + sum_j cos(pi*a) * s_j          B_k = sum_j sin(pi*a) * d_j
//! X_k     = A_k - i*B_k                          X_{p-k} = A_k + i*B_k      (k = 1..(p-1)/2)
//! ```
//!
//! so every product is a complex value times a real constant (two real multiplications).
//! A composite radix `n = p*m` (p its smallest prime factor) is decimation in frequency, the
//! same recursion as the power-of-two butterflies: the radix-p butterflies of the columns
//! `x_{j + m*q}` (q = 0..p-1), output `k1` of column `j` times `W_n^(j*k1)`, then a
//! radix-m butterfly over `j` for each `k1` gives `X[k1 + p*k2]`. The slots are put back in
//! natural order: slot s holds X[s].

use crate::math::angle::Angle;
use crate::math::constant::RealConstant;
use crate::math::ir::{Graph, NodeId, Op, Rotation};
use fft_core::Direction;

/// The outputs of the DFT of `x` (any length >= 1), each with its frequency index.
pub(crate) fn mixed_dif(
    graph: &mut Graph,
    x: &[NodeId],
    direction: Direction,
) -> Option<Vec<(NodeId, usize)>> {
    let n = x.len();
    if n <= 1 {
        return Some(x.iter().map(|&node| (node, 0)).collect());
    }
    let n32 = u32::try_from(n).ok()?;
    let p = *fft_core::plan::prime_factors(n).first()?;
    if p == n {
        let outputs = prime_dft(graph, x, direction)?;
        return Some(outputs.into_iter().zip(0..).collect());
    }
    let m = n / p;
    // columns[j][k1]: output k1 of the radix-p butterfly of column j.
    let mut columns = Vec::with_capacity(m);
    for j in 0..m {
        let column: Vec<NodeId> = (0..p).map(|q| x[j + m * q]).collect();
        columns.push(prime_dft(graph, &column, direction)?);
    }
    let mut slots = Vec::with_capacity(n);
    for k1 in 0..p {
        let mut row = Vec::with_capacity(m);
        for (j, column) in columns.iter().enumerate() {
            let value = column[k1];
            row.push(if k1 == 0 {
                value
            } else {
                let angle = Angle::of_root(u32::try_from(j * k1).ok()?, n32, direction)?;
                graph.twiddle(value, angle)
            });
        }
        for (node, k2) in mixed_dif(graph, &row, direction)? {
            slots.push((node, k1 + p * k2));
        }
    }
    Some(slots)
}

/// The DFT of `x` (its length a prime, or 1) in natural order, in the symmetric-pair form.
fn prime_dft(graph: &mut Graph, x: &[NodeId], direction: Direction) -> Option<Vec<NodeId>> {
    let p = x.len();
    if p == 1 {
        return Some(x.to_vec());
    }
    if p == 2 {
        return Some(vec![graph.add(x[0], x[1]), graph.sub(x[0], x[1])]);
    }
    let half = (p - 1) / 2;
    let pairs: Vec<(NodeId, NodeId)> = (1..=half)
        .map(|j| (graph.add(x[j], x[p - j]), graph.sub(x[j], x[p - j])))
        .collect();
    let mut outputs = vec![x[0]; p];
    let mut total = x[0];
    for &(sum, _) in &pairs {
        total = graph.add(total, sum);
    }
    outputs[0] = total;
    let p32 = u32::try_from(p).ok()?;
    for k in 1..=half {
        let mut real = x[0];
        let mut imag: Option<NodeId> = None;
        for (j, &(sum, difference)) in (1..=half).zip(&pairs) {
            // W^(jk) with jk reduced to e <= p/2: cos(p - e) = cos(e), sin(p - e) = -sin(e),
            // so each butterfly names (p-1)/2 cosines and (p-1)/2 sines.
            let e = (j * k) % p;
            let (e, flip) = if e > half { (p - e, true) } else { (e, false) };
            let angle = Angle::of_root(u32::try_from(e).ok()?, p32, direction)?;
            let cos = graph.scale(sum, RealConstant::cos(angle));
            real = graph.add(real, cos);
            let sin = graph.scale(difference, RealConstant::sin(angle));
            imag = Some(match (imag, flip) {
                (Some(acc), false) => graph.add(acc, sin),
                (Some(acc), true) => graph.sub(acc, sin),
                (None, false) => sin,
                (None, true) => graph.push(Op::Neg(sin)),
            });
        }
        // X_k = A_k - i*B_k, X_{p-k} = A_k + i*B_k.
        let rotated = graph.push(Op::Rotate(imag?, Rotation::MinusI));
        outputs[k] = graph.add(real, rotated);
        outputs[p - k] = graph.sub(real, rotated);
    }
    Some(outputs)
}
