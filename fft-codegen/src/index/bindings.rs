//! Straight-line `const uint` bindings of a kernel body, with their comments: written as
//! OpenCL C, evaluated in order on the CPU.

use super::{Env, EvalError, Expr};
use crate::opencl::writer::Writer;
use std::fmt::{self, Write};

/// One line of a binding block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Statement {
    /// `// text`.
    Comment(String),
    /// `const uint name = value;`.
    Let(String, Expr),
    /// `if (condition) return;`: a work-item past the launch's active ones leaves. Evaluation
    /// stands for a work-item that stays, so it passes over the guard.
    Guard(String),
    /// A `const uint name = ...;` line the index algebra does not express (a conditional,
    /// say), written as is. Evaluating it is an error, so models only meet it where they do
    /// not reach.
    Text(String, String),
}

/// A block of bindings, in order: each may use the ones before it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bindings {
    statements: Vec<Statement>,
}

impl Bindings {
    /// No bindings.
    pub fn new() -> Bindings {
        Bindings::default()
    }

    /// Adds a comment line.
    pub fn comment(&mut self, text: impl Into<String>) {
        self.statements.push(Statement::Comment(text.into()));
    }

    /// Binds `name` to `value` and returns the variable that reads it.
    pub fn bind(&mut self, name: &str, value: Expr) -> Expr {
        self.statements
            .push(Statement::Let(name.to_string(), value));
        Expr::var(name)
    }

    /// Binds `name` to `value` unless `value` is already a variable, which is then returned
    /// as is (no alias lines such as `const uint at = j;`).
    pub fn bind_unless_var(&mut self, name: &str, value: Expr) -> Expr {
        match value {
            Expr::Var(_) => value,
            _ => self.bind(name, value),
        }
    }

    /// Binds `name` to C text the index algebra does not express.
    pub fn bind_text(&mut self, name: &str, text: impl Into<String>) -> Expr {
        self.statements
            .push(Statement::Text(name.to_string(), text.into()));
        Expr::var(name)
    }

    /// Adds the guard `if (condition) return;`.
    pub fn guard(&mut self, condition: impl Into<String>) {
        self.statements.push(Statement::Guard(condition.into()));
    }

    /// The statements, in order.
    pub fn statements(&self) -> &[Statement] {
        &self.statements
    }

    /// The expression bound to `name`, if a `Let` binds it.
    pub fn get(&self, name: &str) -> Option<&Expr> {
        self.statements.iter().rev().find_map(|s| match s {
            Statement::Let(n, value) if n == name => Some(value),
            _ => None,
        })
    }

    /// `env` with every binding evaluated in order.
    pub fn evaluate(&self, env: &Env) -> Result<Env, EvalError> {
        let mut env = env.clone();
        self.evaluate_into(&mut env)?;
        Ok(env)
    }

    /// Evaluates every binding in order into `env`.
    pub fn evaluate_into(&self, env: &mut Env) -> Result<(), EvalError> {
        for statement in &self.statements {
            match statement {
                Statement::Comment(_) | Statement::Guard(_) => {}
                Statement::Let(name, value) => {
                    let v = value.evaluate(env)?;
                    env.set(name, v);
                }
                Statement::Text(name, text) => {
                    return Err(EvalError(format!(
                        "{name} = {text} is C text, not an index expression"
                    )))
                }
            }
        }
        Ok(())
    }

    /// Writes the block, one line per statement.
    pub fn write<W: Write>(&self, w: &mut Writer<W>) -> fmt::Result {
        for statement in &self.statements {
            match statement {
                Statement::Comment(text) => writeln!(w, "// {text}")?,
                Statement::Let(name, value) => writeln!(w, "const uint {name} = {value};")?,
                Statement::Guard(condition) => {
                    writeln!(w, "if ({condition})")?;
                    writeln!(w, "    return;")?;
                }
                Statement::Text(name, text) => writeln!(w, "const uint {name} = {text};")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bindings_write_and_evaluate_in_order() {
        let mut b = Bindings::new();
        b.comment("Sub-FFT g.");
        let g = b.bind("g", Expr::builtin("get_global_id(0)"));
        let i = b.bind("i", g.clone().modulo(Expr::var("t")));
        b.bind("base", g.minus(i).times(Expr::lit(8)));
        let mut w = Writer::new(String::new());
        b.write(&mut w).unwrap();
        assert_eq!(
            w.into_inner(),
            "// Sub-FFT g.\nconst uint g = (uint)get_global_id(0);\nconst uint i = g % t;\nconst uint base = (g - i) * 8u;\n"
        );
        let env = b
            .evaluate(&Env::new().with("get_global_id(0)", 11).with("t", 4))
            .unwrap();
        assert_eq!((env.get("i"), env.get("base")), (Some(3), Some(64)));
        assert!(b.evaluate(&Env::new().with("t", 4)).is_err(), "g unbound");
    }

    #[test]
    fn aliases_are_not_bound_and_text_does_not_evaluate() {
        let mut b = Bindings::new();
        assert_eq!(b.bind_unless_var("at", Expr::var("j")), Expr::var("j"));
        assert!(b.statements().is_empty());
        b.bind_text("g", "t == 1u ? first : seq * t");
        let err = b.evaluate(&Env::new()).unwrap_err();
        assert!(err.to_string().contains("C text"), "{err}");
    }
}
