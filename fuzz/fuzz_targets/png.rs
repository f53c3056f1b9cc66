//! The PNG reader on arbitrary bytes: an image or an error, never a panic or a hang (nor a
//! pixel buffer beyond what the header's checked size allows).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(image) = fft_io::png::decode(Path::new("fuzz.png"), bytes) {
        assert_eq!(image.rows() * image.cols(), image.data().len());
        assert!(image.data().iter().all(|v| (0.0..=1.0).contains(v)));
    }
});
