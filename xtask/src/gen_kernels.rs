//! `cargo xtask gen-kernels [--all] [--out DIR] [--check]`: writes the reviewed sample
//! ([`fft_codegen::sample_catalog`]), or with `--all` every kernel of
//! [`fft_codegen::catalog`], as `<name>.cl` (by default into `kernels/` at the workspace
//! root) and removes stale `.cl` files there; `--check` writes nothing and fails when the
//! directory differs from what the generator produces.

use crate::{workspace_root, Error};
use fft_codegen::{catalog, emit, sample_catalog};
use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// What `gen-kernels` was asked to do.
#[derive(Debug, PartialEq)]
pub struct GenKernels {
    /// Directory to write into or check.
    pub out: PathBuf,
    /// Only compare, write nothing.
    pub check: bool,
    /// The whole catalog instead of the reviewed sample.
    pub all: bool,
}

/// `kernels/` at the workspace root.
fn default_out_dir() -> PathBuf {
    workspace_root().join("kernels")
}

pub fn parse_gen_kernels(mut args: impl Iterator<Item = String>) -> Result<GenKernels, Error> {
    let mut out = None;
    let mut check = false;
    let mut all = false;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--check" => check = true,
            "--all" => all = true,
            "--out" => match args.next() {
                Some(dir) if out.is_none() => out = Some(PathBuf::from(dir)),
                Some(_) => return Err(Error::Usage("--out given twice".into())),
                None => return Err(Error::Usage("--out needs a directory".into())),
            },
            other => {
                return Err(Error::Usage(format!(
                    "unknown argument `{other}` for gen-kernels"
                )))
            }
        }
    }
    Ok(GenKernels {
        out: out.unwrap_or_else(default_out_dir),
        check,
        all,
    })
}

/// File name -> source of every kernel of the sample, or of the whole catalog with `all`.
fn expected_files(all: bool) -> Result<BTreeMap<String, String>, Error> {
    let specs = if all { catalog() } else { sample_catalog() };
    specs
        .into_iter()
        .map(|spec| {
            let kernel = emit(&spec).map_err(Error::Codegen)?;
            Ok((spec.file_name(), kernel.source.into_owned()))
        })
        .collect()
}

/// The `.cl` files currently in `dir` (none if it does not exist).
fn existing_cl_files(dir: &Path) -> Result<Vec<String>, Error> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(err) => return Err(Error::Io(dir.to_path_buf(), err)),
    };
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|err| Error::Io(dir.to_path_buf(), err))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".cl") {
            names.push(name);
        }
    }
    names.sort();
    Ok(names)
}

