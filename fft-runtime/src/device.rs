//! Finding OpenCL devices, describing them, and choosing one.

use crate::env::{Settings, DEVICE_ENV};
use crate::error::{Error, Result};
use ocl::enums::{DeviceInfo as Info, DeviceInfoResult as InfoResult};
use ocl::flags::DeviceType;
use ocl::{Device, Platform};
use std::fmt;

use fft_core::plan::DeviceCaps;
pub use fft_core::plan::DeviceKind;

/// What oclfft needs to know about a device, queried once.
#[derive(Clone, Debug)]
pub struct DeviceSummary {
    /// Position in the flat list over all platforms (what `OCLFFT_DEVICE=N` selects).
    pub index: usize,
    /// Device name as the driver reports it.
    pub name: String,
    /// Platform name.
    pub platform: String,
    /// GPU, CPU, ...
    pub kind: DeviceKind,
    /// `CL_DEVICE_MAX_COMPUTE_UNITS`.
    pub compute_units: u32,
    /// `CL_DEVICE_GLOBAL_MEM_SIZE` in bytes.
    pub global_mem_bytes: u64,
    /// `CL_DEVICE_LOCAL_MEM_SIZE` in bytes.
    pub local_mem_bytes: u64,
    /// `CL_DEVICE_MAX_MEM_ALLOC_SIZE` in bytes.
    pub max_alloc_bytes: u64,
    /// `CL_DEVICE_MAX_WORK_GROUP_SIZE`.
    pub max_work_group_size: usize,
    /// Whether `cl_khr_fp64` is available.
    pub fp64: bool,
    /// `CL_DRIVER_VERSION`.
    pub driver_version: String,
    /// `CL_DEVICE_VERSION`.
    pub opencl_version: String,
}

impl DeviceSummary {
    /// What the planner needs of the device.
    pub fn caps(&self) -> DeviceCaps {
        DeviceCaps {
            kind: self.kind,
            local_mem_bytes: self.local_mem_bytes,
            max_work_group_size: self.max_work_group_size,
        }
    }
}

/// A device together with its platform and summary.
#[derive(Clone, Debug)]
pub struct DeviceEntry {
    /// The platform the device belongs to.
    pub platform: Platform,
    /// The device.
    pub device: Device,
    /// What was queried about it.
    pub summary: DeviceSummary,
}

fn query(device: &Device, info: Info) -> Result<InfoResult> {
    device.info(info).map_err(Error::ocl("querying a device"))
}

fn query_u64(device: &Device, info: Info) -> Result<u64> {
    Ok(match query(device, info)? {
        InfoResult::GlobalMemSize(v)
        | InfoResult::LocalMemSize(v)
        | InfoResult::MaxMemAllocSize(v) => v,
        InfoResult::MaxComputeUnits(v) => u64::from(v),
        InfoResult::MaxWorkGroupSize(v) => v as u64,
        _ => 0,
    })
}

fn summarize(index: usize, platform: &Platform, device: &Device) -> Result<DeviceSummary> {
    let kind = match query(device, Info::Type)? {
        InfoResult::Type(t) if t.contains(DeviceType::GPU) => DeviceKind::Gpu,
        InfoResult::Type(t) if t.contains(DeviceType::ACCELERATOR) => DeviceKind::Accelerator,
        InfoResult::Type(t) if t.contains(DeviceType::CPU) => DeviceKind::Cpu,
        _ => DeviceKind::Other,
    };
    let extensions = query(device, Info::Extensions)?.to_string();
    Ok(DeviceSummary {
        index,
        name: device
            .name()
            .map_err(Error::ocl("querying a device name"))?
            .trim()
            .to_string(),
        platform: platform
            .name()
            .map_err(Error::ocl("querying a platform name"))?
            .trim()
            .to_string(),
        kind,
        compute_units: query_u64(device, Info::MaxComputeUnits)? as u32,
        global_mem_bytes: query_u64(device, Info::GlobalMemSize)?,
        local_mem_bytes: query_u64(device, Info::LocalMemSize)?,
        max_alloc_bytes: query_u64(device, Info::MaxMemAllocSize)?,
        max_work_group_size: query_u64(device, Info::MaxWorkGroupSize)? as usize,
        fp64: extensions.split_whitespace().any(|e| e == "cl_khr_fp64"),
        driver_version: query(device, Info::DriverVersion)?
            .to_string()
            .trim()
            .to_string(),
        opencl_version: query(device, Info::Version)?.to_string().trim().to_string(),
    })
}

