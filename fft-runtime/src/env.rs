//! Every `OCLFFT_*` environment variable, read in this one module.
//!
//! The library never reads the environment behind the caller's back: [`DeviceQueue::from_env`]
//! and the `oclfft` CLI call [`Settings::from_env`]; everything a variable sets is also an
//! explicit option ([`QueueOptions`], [`crate::FftBuilder::kernel_form`]). A value that is not
//! allowed is an error naming the variable, the value and what is allowed.
//!
//! [`DeviceQueue::from_env`]: crate::DeviceQueue::from_env

use crate::binary_cache::BinaryCache;
use crate::device::DeviceSelector;
use crate::error::{Error, Result};
use crate::host_transfer::HostPath;
use fft_core::plan::{DeviceCaps, KernelForm};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Selects the device: an index from `oclfft devices`, or a case-insensitive substring of the
/// device or platform name; unset or empty, the default (first GPU, else accelerator, else CPU).
pub const DEVICE_ENV: &str = "OCLFFT_DEVICE";
/// The form of global radix kernels: `auto` (scalar on CPU devices, vector elsewhere),
/// `vector` or `scalar`.
pub const KERNEL_FORM_ENV: &str = "OCLFFT_KERNEL_FORM";
/// Extra OpenCL compiler options (e.g. `-cl-nv-verbose`); part of the binary cache key.
pub const BUILD_OPTIONS_ENV: &str = "OCLFFT_BUILD_OPTIONS";
/// `1`: print the build log of every program built from source; `0` or unset: don't.
pub const PRINT_BUILD_LOG_ENV: &str = "OCLFFT_PRINT_BUILD_LOG";
/// The binary cache directory; `off` (or empty) disables the cache; unset,
/// `$XDG_CACHE_HOME/oclfft`, else `$HOME/.cache/oclfft`.
pub const CACHE_ENV: &str = "OCLFFT_CACHE_DIR";
/// How host calls move data: `auto` (the default: `direct` on CPU devices, `pinned`
/// elsewhere), `direct`, `pinned` or `plain` ([`HostPath`]).
pub const HOST_PATH_ENV: &str = "OCLFFT_HOST_PATH";
/// Which device class plans are made for: `device` (or unset: the device's own), `nvidia-gpu`
/// or `pocl-cpu` ([`PlanAs`]). For testing: on PoCL, `nvidia-gpu` runs the kernels a GPU's
/// plans name, so a CPU-only machine checks them against the oracle.
pub const PLAN_AS_ENV: &str = "OCLFFT_PLAN_AS";

/// How a [`crate::DeviceQueue`] builds programs and which kernel form its plans default to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueueOptions {
    /// Extra compiler options for every program (default: none). No
    /// `-cl-fast-relaxed-math` is ever added: it silently turns accurate `sin`/`cos` into
    /// approximations (DESIGN.md section 5).
    pub build_options: String,
    /// Print each build log to standard error (with `-cl-nv-verbose`, NVIDIA's register and
    /// spill counts).
    pub print_build_log: bool,
    /// Where compiled program binaries are cached.
    pub binary_cache: BinaryCache,
    /// The kernel form of plans that do not choose one.
    pub kernel_form: KernelForm,
    /// How host calls ([`crate::Fft::process`] and the like) move data.
    pub host_path: HostPath,
    /// The device class plans are made for (default: the device's own).
    pub plan_as: PlanAs,
}

/// The device class the planner assumes ([`crate::DeviceQueue::plan_caps`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlanAs {
    /// The device's own class and limits.
    #[default]
    Device,
    /// Another class's limits, each capped by the device's own (so every plan still fits
    /// it): [`DeviceCaps::NVIDIA_GPU`] on PoCL runs the kernels a GPU would.
    Class(DeviceCaps),
}

impl PlanAs {
    /// `device`, `nvidia-gpu` or `pocl-cpu` (what `OCLFFT_PLAN_AS` takes).
    pub fn from_name(name: &str) -> Option<PlanAs> {
        match name {
            "" | "device" => Some(PlanAs::Device),
            "nvidia-gpu" => Some(PlanAs::Class(DeviceCaps::NVIDIA_GPU)),
            "pocl-cpu" => Some(PlanAs::Class(DeviceCaps::POCL_CPU)),
            _ => None,
        }
    }

    /// The limits to plan with on a device whose own are `device`.
    pub fn caps(self, device: DeviceCaps) -> DeviceCaps {
        match self {
            PlanAs::Device => device,
            PlanAs::Class(class) => DeviceCaps {
                kind: class.kind,
                local_mem_bytes: class.local_mem_bytes.min(device.local_mem_bytes),
                max_work_group_size: class.max_work_group_size.min(device.max_work_group_size),
            },
        }
    }
}

