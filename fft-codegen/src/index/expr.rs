//! [`Expr`]: a `uint` index expression, written as OpenCL C and evaluated on the CPU.

use super::{Env, Op};
use std::fmt;

/// A `uint` index expression. Build it with [`Expr::var`], [`Expr::lit`] and the combining
/// methods, which fold the trivial cases (`x + 0`, `x * 1`, constants) so the text reads as a
/// person would write it; `Display` writes it as OpenCL C with the parentheses C needs (and
/// around the operands of `&` and `>>`, as `-Wparentheses` asks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A named variable: a kernel argument, a loop variable or an earlier binding.
    Var(String),
    /// A work-item function such as `get_local_id(0)`, written `(uint)get_local_id(0)`;
    /// evaluated as the variable named by the call.
    Builtin(String),
    /// A constant, written `128u`.
    Lit(u64),
    /// `a op b`.
    Binary(Op, Box<Expr>, Box<Expr>),
    /// `a >> bits`.
    Shr(Box<Expr>, u32),
    /// `min(a, b)`.
    Min(Box<Expr>, Box<Expr>),
    /// `a == b ? x : y`.
    Select(Box<[Expr; 4]>),
}

/// Why an expression has no value: an unset variable, or what the kernel's 32-bit `uint`
/// arithmetic would get wrong (a negative difference, a division by zero, 2^32 or more).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError(pub String);

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EvalError {}

/// The kernel's `uint` holds values below this.
const UINT_END: u64 = 1 << 32;

/// `value`, or an error when the kernel's `uint` cannot hold it (`what` is its expression).
pub(super) fn check_uint(value: u64, what: &impl fmt::Display) -> Result<u64, EvalError> {
    if value >= UINT_END {
        return Err(EvalError(format!("{what} = {value} overflows a uint")));
    }
    Ok(value)
}

impl Expr {
    /// The variable `name`.
    pub fn var(name: &str) -> Expr {
        Expr::Var(name.to_string())
    }

    /// The constant `value`.
    pub fn lit(value: u64) -> Expr {
        Expr::Lit(value)
    }

    /// The constant `value`, from a `u32` (lengths, strides, radices).
    pub fn uint(value: u32) -> Expr {
        Expr::Lit(u64::from(value))
    }

    /// The work-item function `call` (`get_local_id(0)`), as a `uint`.
    pub fn builtin(call: &str) -> Expr {
        Expr::Builtin(call.to_string())
    }

    fn binary(op: Op, a: Expr, b: Expr) -> Expr {
        Expr::Binary(op, Box::new(a), Box::new(b))
    }

    /// `self + rhs`; `x + 0` is `x`, two constants add.
    pub fn plus(self, rhs: Expr) -> Expr {
        match (self, rhs) {
            (Expr::Lit(a), Expr::Lit(b)) => Expr::Lit(a + b),
            (a, Expr::Lit(0)) => a,
            (Expr::Lit(0), b) => b,
            (a, b) => Expr::binary(Op::Add, a, b),
        }
    }

    /// `self - rhs`; `x - 0` is `x`.
    pub fn minus(self, rhs: Expr) -> Expr {
        match (self, rhs) {
            (a, Expr::Lit(0)) => a,
            (a, b) => Expr::binary(Op::Sub, a, b),
        }
    }

    /// `self * rhs`; `x * 1` is `x`, `x * 0` is `0`, two constants multiply.
    pub fn times(self, rhs: Expr) -> Expr {
        match (self, rhs) {
            (Expr::Lit(a), Expr::Lit(b)) => Expr::Lit(a * b),
            (Expr::Lit(0), _) | (_, Expr::Lit(0)) => Expr::Lit(0),
            (a, Expr::Lit(1)) | (Expr::Lit(1), a) => a,
            (a, b) => Expr::binary(Op::Mul, a, b),
        }
    }

    /// `self / rhs`.
    pub fn over(self, rhs: Expr) -> Expr {
        Expr::binary(Op::Div, self, rhs)
    }

    /// `self % rhs`.
    pub fn modulo(self, rhs: Expr) -> Expr {
        Expr::binary(Op::Rem, self, rhs)
    }

    /// `self & rhs`.
    pub fn and(self, rhs: Expr) -> Expr {
        Expr::binary(Op::And, self, rhs)
    }

    /// `self >> bits`.
    pub fn shifted(self, bits: u32) -> Expr {
        Expr::Shr(Box::new(self), bits)
    }

    /// `min(self, rhs)`.
    pub fn min(self, rhs: Expr) -> Expr {
        Expr::Min(Box::new(self), Box::new(rhs))
    }

    /// `self == value ? then : otherwise`.
    pub fn select(self, value: Expr, then: Expr, otherwise: Expr) -> Expr {
        Expr::Select(Box::new([self, value, then, otherwise]))
    }

    /// `self % n` for a constant `n`: a mask for powers of two (`& 7u`), else `% 12u`.
    pub fn rem_const(self, n: u32) -> Expr {
        if n.is_power_of_two() {
            self.and(Expr::uint(n - 1))
        } else {
            self.modulo(Expr::uint(n))
        }
    }

