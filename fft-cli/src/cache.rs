//! `oclfft cache`: where the compiled-kernel cache is, what it holds, and `--clear`.

use fft_runtime::{QueueOptions, CACHE_ENV};
use std::os::unix::fs::PermissionsExt;

/// Arguments of `oclfft cache`.
#[derive(clap::Args)]
pub struct CacheArgs {
    /// Delete every cached binary (each kernel compiles again the next time it is used).
    #[arg(long)]
    clear: bool,
}

fn size(bytes: u64) -> String {
    format!(
        "{:.1} MiB ({bytes} bytes)",
        bytes as f64 / f64::from(1 << 20)
    )
}

/// Prints the cache's location, size and number of entries, or clears it.
pub fn run(args: &CacheArgs) -> crate::Result<()> {
    let cache = QueueOptions::from_env()?.binary_cache;
    let Some(dir) = cache.dir() else {
        return crate::out::line(format_args!(
            "the binary cache is disabled ({CACHE_ENV} is empty or `off`, or no home directory is known)"
        ));
    };
    crate::out::line(format_args!("binary cache: {}", dir.display()))?;
    if args.clear {
        let removed = cache.clear()?;
        return crate::out::line(format_args!(
            "removed {} entries, {}",
            removed.entries,
            size(removed.bytes)
        ));
    }
    let stats = cache.stats()?;
    crate::out::line(format_args!(
        "{} entries, {}",
        stats.entries,
        size(stats.bytes)
    ))?;
    if let Ok(meta) = std::fs::metadata(dir) {
        if meta.permissions().mode() & 0o022 != 0 {
            eprintln!(
                "oclfft: warning: {} is writable by other users; it holds native code the OpenCL driver runs: `chmod 700` it",
                dir.display()
            );
        }
    }
    crate::out::line(format_args!(
        "set {CACHE_ENV} to move it, {CACHE_ENV}=off to disable it; `oclfft cache --clear` empties it"
    ))
}
