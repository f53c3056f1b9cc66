//! Index expressions resolved to numbered slots ([`Compiler`]), for CPU models that evaluate
//! them millions of times: a work-item's variables are then a `Vec<u64>` ([`Frame`]) instead
//! of named values, with the same checks as [`Expr::evaluate`].

use super::expr::check_uint;
use super::{Bindings, EvalError, Expr, Op, Statement};

/// The values of a work-item's variables, by slot.
pub type Frame = Vec<u64>;

/// A slot's value before anything sets it.
const UNSET: u64 = u64::MAX;

/// An [`Expr`] whose variables are slots of a [`Frame`].
#[derive(Clone, Debug)]
pub enum Compiled {
    /// A variable's slot.
    Slot(usize),
    /// A constant.
    Lit(u64),
    /// `a op b`.
    Binary(Op, Box<Compiled>, Box<Compiled>),
    /// `a >> bits`.
    Shr(Box<Compiled>, u32),
    /// `min(a, b)`.
    Min(Box<Compiled>, Box<Compiled>),
    /// `a == b ? x : y`.
    Select(Box<[Compiled; 4]>),
}

impl Compiled {
    /// The value in `frame`; panics with the reason when it has none, as
    /// [`Expr::value`] does.
    pub fn value(&self, frame: &[u64]) -> u64 {
        self.evaluate(frame).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The value in `frame`, or why it has none.
    pub fn evaluate(&self, frame: &[u64]) -> Result<u64, EvalError> {
        let value = match self {
            Compiled::Slot(slot) => match frame[*slot] {
                UNSET => return Err(EvalError(format!("slot {slot} is not set"))),
                value => value,
            },
            Compiled::Lit(v) => *v,
            Compiled::Binary(op, a, b) => op.apply(a.evaluate(frame)?, b.evaluate(frame)?)?,
            Compiled::Shr(a, bits) => a.evaluate(frame)? >> bits,
            Compiled::Min(a, b) => a.evaluate(frame)?.min(b.evaluate(frame)?),
            Compiled::Select(parts) => {
                let [a, b, then, otherwise] = &**parts;
                if a.evaluate(frame)? == b.evaluate(frame)? {
                    then.evaluate(frame)?
                } else {
                    otherwise.evaluate(frame)?
                }
            }
        };
        check_uint(value, &"an index")
    }
}

/// [`Bindings`] resolved to slots: each binding sets its slot, in order.
#[derive(Clone, Debug, Default)]
pub struct CompiledBindings {
    lets: Vec<(usize, Compiled)>,
}

impl CompiledBindings {
    /// Evaluates every binding in order into `frame`; panics with the reason where one has
    /// no value.
    pub fn run(&self, frame: &mut [u64]) {
        for (slot, value) in &self.lets {
            frame[*slot] = value.value(frame);
        }
    }

    /// Evaluates every binding in order into `frame`, or says why one has no value.
    pub fn try_run(&self, frame: &mut [u64]) -> Result<(), EvalError> {
        for (slot, value) in &self.lets {
            frame[*slot] = value.evaluate(frame)?;
        }
        Ok(())
    }
}

/// Gives every variable name a slot.
#[derive(Clone, Debug, Default)]
pub struct Compiler {
    names: Vec<String>,
}

impl Compiler {
    /// A compiler whose first slots are `inputs`, in order.
    pub fn new(inputs: &[&str]) -> Compiler {
        let mut compiler = Compiler::default();
        for name in inputs {
            compiler.slot(name);
        }
        compiler
    }

    /// The slot of `name`, given one if it has none yet.
    pub fn slot(&mut self, name: &str) -> usize {
        match self.names.iter().position(|n| n == name) {
            Some(slot) => slot,
            None => {
                self.names.push(name.to_string());
                self.names.len() - 1
            }
        }
    }

    /// A frame with every slot given so far unset.
    pub fn frame(&self) -> Frame {
        vec![UNSET; self.names.len()]
    }

    /// `expr` with its variables resolved.
    pub fn expr(&mut self, expr: &Expr) -> Compiled {
        match expr {
            Expr::Var(name) | Expr::Builtin(name) => Compiled::Slot(self.slot(name)),
            Expr::Lit(v) => Compiled::Lit(*v),
            Expr::Binary(op, a, b) => {
                Compiled::Binary(*op, Box::new(self.expr(a)), Box::new(self.expr(b)))
            }
            Expr::Shr(a, bits) => Compiled::Shr(Box::new(self.expr(a)), *bits),
            Expr::Min(a, b) => Compiled::Min(Box::new(self.expr(a)), Box::new(self.expr(b))),
            Expr::Select(parts) => {
                let [a, b, then, otherwise] = &**parts;
                Compiled::Select(Box::new([
                    self.expr(a),
                    self.expr(b),
                    self.expr(then),
                    self.expr(otherwise),
                ]))
            }
        }
    }

    /// `bindings` with their variables resolved; an error for C text.
    pub fn bindings(&mut self, bindings: &Bindings) -> Result<CompiledBindings, EvalError> {
        let mut lets = Vec::new();
        for statement in bindings.statements() {
            match statement {
                Statement::Comment(_) | Statement::Guard(_) => {}
                Statement::Let(name, value) => {
                    let value = self.expr(value);
                    lets.push((self.slot(name), value));
                }
                Statement::Text(name, text) => {
                    return Err(EvalError(format!(
                        "{name} = {text} is C text, not an index expression"
                    )))
                }
            }
        }
        Ok(CompiledBindings { lets })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::Env;

    #[test]
    fn compiled_expressions_agree_with_named_evaluation() {
        let mut b = Bindings::new();
        let g = b.bind("g", Expr::builtin("get_global_id(0)"));
        let i = b.bind("i", g.clone().modulo(Expr::var("t")));
        let base = b.bind("base", g.minus(i.clone()).times(Expr::lit(8)));
        let dst = base.plus(i).min(Expr::lit(100));
        let mut compiler = Compiler::new(&["get_global_id(0)", "t"]);
        let (lets, dst_c) = (compiler.bindings(&b).unwrap(), compiler.expr(&dst));
        for (g, t) in [(0, 1), (11, 4), (13, 5), (400, 7)] {
            let env = b
                .evaluate(&Env::new().with("get_global_id(0)", g).with("t", t))
                .unwrap();
            let mut frame = compiler.frame();
            frame[..2].copy_from_slice(&[g, t]);
            lets.run(&mut frame);
            assert_eq!(dst_c.value(&frame), dst.value(&env), "g {g} t {t}");
        }
        let frame = compiler.frame();
        assert!(dst_c.evaluate(&frame).is_err(), "unset slots");
        let below = compiler.expr(&Expr::var("t").minus(Expr::lit(2)));
        let mut frame = compiler.frame();
        frame[1] = 1;
        assert!(below.evaluate(&frame).is_err());
    }
}
