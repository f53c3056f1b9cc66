//! Floating-point literals in OpenCL C: rounded once from f64, printed shortest round-trip.

use fft_core::Precision;

/// `value` rounded once to `precision` and printed as the shortest literal that reads back
/// to the same number: `0.70710677f` (f32) or `0.7071067811865476` (f64). Always has a `.` or
/// an exponent, so `1` prints as `1.0f`.
pub fn literal(value: f64, precision: Precision) -> String {
    match precision {
        // Rust's `{:?}` prints the shortest representation that round-trips.
        Precision::F32 => format!("{:?}f", value as f32),
        Precision::F64 => format!("{value:?}"),
    }
}

/// `value` rounded once to `precision`, back in f64 (what the literal stands for).
pub fn rounded(value: f64, precision: Precision) -> f64 {
    match precision {
        Precision::F32 => f64::from(value as f32),
        Precision::F64 => value,
    }
}

/// The OpenCL C scalar type: `float` or `double`.
pub fn scalar_type(precision: Precision) -> &'static str {
    match precision {
        Precision::F32 => "float",
        Precision::F64 => "double",
    }
}

/// The OpenCL C complex (two-component vector) type: `float2` or `double2`.
pub fn vector_type(precision: Precision) -> &'static str {
    match precision {
        Precision::F32 => "float2",
        Precision::F64 => "double2",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortest_round_trip_with_suffix() {
        let h = std::f64::consts::FRAC_1_SQRT_2;
        assert_eq!(literal(h, Precision::F32), "0.70710677f");
        assert_eq!(literal(h, Precision::F64), "0.7071067811865476");
        assert_eq!(literal(1.0, Precision::F32), "1.0f");
        assert_eq!(literal(2.0, Precision::F64), "2.0");
        assert_eq!(
            literal(-std::f64::consts::TAU, Precision::F32),
            "-6.2831855f"
        );
        for v in [0.1, 0.9238795325112867, 1e-8, 3.0e20] {
            let text = literal(v, Precision::F32);
            let back: f32 = text.trim_end_matches('f').parse().unwrap();
            assert_eq!(back, v as f32, "{text}");
            assert!(text.contains('.') || text.contains('e'), "{text}");
        }
    }
}