impl Default for QueueOptions {
    /// No extra options, no build logs, the cache in `$XDG_CACHE_HOME/oclfft` or
    /// `$HOME/.cache/oclfft`, the automatic kernel form.
    fn default() -> QueueOptions {
        QueueOptions {
            build_options: String::new(),
            print_build_log: false,
            binary_cache: default_cache(&|name| std::env::var_os(name)),
            kernel_form: KernelForm::Auto,
            host_path: HostPath::Auto,
            plan_as: PlanAs::Device,
        }
    }
}

impl QueueOptions {
    /// The options set by `OCLFFT_BUILD_OPTIONS`, `OCLFFT_PRINT_BUILD_LOG`,
    /// `OCLFFT_CACHE_DIR`, `OCLFFT_KERNEL_FORM`, `OCLFFT_HOST_PATH` and `OCLFFT_PLAN_AS`.
    pub fn from_env() -> Result<QueueOptions> {
        Ok(Settings::from_env()?.options)
    }
}

/// Everything the environment sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The device (`OCLFFT_DEVICE`).
    pub device: DeviceSelector,
    /// How programs are built and plans formed.
    pub options: QueueOptions,
}

impl Settings {
    /// Reads the process environment.
    pub fn from_env() -> Result<Settings> {
        Settings::from_lookup(|name| std::env::var_os(name))
    }

    /// Reads the variables through `lookup` (the process environment in
    /// [`Settings::from_env`]; a map in tests).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<OsString>) -> Result<Settings> {
        let text = |name: &'static str| -> Result<Option<String>> {
            match lookup(name) {
                None => Ok(None),
                Some(value) => {
                    value
                        .into_string()
                        .map(Some)
                        .map_err(|value| Error::BadEnvironment {
                            variable: name,
                            value: value.to_string_lossy().into_owned(),
                            allowed: "valid UTF-8 text".into(),
                        })
                }
            }
        };
        let device = text(DEVICE_ENV)?
            .map(|v| DeviceSelector::parse(&v))
            .unwrap_or(DeviceSelector::Default);
        let kernel_form = named_choice(
            KERNEL_FORM_ENV,
            text(KERNEL_FORM_ENV)?,
            KernelForm::Auto,
            KernelForm::from_name,
            "auto, vector or scalar",
        )?;
        let host_path = named_choice(
            HOST_PATH_ENV,
            text(HOST_PATH_ENV)?,
            HostPath::Auto,
            HostPath::from_name,
            "auto, direct, pinned or plain",
        )?;
        let plan_as = named_choice(
            PLAN_AS_ENV,
            text(PLAN_AS_ENV)?,
            PlanAs::Device,
            PlanAs::from_name,
            "device, nvidia-gpu or pocl-cpu",
        )?;
        let build_options = text(BUILD_OPTIONS_ENV)?
            .unwrap_or_default()
            .trim()
            .to_string();
        if build_options.contains('\0') {
            return Err(Error::BadEnvironment {
                variable: BUILD_OPTIONS_ENV,
                value: build_options,
                allowed: "compiler options without NUL bytes".into(),
            });
        }
        let print_build_log = match text(PRINT_BUILD_LOG_ENV)?.as_deref().map(str::trim) {
            None | Some("") | Some("0") => false,
            Some("1") => true,
            Some(other) => {
                return Err(Error::BadEnvironment {
                    variable: PRINT_BUILD_LOG_ENV,
                    value: other.to_string(),
                    allowed: "1 (print) or 0 (don't)".into(),
                })
            }
        };
        let binary_cache = match lookup(CACHE_ENV) {
            Some(v) if v.is_empty() || v == "off" => BinaryCache::disabled(),
            Some(v) => BinaryCache::in_dir(PathBuf::from(v)),
            None => default_cache(&lookup),
        };
        Ok(Settings {
            device,
            options: QueueOptions {
                build_options,
                print_build_log,
                binary_cache,
                kernel_form,
                host_path,
                plan_as,
            },
        })
    }
}

/// The choice `variable` names by `value` (`default` when unset), or the error listing the
/// `allowed` names.
fn named_choice<T>(
    variable: &'static str,
    value: Option<String>,
    default: T,
    from_name: impl Fn(&str) -> Option<T>,
    allowed: &str,
) -> Result<T> {
    match value {
        None => Ok(default),
        Some(v) => from_name(v.trim()).ok_or_else(|| Error::BadEnvironment {
            variable,
            value: v,
            allowed: allowed.into(),
        }),
    }
}

