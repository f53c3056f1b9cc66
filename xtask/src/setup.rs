//! `cargo xtask setup`: an OpenCL loader to link against and at least one platform to run on.

use crate::Error;
use std::path::Path;
use std::process::Command;

/// Debian/Ubuntu packages: the ICD loader with its link-time library, and PoCL (a CPU device).
pub const PACKAGES: [&str; 2] = ["ocl-icd-opencl-dev", "pocl-opencl-icd"];

/// Where distributions put the link-time `libOpenCL.so`.
const LIBRARY_DIRS: [&str; 5] = [
    "/usr/lib/x86_64-linux-gnu",
    "/usr/lib/aarch64-linux-gnu",
    "/usr/lib64",
    "/usr/lib",
    "/usr/local/lib",
];

/// What is missing, if anything.
fn missing() -> Vec<&'static str> {
    let mut missing = Vec::new();
    if !LIBRARY_DIRS
        .iter()
        .any(|d| Path::new(d).join("libOpenCL.so").exists())
    {
        missing.push("the OpenCL loader library libOpenCL.so (to link against)");
    }
    let vendors = std::env::var("OCL_ICD_VENDORS").unwrap_or_else(|_| "/etc/OpenCL/vendors".into());
    let has_icd = std::fs::read_dir(&vendors)
        .map(|entries| {
            entries
                .flatten()
                .any(|e| e.path().extension().is_some_and(|x| x == "icd"))
        })
        .unwrap_or(false);
    if !has_icd {
        missing.push("an OpenCL platform (no .icd file in /etc/OpenCL/vendors)");
    }
    missing
}

pub(crate) fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

pub(crate) fn apt_get(args: &[&str]) -> Result<(), Error> {
    let mut command = if is_root() {
        Command::new("apt-get")
    } else {
        let mut sudo = Command::new("sudo");
        sudo.arg("apt-get");
        sudo
    };
    command.args(args).env("DEBIAN_FRONTEND", "noninteractive");
    let status = command
        .status()
        .map_err(|e| Error::Setup(format!("cannot run apt-get: {e}")))?;
    if status.success() {
        Ok(())
    } else {
        Err(Error::Setup(format!(
            "`apt-get {}` failed ({status})",
            args.join(" ")
        )))
    }
}

/// Installs the loader and PoCL when either is missing; says what it did.
pub fn ensure_opencl() -> Result<String, Error> {
    let before = missing();
    if before.is_empty() {
        return Ok("OpenCL: loader and platform present".into());
    }
    let install_line = format!("apt-get install -y {}", PACKAGES.join(" "));
    if Command::new("apt-get").arg("--version").output().is_err() {
        return Err(Error::Setup(format!(
            "missing {}; this machine has no apt-get: install an OpenCL ICD loader (libOpenCL.so) and a driver (PoCL for a CPU, or your GPU vendor's) by hand",
            before.join(" and ")
        )));
    }
    eprintln!(
        "xtask: missing {}; running `{install_line}`",
        before.join(" and ")
    );
    apt_get(&["update", "-qq"])?;
    let mut install = vec!["install", "-y", "-qq", "--no-install-recommends"];
    install.extend(PACKAGES);
    apt_get(&install)?;
    let after = missing();
    if after.is_empty() {
        Ok(format!("OpenCL: installed {}", PACKAGES.join(" ")))
    } else {
        Err(Error::Setup(format!(
            "still missing after `{install_line}`: {}",
            after.join(" and ")
        )))
    }
}
