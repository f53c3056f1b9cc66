//! The values of named variables an index expression is evaluated with.

use std::collections::BTreeMap;

/// Named `uint` values: kernel arguments (`t`, `p`), work-item builtins (`get_local_id(0)`),
/// loop variables (`it`) and the bindings evaluated so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Env {
    values: BTreeMap<String, u64>,
}

impl Env {
    /// No variables.
    pub fn new() -> Env {
        Env::default()
    }

    /// This environment with `name` set to `value`.
    pub fn with(mut self, name: &str, value: u64) -> Env {
        self.set(name, value);
        self
    }

    /// Sets `name` to `value`, replacing an earlier value.
    pub fn set(&mut self, name: &str, value: u64) {
        match self.values.get_mut(name) {
            Some(slot) => *slot = value,
            None => {
                self.values.insert(name.to_string(), value);
            }
        }
    }

    /// The value of `name`, if it is set.
    pub fn get(&self, name: &str) -> Option<u64> {
        self.values.get(name).copied()
    }
}
