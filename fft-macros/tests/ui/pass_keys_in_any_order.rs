use fft_macros::radix_kernel;

const K: fft_codegen::GeneratedKernel =
    radix_kernel!(8, twiddles = chained, precision = f64, direction = inverse,);

fn main() {
    assert_eq!(K.entry_point(), "fft_radix8_inv_f64_chained");
}