/// `$XDG_CACHE_HOME/oclfft`, else `$HOME/.cache/oclfft`, else no cache.
fn default_cache(lookup: &dyn Fn(&str) -> Option<OsString>) -> BinaryCache {
    lookup("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| lookup("HOME").map(|h| Path::new(&h).join(".cache")))
        .map(|base| BinaryCache::in_dir(base.join("oclfft")))
        .unwrap_or_else(BinaryCache::disabled)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn settings(vars: &[(&str, &str)]) -> Result<Settings> {
        let map: HashMap<String, OsString> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), OsString::from(v)))
            .collect();
        Settings::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn unset_means_the_defaults() {
        let s = settings(&[("HOME", "/home/u")]).unwrap();
        assert_eq!(s.device, DeviceSelector::Default);
        assert_eq!(s.options.kernel_form, KernelForm::Auto);
        assert_eq!(s.options.host_path, HostPath::Auto);
        assert_eq!(s.options.plan_as, PlanAs::Device);
        assert_eq!(s.options.build_options, "");
        assert!(!s.options.print_build_log);
        assert_eq!(
            s.options.binary_cache,
            BinaryCache::in_dir("/home/u/.cache/oclfft")
        );
    }

    #[test]
    fn every_variable_sets_its_option() {
        let s = settings(&[
            (DEVICE_ENV, "1"),
            (KERNEL_FORM_ENV, "scalar"),
            (BUILD_OPTIONS_ENV, " -cl-nv-verbose "),
            (PRINT_BUILD_LOG_ENV, "1"),
            (CACHE_ENV, "/tmp/c"),
            (HOST_PATH_ENV, "plain"),
            (PLAN_AS_ENV, "nvidia-gpu"),
        ])
        .unwrap();
        assert_eq!(s.options.plan_as, PlanAs::Class(DeviceCaps::NVIDIA_GPU));
        assert_eq!(s.options.host_path, HostPath::Plain);
        assert_eq!(s.device, DeviceSelector::Index(1));
        assert_eq!(s.options.kernel_form, KernelForm::Scalar);
        assert_eq!(s.options.build_options, "-cl-nv-verbose");
        assert!(s.options.print_build_log);
        assert_eq!(s.options.binary_cache, BinaryCache::in_dir("/tmp/c"));
        let off = settings(&[(CACHE_ENV, "off")]).unwrap();
        assert_eq!(off.options.binary_cache, BinaryCache::disabled());
        let xdg = settings(&[("XDG_CACHE_HOME", "/x"), ("HOME", "/h")]).unwrap();
        assert_eq!(xdg.options.binary_cache, BinaryCache::in_dir("/x/oclfft"));
    }

    #[test]
    fn bad_values_name_the_variable_value_and_choices() {
        let err = settings(&[(KERNEL_FORM_ENV, "vectorr")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("OCLFFT_KERNEL_FORM"), "{err}");
        assert!(err.contains("'vectorr'"), "{err}");
        assert!(err.contains("auto, vector or scalar"), "{err}");
        let err = settings(&[(HOST_PATH_ENV, "fast")])
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("OCLFFT_HOST_PATH") && err.contains("direct, pinned or plain"),
            "{err}"
        );
        let err = settings(&[(PLAN_AS_ENV, "gpu")]).unwrap_err().to_string();
        assert!(
            err.contains("OCLFFT_PLAN_AS") && err.contains("device, nvidia-gpu or pocl-cpu"),
            "{err}"
        );
        let err = settings(&[(PRINT_BUILD_LOG_ENV, "yes")])
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("OCLFFT_PRINT_BUILD_LOG") && err.contains("'yes'"),
            "{err}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn non_utf8_values_are_errors_not_unset() {
        use std::os::unix::ffi::OsStringExt;
        let bad = OsString::from_vec(vec![b'a', 0xff]);
        let err = Settings::from_lookup(|name| (name == DEVICE_ENV).then(|| bad.clone()))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("OCLFFT_DEVICE") && err.contains("UTF-8"),
            "{err}"
        );
    }

    #[test]
    fn a_planned_class_is_capped_by_the_device() {
        let pocl = DeviceCaps::POCL_CPU;
        assert_eq!(PlanAs::Device.caps(pocl), pocl);
        assert_eq!(
            PlanAs::Class(DeviceCaps::NVIDIA_GPU).caps(pocl),
            DeviceCaps::NVIDIA_GPU
        );
        let small = DeviceCaps {
            local_mem_bytes: 32768,
            max_work_group_size: 256,
            ..pocl
        };
        let capped = PlanAs::Class(DeviceCaps::NVIDIA_GPU).caps(small);
        assert_eq!(capped.kind, fft_core::plan::DeviceKind::Gpu);
        assert_eq!(
            (capped.local_mem_bytes, capped.max_work_group_size),
            (32768, 256)
        );
    }
}
