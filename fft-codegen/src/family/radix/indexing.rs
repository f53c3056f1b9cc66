//! The indices of the vector-form radix pass as index bindings: work-item `g` runs the
//! butterfly of sub-FFT position `i = g % t`, twiddle index `k = i % p`, reading
//! `x[src + m * t]` and writing `y[dst + q * p]` (masks for powers of two). The kernel body
//! writes them; the CPU model (`fft_codegen::indexing::radix_pass`) evaluates them.

use crate::index::{Bindings, Expr};
use fft_core::kernel::{Lengths, RadixSpec};

/// `g` to `dst`, with the guard on `active` when `t` and `p` need not be powers of two.
pub(crate) fn vector_roles(spec: &RadixSpec) -> Bindings {
    let r = spec.radix;
    let (t, p) = (Expr::var("t"), Expr::var("p"));
    let mut b = Bindings::new();
    let g = b.bind("g", Expr::builtin("get_global_id(0)"));
    let i = if spec.lengths == Lengths::Any {
        b.guard("g >= active");
        let i = b.bind("i", g.clone().modulo(t));
        b.bind("k", i.clone().modulo(p));
        i
    } else {
        let i = b.bind("i", g.clone().and(t.minus(Expr::uint(1))));
        b.bind("k", i.clone().and(p.minus(Expr::uint(1))));
        i
    };
    let k = Expr::var("k");
    let base = b.bind("base", g.minus(i.clone()).times(Expr::uint(r)));
    b.bind("src", base.clone().plus(i.clone()));
    b.bind(
        "dst",
        base.plus(i.minus(k.clone()).times(Expr::uint(r))).plus(k),
    );
    b
}

/// `src + m * t`: where input `m` is read.
pub(crate) fn input(m: u32) -> Expr {
    Expr::var("src").plus(Expr::uint(m).times(Expr::var("t")))
}

/// `dst + q * p`: where output `q` is written.
pub(crate) fn output(q: u32) -> Expr {
    Expr::var("dst").plus(Expr::uint(q).times(Expr::var("p")))
}

/// `k + (m - 1) * p`: the one-level table's row of input `m >= 1`'s twiddle `W_{Rp}^(k*m)`.
pub(crate) fn table_row(m: u32) -> Expr {
    Expr::var("k").plus(Expr::uint(m - 1).times(Expr::var("p")))
}
