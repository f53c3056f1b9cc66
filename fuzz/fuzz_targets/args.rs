//! `oclfft`'s command line and input file to a job (`fft_cli::resolve_job`: clap, the formats,
//! the input's shape, --axes, --len, --real and --inverse, the job; everything the binary does
//! before it opens a device): a job or a clear error, never a panic or a hang.
//!
//! The input is the command line (words split at spaces, tabs and newlines, `oclfft` put
//! before them), then a NUL byte, then the input file's bytes. The file is written to a
//! scratch directory under every name in `NAMES`, and a word equal to one of them names it
//! there: `fft in.npy --axes 0,1\0<npy bytes>`.
#![no_main]

use fft_cli::{resolve_job, ResolveError, Resolved};
use libfuzzer_sys::fuzz_target;
use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;
use std::sync::OnceLock;

/// Every extension a format is told by, and names that tell none.
const NAMES: [&str; 10] = [
    "in.txt", "in.dat", "in.csv", "in.npy", "in.wav", "in.c64", "in.c128", "in.png", "in.PNG", "in",
];

/// The scratch directory, with every name in `NAMES` a link to its file `input`.
fn scratch() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("oclfft-fuzz-args-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in NAMES {
            let link = dir.join(name);
            if std::fs::symlink_metadata(&link).is_err() {
                std::os::unix::fs::symlink("input", link).unwrap();
            }
        }
        dir
    })
}

fuzz_target!(|bytes: &[u8]| {
    let dir = scratch();
    let (line, file) = match bytes.iter().position(|&b| b == 0) {
        Some(at) => (&bytes[..at], &bytes[at + 1..]),
        None => (bytes, &[][..]),
    };
    std::fs::write(dir.join("input"), file).unwrap();
    let words = line
        .split(|b| b" \t\n".contains(b))
        .filter(|word| !word.is_empty())
        .map(
            |word| match NAMES.iter().find(|name| name.as_bytes() == word) {
                Some(name) => dir.join(name).into_os_string(),
                None => OsStr::from_bytes(word).to_os_string(),
            },
        );
    let argv = std::iter::once(OsString::from("oclfft")).chain(words);
    match resolve_job(argv) {
        Ok(resolved) => match resolved.job() {
            Some(job) => assert!(job.len >= 1 && job.batch >= 1, "{resolved:?}"),
            None => assert!(matches!(resolved, Resolved::Other)),
        },
        Err(ResolveError::Usage(_)) => {}
        Err(ResolveError::Cli(e)) => {
            // Before the device, every refusal is of the command line or the input.
            assert_eq!(e.exit_code(), 2, "{e}");
            assert!(!e.to_string().trim().is_empty());
        }
    }
});