pub fn gen_kernels(cmd: &GenKernels) -> Result<String, Error> {
    let expected = expected_files(cmd.all)?;
    let existing = existing_cl_files(&cmd.out)?;
    let extra: Vec<&String> = existing
        .iter()
        .filter(|name| !expected.contains_key(*name))
        .collect();
    let io_err = |path: &Path| {
        let path = path.to_path_buf();
        move |err| Error::Io(path, err)
    };
    if cmd.check {
        let mut problems = Vec::new();
        for (name, source) in &expected {
            let path = cmd.out.join(name);
            match fs::read_to_string(&path) {
                Ok(text) if text == *source => {}
                Ok(_) => problems.push(format!("stale: {}", path.display())),
                Err(err) if err.kind() == io::ErrorKind::NotFound => {
                    problems.push(format!("missing: {}", path.display()))
                }
                Err(err) => return Err(Error::Io(path, err)),
            }
        }
        for name in extra {
            problems.push(format!("extra: {}", cmd.out.join(name).display()));
        }
        return if problems.is_empty() {
            Ok(format!(
                "{} kernels in {} are up to date",
                expected.len(),
                cmd.out.display()
            ))
        } else {
            Err(Error::OutOfDate(problems))
        };
    }
    fs::create_dir_all(&cmd.out).map_err(io_err(&cmd.out))?;
    let mut written = 0;
    for (name, source) in &expected {
        let path = cmd.out.join(name);
        // Rewrite only what changed, so file times say what the generator touched.
        if fs::read_to_string(&path).ok().as_deref() != Some(source.as_str()) {
            fs::write(&path, source).map_err(io_err(&path))?;
            written += 1;
        }
    }
    for name in &extra {
        let path = cmd.out.join(name);
        fs::remove_file(&path).map_err(io_err(&path))?;
    }
    Ok(format!(
        "{} kernels in {}: {written} written, {} stale removed",
        expected.len(),
        cmd.out.display(),
        extra.len()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_args as args;

    #[test]
    fn parses_gen_kernels_options() {
        let cmd = parse_gen_kernels(args(&["--check", "--out", "/tmp/k", "--all"])).unwrap();
        assert_eq!(
            cmd,
            GenKernels {
                out: PathBuf::from("/tmp/k"),
                check: true,
                all: true,
            }
        );
        let default = parse_gen_kernels(args(&[])).unwrap();
        assert!(!default.check && !default.all);
        assert!(matches!(
            parse_gen_kernels(args(&["--frobnicate"])),
            Err(Error::Usage(_))
        ));
        assert!(matches!(
            parse_gen_kernels(args(&["--out"])),
            Err(Error::Usage(_))
        ));
    }

    #[test]
    fn writes_then_checks_then_removes_stale_files() {
        let dir = std::env::temp_dir().join(format!("xtask-gen-kernels-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let cmd = |check| GenKernels {
            out: dir.clone(),
            check,
            all: true,
        };
        let missing = gen_kernels(&cmd(true)).unwrap_err().to_string();
        assert!(missing.contains("missing: "), "{missing}");
        assert!(missing.contains("cargo xtask gen-kernels"), "{missing}");
        gen_kernels(&cmd(false)).unwrap();
        gen_kernels(&cmd(true)).unwrap();
        fs::write(dir.join("fft_radix17_fwd_f32.cl"), "old").unwrap();
        fs::write(dir.join("fft_radix2_fwd_f32.cl"), "edited").unwrap();
        fs::write(dir.join("fft_fused8_c256_fwd_f32.cl"), "edited").unwrap();
        fs::write(dir.join("fft_fused8_c1_fwd_f32.cl"), "old").unwrap();
        fs::write(dir.join("notes.txt"), "kept").unwrap();
        let report = gen_kernels(&cmd(true)).unwrap_err().to_string();
        assert!(report.contains("extra: "), "{report}");
        assert!(report.contains("stale: "), "{report}");
        gen_kernels(&cmd(false)).unwrap();
        gen_kernels(&cmd(true)).unwrap();
        assert!(report.contains("fft_fused8_c256_fwd_f32.cl"), "{report}");
        assert!(report.contains("fft_fused8_c1_fwd_f32.cl"), "{report}");
        gen_kernels(&cmd(false)).unwrap();
        gen_kernels(&cmd(true)).unwrap();
        assert!(!dir.join("fft_radix17_fwd_f32.cl").exists());
        assert!(!dir.join("fft_fused8_c1_fwd_f32.cl").exists());
        assert!(dir.join("fft_fused4096_c1_inv_f32_whole.cl").exists());
        assert!(dir.join("fft_radix64_inv_f64_scalar.cl").exists());
        assert!(dir.join("notes.txt").exists());
        // The sample is a subset: writing it removes the rest.
        let sample = GenKernels {
            all: false,
            ..cmd(false)
        };
        gen_kernels(&sample).unwrap();
        assert!(!dir.join("fft_fused4096_c1_inv_f32_whole.cl").exists());
        assert!(dir.join("fft_fused4096_c1_fwd_f32_whole.cl").exists());
        assert!(dir.join("fft_radix16_fwd_f64_scalar.cl").exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}
