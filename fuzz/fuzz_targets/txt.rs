//! The txt reader on arbitrary bytes: a signal or an error, never a panic or a hang.
#![no_main]

use fft_io::{decode, Format, ReadOptions};
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|bytes: &[u8]| {
    for allow_nonfinite in [false, true] {
        let options = ReadOptions { allow_nonfinite };
        if let Ok(read) = decode(Path::new("fuzz.txt"), bytes, Format::Txt, options) {
            let s = read.signal;
            assert_eq!(s.rows() * s.cols(), s.data().len());
        }
    }
});
