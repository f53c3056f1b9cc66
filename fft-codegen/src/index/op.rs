//! [`Op`]: the binary operators of index expressions, their C text, binding strength and
//! `uint` arithmetic.

use super::EvalError;

/// A binary operator of [`Expr::Binary`](super::Expr::Binary).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `a + b`.
    Add,
    /// `a - b` (an error when below zero).
    Sub,
    /// `a * b`.
    Mul,
    /// `a / b`, rounded down.
    Div,
    /// `a % b`.
    Rem,
    /// `a & b`.
    And,
}

impl Op {
    pub(super) fn symbol(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Rem => "%",
            Op::And => "&",
        }
    }

    /// `a op b` in the kernel's `uint` arithmetic, or what that would get wrong.
    pub(super) fn apply(self, a: u64, b: u64) -> Result<u64, EvalError> {
        let fail = |what: &str| EvalError(format!("{a} {} {b}: {what}", self.symbol()));
        Ok(match self {
            Op::Add => a + b,
            Op::Sub => a.checked_sub(b).ok_or_else(|| fail("below zero"))?,
            Op::Mul => a.checked_mul(b).ok_or_else(|| fail("overflow"))?,
            Op::Div => a.checked_div(b).ok_or_else(|| fail("division by zero"))?,
            Op::Rem => a.checked_rem(b).ok_or_else(|| fail("division by zero"))?,
            Op::And => a & b,
        })
    }

    /// C's binding strength, higher binds tighter.
    pub(super) fn precedence(self) -> u8 {
        match self {
            Op::Mul | Op::Div | Op::Rem => 3,
            Op::Add | Op::Sub => 2,
            Op::And => 0,
        }
    }
}
