//! `oclfft devices`.

use fft_runtime::{list_devices, DeviceSelector, Settings, DEVICE_ENV};

fn mib(bytes: u64) -> String {
    format!("{} MiB", bytes >> 20)
}

/// Prints every device with the facts that matter for FFTs, and the default choice.
pub fn run() -> crate::Result<()> {
    let entries = list_devices()?;
    for e in &entries {
        let s = &e.summary;
        crate::out::line(s)?;
        crate::out::line(format_args!(
            "    {} compute units, global {}, local {} KiB, max allocation {}, max work-group {}, fp64 {}",
            s.compute_units,
            mib(s.global_mem_bytes),
            s.local_mem_bytes >> 10,
            mib(s.max_alloc_bytes),
            s.max_work_group_size,
            if s.fp64 { "yes" } else { "no" }
        ))?;
        crate::out::line(format_args!(
            "    {}, driver {}",
            s.opencl_version, s.driver_version
        ))?;
    }
    let selector = Settings::from_env()?.device;
    let chosen = selector.select(&entries)?;
    let why = match selector {
        DeviceSelector::Default => format!("the first GPU, else accelerator, else CPU; set {DEVICE_ENV} to an index or name to change it"),
        other => format!("selected by {DEVICE_ENV}: {other}"),
    };
    crate::out::line(format_args!(
        "default: [{}] {} ({why})",
        chosen.summary.index, chosen.summary.name
    ))?;
    Ok(())
}
