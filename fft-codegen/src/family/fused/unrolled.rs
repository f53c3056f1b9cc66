//! The loops of a fused kernel's load and store phases: each phase moves the work-item's
//! elements `it = 0..R` with one statement in `it`, in a `for` loop under `#pragma unroll`
//! (the trip count is a constant, so the driver unrolls it fully and the registers `ld[it]`,
//! `st[it]` stay registers), instead of R statements written out.

use crate::opencl::writer::Writer;
use std::fmt::{self, Write};

/// Opens `#pragma unroll` and `for (uint it = from; it < to; ++it)` with its block; close
/// it with [`Writer::close_block`].
pub(super) fn open_element_loop<W: Write>(w: &mut Writer<W>, from: u32, to: u32) -> fmt::Result {
    writeln!(w, "#pragma unroll")?;
    writeln!(w, "for (uint it = {from}u; it < {to}u; ++it)")?;
    w.open_block()
}

/// `base + it * step`, the trivial factors left out: `lid + it * 128u`, `g0 + it`.
pub(super) fn plus_it(base: &str, step: u32) -> String {
    match step {
        0 => base.to_string(),
        1 => format!("{base} + it"),
        _ => format!("{base} + it * {step}u"),
    }
}

/// `base + it * step * stride` for a runtime `stride`: `src + it * 128u * t`.
pub(super) fn plus_it_strided(base: &str, step: u32, stride: &str) -> String {
    match step {
        0 => base.to_string(),
        1 => format!("{base} + it * {stride}"),
        _ => format!("{base} + it * {step}u * {stride}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_and_offsets_read_as_c() {
        let mut w = Writer::new(String::new());
        open_element_loop(&mut w, 1, 32).unwrap();
        writeln!(w, "y[{}] = v;", plus_it("out", 128)).unwrap();
        w.close_block().unwrap();
        assert_eq!(
            w.into_inner(),
            "#pragma unroll\nfor (uint it = 1u; it < 32u; ++it)\n{\n    y[out + it * 128u] = v;\n}\n"
        );
        assert_eq!(plus_it("g0", 1), "g0 + it");
        assert_eq!(plus_it("g0", 0), "g0");
        assert_eq!(plus_it_strided("src", 1, "t"), "src + it * t");
        assert_eq!(
            plus_it_strided("src", 64, "t_inner"),
            "src + it * 64u * t_inner"
        );
    }
}
