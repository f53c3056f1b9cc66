use fft_macros::radix_kernel;

const K: fft_codegen::GeneratedKernel = radix_kernel!(5, twiddles = sincos);

fn main() {}
