//! The index layer of kernel bodies: uint index expressions ([`Expr`]) and the `const uint`
//! bindings that name them ([`Bindings`]), written as OpenCL C by their `Display` and
//! evaluated on the CPU by [`Expr::value`] and [`Bindings::evaluate`], or, for models that
//! evaluate them millions of times, resolved to slots by a [`Compiler`].
//!
//! The emitters build a kernel's indices here instead of as text, so the CPU models in
//! `fft-codegen/tests` evaluate the very expressions a kernel is written with
//! ([`crate::indexing`]) instead of restating its formulas. Evaluation checks what the kernel's
//! 32-bit `uint` arithmetic would get wrong: a difference below zero, a division by zero or a
//! value of 2^32 or more is an error, not a wrapped number.
//!
//! ```
//! use fft_codegen::index::{Env, Expr};
//! let g = Expr::var("g");
//! let i = g.clone().and(Expr::var("t").minus(Expr::lit(1)));
//! assert_eq!(i.to_string(), "g & (t - 1u)");
//! let env = Env::new().with("g", 13).with("t", 4);
//! assert_eq!(i.value(&env), 1);
//! ```

mod bindings;
mod compiled;
mod env;
mod expr;
mod op;

pub use bindings::{Bindings, Statement};
pub use compiled::{Compiled, CompiledBindings, Compiler, Frame};
pub use env::Env;
pub use expr::{linear, EvalError, Expr};
pub use op::Op;
