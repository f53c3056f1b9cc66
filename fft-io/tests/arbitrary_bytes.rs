//! Every reader, fed arbitrary bytes, returns a signal (or an image) or an error that names
//! the file: never a panic. (The fuzz targets in `fuzz/` go further; this runs in the normal
//! suite.)

use fft_io::{decode, Format, ReadOptions};
use proptest::prelude::*;
use std::path::Path;

const FORMATS: [Format; 6] = [
    Format::Txt,
    Format::Csv,
    Format::Npy,
    Format::Wav,
    Format::C64,
    Format::C128,
];

fn check(bytes: &[u8]) {
    for format in FORMATS {
        for allow_nonfinite in [false, true] {
            let options = ReadOptions { allow_nonfinite };
            match decode(Path::new("fuzz.bin"), bytes, format, options) {
                Ok(read) => {
                    let s = read.signal;
                    assert_eq!(s.rows() * s.cols(), s.data().len());
                    assert!(!s.data().is_empty());
                }
                Err(e) => assert!(e.to_string().contains("fuzz.bin"), "{e}"),
            }
        }
    }
    match fft_io::png::decode(Path::new("fuzz.bin"), bytes) {
        Ok(image) => {
            assert_eq!(image.rows() * image.cols(), image.data().len());
            assert!(image.data().iter().all(|v| (0.0..=1.0).contains(v)));
        }
        Err(e) => assert!(e.to_string().contains("fuzz.bin"), "{e}"),
    }
}

/// Prefixes that get past each format's first check, so the cases reach deeper code.
fn seeded() -> impl Strategy<Value = Vec<u8>> {
    let prefixes: Vec<&'static [u8]> = vec![
        b"",
        b"\x93NUMPY\x01\x00",
        b"\x93NUMPY\x01\x00\x46\x00{'descr': '<c8', 'fortran_order': False, 'shape': (",
        b"RIFF\x24\x00\x00\x00WAVEfmt ",
        b"re,im\n",
        b"\xef\xbb\xbf1,",
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR",
    ];
    (
        proptest::sample::select(prefixes),
        proptest::collection::vec(any::<u8>(), 0..512),
    )
        .prop_map(|(prefix, tail)| [prefix, &tail[..]].concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..1024)) {
        check(&bytes);
    }

    #[test]
    fn plausible_prefixes_never_panic(bytes in seeded()) {
        check(&bytes);
    }

    #[test]
    fn text_like_input_never_panics(text in "[0-9eE+\\-.,; \\n#a-z\u{feff}é]{0,256}") {
        check(text.as_bytes());
    }
}