/// Every device of every platform, in a stable order (platforms as the loader lists them,
/// devices as each platform lists them).
pub fn list_devices() -> Result<Vec<DeviceEntry>> {
    // Drivers initialize on the first listing, and PoCL 3.1 reports no devices to a second
    // thread that lists while the first initializes: one listing at a time.
    static LISTING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one_at_a_time = LISTING.lock().unwrap_or_else(|p| p.into_inner());
    let platform_ids = ocl::core::get_platform_ids().map_err(|e| Error::NoPlatform {
        detail: e.to_string().lines().next().unwrap_or("").to_string(),
    })?;
    if platform_ids.is_empty() {
        return Err(Error::NoPlatform {
            detail: "the loader lists zero platforms".into(),
        });
    }
    let mut entries = Vec::new();
    for platform in platform_ids.into_iter().map(Platform::new) {
        // A platform whose device query fails (a broken ICD) is skipped, not fatal.
        let Ok(devices) = Device::list_all(platform) else {
            continue;
        };
        for device in devices {
            let summary = summarize(entries.len(), &platform, &device)?;
            entries.push(DeviceEntry {
                platform,
                device,
                summary,
            });
        }
    }
    if entries.is_empty() {
        return Err(Error::NoPlatform {
            detail: "platforms exist but report no devices".into(),
        });
    }
    Ok(entries)
}

/// How to choose a device.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum DeviceSelector {
    /// `OCLFFT_DEVICE` if set, else [`DeviceSelector::Default`]'s rule.
    #[default]
    FromEnv,
    /// The first GPU, else the first accelerator, else the first CPU, else the first device.
    Default,
    /// The device at this position of [`list_devices`].
    Index(usize),
    /// The first device whose name or platform name contains this (case-insensitive).
    Name(String),
}

impl DeviceSelector {
    /// Parses the `OCLFFT_DEVICE` syntax: a number is an index, anything else a name
    /// substring; empty means the default rule.
    pub fn parse(text: &str) -> DeviceSelector {
        let text = text.trim();
        if text.is_empty() {
            DeviceSelector::Default
        } else if let Ok(index) = text.parse() {
            DeviceSelector::Index(index)
        } else {
            DeviceSelector::Name(text.to_string())
        }
    }

    /// Resolves `FromEnv` through the environment ([`crate::Settings`]).
    fn resolved(&self) -> Result<DeviceSelector> {
        match self {
            DeviceSelector::FromEnv => Ok(Settings::from_env()?.device),
            other => Ok(other.clone()),
        }
    }

    /// Picks from `entries`; the error lists every device.
    pub fn select(&self, entries: &[DeviceEntry]) -> Result<DeviceEntry> {
        let resolved = self.resolved()?;
        let found = match &resolved {
            DeviceSelector::Index(i) => entries.get(*i),
            DeviceSelector::Name(name) => {
                let needle = name.to_lowercase();
                entries.iter().find(|e| {
                    e.summary.name.to_lowercase().contains(&needle)
                        || e.summary.platform.to_lowercase().contains(&needle)
                })
            }
            DeviceSelector::Default | DeviceSelector::FromEnv => entries
                .iter()
                .min_by_key(|e| (e.summary.kind, e.summary.index)),
        };
        found.cloned().ok_or_else(|| Error::NoMatchingDevice {
            selector: match (self, &resolved) {
                (DeviceSelector::FromEnv, r) => format!("{DEVICE_ENV}={r}"),
                (_, r) => r.to_string(),
            },
            available: entries
                .iter()
                .map(|e| format!("  {}", e.summary))
                .collect::<Vec<_>>()
                .join("\n"),
        })
    }
}

impl fmt::Display for DeviceSelector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeviceSelector::FromEnv => write!(f, "${DEVICE_ENV}"),
            DeviceSelector::Default => f.write_str("the default device"),
            DeviceSelector::Index(i) => write!(f, "index {i}"),
            DeviceSelector::Name(n) => write!(f, "name '{n}'"),
        }
    }
}

impl fmt::Display for DeviceSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "[{}] {} ({}, {})",
            self.index, self.name, self.kind, self.platform
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selector_syntax() {
        assert_eq!(DeviceSelector::parse("1"), DeviceSelector::Index(1));
        assert_eq!(
            DeviceSelector::parse(" nvidia "),
            DeviceSelector::Name("nvidia".into())
        );
        assert_eq!(DeviceSelector::parse(""), DeviceSelector::Default);
    }
}