    /// `self / n` for a constant `n`: a shift for powers of two (`>> 3`), else `/ 12u`.
    pub fn div_const(self, n: u32) -> Expr {
        if n.is_power_of_two() {
            self.shifted(n.trailing_zeros())
        } else {
            self.over(Expr::uint(n))
        }
    }

    /// The value with the variables of `env`; panics with the reason when it has none (a CPU
    /// model's use: a bad index is a failed test). [`Expr::evaluate`] returns the reason.
    pub fn value(&self, env: &Env) -> u64 {
        self.evaluate(env).unwrap_or_else(|e| panic!("{self}: {e}"))
    }

    /// The value with the variables of `env`, or why it has none.
    pub fn evaluate(&self, env: &Env) -> Result<u64, EvalError> {
        let value = match self {
            Expr::Var(name) | Expr::Builtin(name) => env
                .get(name)
                .ok_or_else(|| EvalError(format!("{name} is not set")))?,
            Expr::Lit(v) => *v,
            Expr::Binary(op, a, b) => op.apply(a.evaluate(env)?, b.evaluate(env)?)?,
            Expr::Shr(a, bits) => a.evaluate(env)? >> bits,
            Expr::Min(a, b) => a.evaluate(env)?.min(b.evaluate(env)?),
            Expr::Select(parts) => {
                let [a, b, then, otherwise] = &**parts;
                if a.evaluate(env)? == b.evaluate(env)? {
                    then.evaluate(env)?
                } else {
                    otherwise.evaluate(env)?
                }
            }
        };
        check_uint(value, self)
    }

    /// C's binding strength of the outermost operator; atoms bind tightest.
    fn precedence(&self) -> u8 {
        match self {
            Expr::Binary(op, ..) => op.precedence(),
            Expr::Shr(..) => 1,
            Expr::Select(..) => 0,
            _ => u8::MAX,
        }
    }

    fn is_atom(&self) -> bool {
        self.precedence() == u8::MAX
    }

    /// Writes `child`, an operand of `parent` (`right`: its right operand), in parentheses
    /// where C's precedence needs them or the bitwise operators ask for them.
    fn write_operand(
        f: &mut fmt::Formatter<'_>,
        parent: Option<Op>,
        child: &Expr,
        right: bool,
    ) -> fmt::Result {
        let parent_precedence = parent.map_or(1, Op::precedence);
        let bitwise = matches!(parent, None | Some(Op::And));
        let same = match (parent, child) {
            (Some(p), Expr::Binary(c, ..)) => p == *c && matches!(p, Op::Add | Op::Mul),
            _ => false,
        };
        let child_precedence = child.precedence();
        let parens = (bitwise && !child.is_atom())
            || child_precedence < parent_precedence
            || (right && child_precedence == parent_precedence && !same);
        if parens {
            write!(f, "({child})")
        } else {
            write!(f, "{child}")
        }
    }
}

/// A variable's name as the variable: `Expr::from("lid")` is `Expr::var("lid")`.
impl From<&str> for Expr {
    fn from(name: &str) -> Expr {
        Expr::var(name)
    }
}

impl From<&Expr> for Expr {
    fn from(expr: &Expr) -> Expr {
        expr.clone()
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Var(name) => f.write_str(name),
            Expr::Builtin(call) => write!(f, "(uint){call}"),
            Expr::Lit(v) => write!(f, "{v}u"),
            Expr::Binary(op, a, b) => {
                Expr::write_operand(f, Some(*op), a, false)?;
                write!(f, " {} ", op.symbol())?;
                Expr::write_operand(f, Some(*op), b, true)
            }
            Expr::Shr(a, bits) => {
                Expr::write_operand(f, None, a, false)?;
                write!(f, " >> {bits}")
            }
            Expr::Min(a, b) => write!(f, "min({a}, {b})"),
            Expr::Select(parts) => {
                // The compared operands in parentheses unless atoms (`&` binds weaker than
                // `==` in C), and a select in a branch too, for the reader.
                let [a, b, then, otherwise] = &**parts;
                let operand = |e: &Expr| {
                    if e.is_atom() {
                        e.to_string()
                    } else {
                        format!("({e})")
                    }
                };
                let branch = |e: &Expr| match e {
                    Expr::Select(..) => format!("({e})"),
                    _ => e.to_string(),
                };
                write!(
                    f,
                    "{} == {} ? {} : {}",
                    operand(a),
                    operand(b),
                    branch(then),
                    branch(otherwise)
                )
            }
        }
    }
}

