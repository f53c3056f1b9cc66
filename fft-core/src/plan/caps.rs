//! What the planner needs to know of a device, as plain data.

use std::fmt;

/// The class of an OpenCL device, in the order the default device is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DeviceKind {
    /// A GPU (preferred by default).
    Gpu,
    /// An accelerator (second choice).
    Accelerator,
    /// A CPU, e.g. PoCL (last resort, always present in CI).
    Cpu,
    /// Anything else.
    Other,
}

impl fmt::Display for DeviceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DeviceKind::Gpu => "GPU",
            DeviceKind::Accelerator => "accelerator",
            DeviceKind::Cpu => "CPU",
            DeviceKind::Other => "other",
        })
    }
}

/// The device limits a plan depends on (queried by the runtime, never assumed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DeviceCaps {
    /// The device's class.
    pub kind: DeviceKind,
    /// `CL_DEVICE_LOCAL_MEM_SIZE` in bytes.
    pub local_mem_bytes: u64,
    /// `CL_DEVICE_MAX_WORK_GROUP_SIZE`.
    pub max_work_group_size: usize,
}

impl DeviceCaps {
    /// A GPU with NVIDIA's OpenCL limits: 48 KiB of local memory, work-groups of 1024.
    pub const NVIDIA_GPU: DeviceCaps = DeviceCaps {
        kind: DeviceKind::Gpu,
        local_mem_bytes: 49152,
        max_work_group_size: 1024,
    };
    /// A CPU device with PoCL's limits (4 MiB of "local" memory, work-groups of 4096).
    pub const POCL_CPU: DeviceCaps = DeviceCaps {
        kind: DeviceKind::Cpu,
        local_mem_bytes: 4 << 20,
        max_work_group_size: 4096,
    };
}
