//! The raw c64 and c128 readers on arbitrary bytes: a signal or an error, never a panic.
#![no_main]

use fft_io::{decode, Format, ReadOptions};
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|bytes: &[u8]| {
    for format in [Format::C64, Format::C128] {
        let options = ReadOptions::default();
        if let Ok(read) = decode(Path::new("fuzz.raw"), bytes, format, options) {
            let s = read.signal;
            assert_eq!(s.rows() * s.cols(), s.data().len());
        }
    }
});