/// `terms` (variable, coefficient) and `constant` as a sum: `j * 32u + c + 512u`; zero
/// coefficients drop out, `0u` if nothing is left.
pub fn linear(terms: &[(&str, u32)], constant: u32) -> Expr {
    let sum = terms
        .iter()
        .filter(|(_, coef)| *coef != 0)
        .map(|&(var, coef)| Expr::var(var).times(Expr::uint(coef)))
        .reduce(Expr::plus);
    match sum {
        Some(sum) => sum.plus(Expr::uint(constant)),
        None => Expr::uint(constant),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(name: &str) -> Expr {
        Expr::var(name)
    }

    #[test]
    fn text_has_the_parentheses_c_needs() {
        let (g, i, k, t) = (v("g"), v("i"), v("k"), v("t"));
        assert_eq!(
            g.clone().and(t.clone().minus(Expr::lit(1))).to_string(),
            "g & (t - 1u)"
        );
        let base = g.minus(i.clone()).times(Expr::lit(16));
        assert_eq!(base.to_string(), "(g - i) * 16u");
        let dst = v("base")
            .plus(i.minus(k.clone()).times(Expr::lit(16)))
            .plus(k.clone());
        assert_eq!(dst.to_string(), "base + (i - k) * 16u + k");
        let e = v("e");
        let pad = e.clone().plus(e.clone().shifted(4)).plus(e.shifted(8));
        assert_eq!(pad.to_string(), "e + (e >> 4) + (e >> 8)");
        assert_eq!(
            v("a").minus(v("b").minus(v("c"))).to_string(),
            "a - (b - c)"
        );
        assert_eq!(v("a").over(v("b").times(v("c"))).to_string(), "a / (b * c)");
        assert_eq!(
            k.times(v("row").plus(Expr::lit(128))).to_string(),
            "k * (row + 128u)"
        );
        assert_eq!(
            Expr::builtin("get_group_id(0)")
                .times(Expr::lit(4))
                .to_string(),
            "(uint)get_group_id(0) * 4u"
        );
        assert_eq!(
            v("lid").plus(v("lid").shifted(5)).to_string(),
            "lid + (lid >> 5)"
        );
        assert_eq!(
            v("j").plus(Expr::lit(32)).min(Expr::lit(63)).to_string(),
            "min(j + 32u, 63u)"
        );
        let select = v("t").select(Expr::lit(1), v("c"), v("col"));
        assert_eq!(select.to_string(), "t == 1u ? c : col");
        assert_eq!(
            select.clone().plus(v("x")).to_string(),
            "(t == 1u ? c : col) + x"
        );
        // `&` binds weaker than `==` in C: `t & 7u == 0u` would be `t & (7u == 0u)`.
        let masked = v("t").and(Expr::lit(7)).select(
            Expr::lit(0),
            v("w")
                .and(Expr::lit(1))
                .select(Expr::lit(0), v("a"), v("b")),
            v("g"),
        );
        assert_eq!(
            masked.to_string(),
            "(t & 7u) == 0u ? ((w & 1u) == 0u ? a : b) : g"
        );
    }

    #[test]
    fn builders_fold_trivial_terms() {
        assert_eq!(v("x").plus(Expr::lit(0)), v("x"));
        assert_eq!(v("x").times(Expr::lit(1)), v("x"));
        assert_eq!(Expr::lit(1).times(v("t")), v("t"));
        assert_eq!(Expr::lit(0).times(v("t")), Expr::lit(0));
        assert_eq!(Expr::lit(3).times(Expr::lit(128)), Expr::lit(384));
        assert_eq!(
            linear(&[("j", 32), ("c", 1), ("d", 0)], 512).to_string(),
            "j * 32u + c + 512u"
        );
        assert_eq!(linear(&[("j", 0)], 0).to_string(), "0u");
        assert_eq!(v("lid").rem_const(8).to_string(), "lid & 7u");
        assert_eq!(v("lid").div_const(8).to_string(), "lid >> 3");
        assert_eq!(v("lid").rem_const(12).to_string(), "lid % 12u");
        assert_eq!(v("lid").div_const(12).to_string(), "lid / 12u");
    }

    #[test]
    fn evaluation_follows_the_text_and_refuses_what_uint_gets_wrong() {
        let env = Env::new()
            .with("g", 13)
            .with("t", 4)
            .with("get_local_id(0)", 5);
        let i = v("g").and(v("t").minus(Expr::lit(1)));
        assert_eq!(i.value(&env), 1);
        assert_eq!(v("g").div_const(4).value(&env), 3);
        assert_eq!(v("g").rem_const(12).value(&env), 1);
        assert_eq!(
            Expr::builtin("get_local_id(0)")
                .times(Expr::lit(3))
                .value(&env),
            15
        );
        assert_eq!(
            v("g").plus(Expr::lit(40)).min(Expr::lit(50)).value(&env),
            50
        );
        let select = |t: u64| {
            v("t")
                .select(Expr::lit(4), v("g"), Expr::lit(7))
                .value(&env.clone().with("t", t))
        };
        assert_eq!((select(4), select(5)), (13, 7));
        let below = v("t").minus(v("g")).evaluate(&env).unwrap_err();
        assert!(below.to_string().contains("below zero"), "{below}");
        assert!(v("g").over(Expr::lit(0)).evaluate(&env).is_err());
        assert!(v("unset").evaluate(&env).is_err());
        let big = Expr::lit(1 << 20).times(Expr::lit(1 << 12)).evaluate(&env);
        assert!(big.unwrap_err().to_string().contains("overflows a uint"));
    }
}
