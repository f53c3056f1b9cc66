use fft_macros::radix_kernel;

// Odd and mixed radices: passes for any length (Lengths::Any).
const FIVE: fft_codegen::GeneratedKernel = radix_kernel!(5);
const SIXTY: fft_codegen::GeneratedKernel = radix_kernel!(60, precision = f64);

fn main() {
    assert_eq!(FIVE.entry_point(), "fft_radix5_fwd_f32");
    assert_eq!(SIXTY.ops.real_scales > 0, true);
}
