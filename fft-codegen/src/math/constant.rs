//! Real constants of the odd-radix butterflies: `cos(pi*X/Y)` and `sin(pi*X/Y)` of an exact
//! [`Angle`], computed in f64 and rounded once, named by value (`COS_P2Q5`) like the
//! `mul_pXqY` helpers.

use crate::math::angle::Angle;
use std::fmt;

/// Which component of `exp(-i*pi*X/Y) = cos(pi*X/Y) - i*sin(pi*X/Y)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Trig {
    /// `cos(pi*X/Y)`.
    Cos,
    /// `sin(pi*X/Y)`.
    Sin,
}

/// The real number `cos(pi*X/Y)` or `sin(pi*X/Y)` of an angle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RealConstant {
    /// The function.
    pub trig: Trig,
    /// Its argument, in units of `pi`.
    pub angle: Angle,
}

impl RealConstant {
    /// `cos(pi*X/Y)` of `angle`.
    pub fn cos(angle: Angle) -> RealConstant {
        RealConstant {
            trig: Trig::Cos,
            angle,
        }
    }

    /// `sin(pi*X/Y)` of `angle`.
    pub fn sin(angle: Angle) -> RealConstant {
        RealConstant {
            trig: Trig::Sin,
            angle,
        }
    }

    /// The value in f64 (from [`Angle::value`], exact on the axes and diagonals).
    pub fn value(self) -> f64 {
        let w = self.angle.value();
        match self.trig {
            Trig::Cos => w.re,
            // exp(-i*pi*X/Y) = cos - i*sin.
            Trig::Sin => -w.im,
        }
    }

    /// The name of the program-scope constant: `COS_P2Q5`, `SIN_P4Q7`.
    pub fn name(self) -> String {
        let trig = match self.trig {
            Trig::Cos => "COS",
            Trig::Sin => "SIN",
        };
        format!("{trig}_P{}Q{}", self.angle.num(), self.angle.den())
    }
}

impl fmt::Display for RealConstant {
    /// `cos(pi*2/5)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let trig = match self.trig {
            Trig::Cos => "cos",
            Trig::Sin => "sin",
        };
        write!(f, "{trig}(pi*{}/{})", self.angle.num(), self.angle.den())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_names() {
        let angle = Angle::new(2, 5).unwrap();
        let c = RealConstant::cos(angle);
        assert!((c.value() - (std::f64::consts::PI * 0.4).cos()).abs() < 1e-16);
        assert_eq!(c.name(), "COS_P2Q5");
        let s = RealConstant::sin(angle);
        assert!((s.value() - (std::f64::consts::PI * 0.4).sin()).abs() < 1e-16);
        assert_eq!(s.to_string(), "sin(pi*2/5)");
    }
}
