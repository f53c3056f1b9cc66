//! `write_file`: regular files are replaced through an exclusively created temporary file,
//! links are kept, devices and pipes are written and never replaced, anything else refused.

use fft_io::{write_file, IoError};
use std::path::Path;

fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("partial"))
        .collect()
}

#[test]
fn new_and_existing_regular_files() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.txt");
    write_file(&path, b"one").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"one");
    write_file(&path, b"two").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"two");
    assert!(leftovers(dir.path()).is_empty());
}

#[cfg(unix)]
#[test]
fn an_existing_file_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.txt");
    std::fs::write(&path, b"old").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    write_file(&path, b"new").unwrap();
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
}

#[cfg(unix)]
#[test]
fn a_symlink_is_kept_and_its_target_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.txt");
    let link = dir.path().join("link.txt");
    std::fs::write(&real, b"old").unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    write_file(&link, b"new").unwrap();
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read(&real).unwrap(), b"new");
    assert!(leftovers(dir.path()).is_empty());
}

#[cfg(unix)]
#[test]
fn a_dangling_symlink_and_a_directory_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("dangling.txt");
    std::os::unix::fs::symlink(dir.path().join("nowhere"), &link).unwrap();
    let err = write_file(&link, b"x").unwrap_err();
    assert!(matches!(err, IoError::NotReplaceable { .. }), "{err}");
    assert!(
        err.to_string().contains("symbolic link to nothing"),
        "{err}"
    );
    assert!(!dir.path().join("nowhere").exists());
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    let err = write_file(&sub, b"x").unwrap_err().to_string();
    assert!(
        err.contains("is a directory") && err.contains("refusing"),
        "{err}"
    );
    assert!(sub.is_dir());
}

/// A character device to write to: a private node like /dev/null (1, 3) in `dir` where we may
/// create one (as root), else /dev/null itself, which a non-root user cannot replace. So a
/// regression never replaces the system's /dev/null.
#[cfg(unix)]
fn null_device(dir: &Path) -> std::path::PathBuf {
    let node = dir.join("null");
    let made = std::process::Command::new("mknod")
        .arg(&node)
        .args(["c", "1", "3"])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if made {
        node
    } else {
        "/dev/null".into()
    }
}

#[cfg(unix)]
#[test]
fn a_character_device_is_written_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let device = null_device(dir.path());
    write_file(&device, b"discarded").unwrap();
    let meta = std::fs::metadata(&device).unwrap();
    assert!(meta.file_type().is_char_device());
    // A link to the device (as /dev/stdout is) is written through as well.
    let link = dir.path().join("null-link");
    std::os::unix::fs::symlink(&device, &link).unwrap();
    write_file(&link, b"discarded").unwrap();
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::metadata(&device)
        .unwrap()
        .file_type()
        .is_char_device());
}

#[cfg(unix)]
#[test]
fn a_fifo_is_written_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    write_file(&fifo, b"through the pipe").unwrap();
    assert_eq!(reader.join().unwrap(), b"through the pipe");
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
    assert!(leftovers(dir.path()).is_empty());
}
