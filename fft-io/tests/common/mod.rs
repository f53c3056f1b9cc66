//! `.npy` bytes for the reader tests.
#![allow(dead_code)]

/// A version-1 `.npy` file whose header is `dict`, with `data` (any length) after it.
pub fn npy_with_dict(dict: &str, data: &[u8]) -> Vec<u8> {
    let mut dict = dict.to_string();
    dict.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(dict.len() as u16).to_le_bytes());
    out.extend_from_slice(dict.as_bytes());
    out.extend_from_slice(data);
    out
}

/// A `.npy` file of `descr`, order and shape with `data` (any length) after the header.
pub fn npy(descr: &str, fortran: bool, shape: &str, data: &[u8]) -> Vec<u8> {
    let fortran = if fortran { "True" } else { "False" };
    npy_with_dict(
        &format!("{{'descr': '{descr}', 'fortran_order': {fortran}, 'shape': {shape}, }}"),
        data,
    )
}
