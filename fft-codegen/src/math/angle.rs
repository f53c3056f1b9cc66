//! Exact rational angles of constant twiddles.
//!
//! An [`Angle`] `X/Y` stands for the factor `exp(-i*pi*X/Y)` (the forward sign convention),
//! reduced so that `0 <= X < 2Y` and `gcd(X, Y) == 1`. Keeping angles exact lets the
//! simplifier recognise `1`, `-1` and `±i` without comparing floating-point numbers, and gives
//! every non-trivial constant one canonical helper name, `mul_pXqY`.

use fft_core::{unit_root, Complex64, Direction};
use std::fmt;

/// The factor `exp(-i*pi*num/den)`, reduced: `0 <= num < 2*den`, `gcd(num, den) == 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Angle {
    num: u32,
    den: u32,
}

/// What multiplying by an [`Angle`] costs once simplified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AngleKind {
    /// `exp(0) = 1`: the multiplication disappears.
    One,
    /// `exp(-i*pi) = -1`: a negation.
    MinusOne,
    /// `exp(-i*pi/2) = -i`: `(a.y, -a.x)`.
    MinusI,
    /// `exp(-i*3*pi/2) = +i`: `(-a.y, a.x)`.
    PlusI,
    /// Anything else: a call of the `mul_pXqY` helper.
    General,
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Angle {
    /// The angle `num/den` (in units of `pi`, forward sign), reduced modulo 2.
    ///
    /// Returns `None` when `den == 0`.
    pub fn new(num: i64, den: u32) -> Option<Angle> {
        if den == 0 {
            return None;
        }
        let period = 2 * i128::from(den);
        let num = u64::try_from(i128::from(num).rem_euclid(period)).ok()?;
        let den = u64::from(den);
        let g = gcd(num, den);
        Some(Angle {
            num: u32::try_from(num / g).ok()?,
            den: u32::try_from(den / g).ok()?,
        })
    }

    /// The angle `0`: the factor 1.
    pub const ZERO: Angle = Angle { num: 0, den: 1 };

    /// The angle of the twiddle `W_n^j = exp(sign*2*pi*i*j/n)` of `direction`.
    ///
    /// Forward: `exp(-i*pi*2j/n)`, so `X/Y = 2j/n`; inverse: `exp(+i*pi*2j/n)`, which is the
    /// forward factor of `-2j/n`, reduced to `(2n-2j)/n`.
    pub fn of_root(j: u32, n: u32, direction: Direction) -> Option<Angle> {
        let twice = 2 * i64::from(j);
        match direction {
            Direction::Forward => Angle::new(twice, n),
            Direction::Inverse => Angle::new(-twice, n),
        }
    }

    /// Numerator `X` of `exp(-i*pi*X/Y)`.
    pub fn num(self) -> u32 {
        self.num
    }

    /// Denominator `Y` of `exp(-i*pi*X/Y)`.
    pub fn den(self) -> u32 {
        self.den
    }

    /// The product of the two factors (sum of the angles), reduced; `None` if the common
    /// denominator overflows `u32`.
    pub fn plus(self, other: Angle) -> Option<Angle> {
        let num =
            u64::from(self.num) * u64::from(other.den) + u64::from(other.num) * u64::from(self.den);
        let den = u64::from(self.den) * u64::from(other.den);
        let g = gcd(num, den);
        Angle::new(i64::try_from(num / g).ok()?, u32::try_from(den / g).ok()?)
    }

    /// The angle of `-1` (half a turn).
    pub const HALF_TURN: Angle = Angle { num: 1, den: 1 };

    /// The angle of `-i` (a quarter turn clockwise).
    pub const MINUS_I: Angle = Angle { num: 1, den: 2 };

    /// The angle of `+i` (three quarter turns clockwise).
    pub const PLUS_I: Angle = Angle { num: 3, den: 2 };

    /// Which simplification applies.
    pub fn kind(self) -> AngleKind {
        match (self.num, self.den) {
            (0, _) => AngleKind::One,
            (1, 1) => AngleKind::MinusOne,
            (1, 2) => AngleKind::MinusI,
            (3, 2) => AngleKind::PlusI,
            _ => AngleKind::General,
        }
    }

    /// True for the odd multiples of `pi/4`, whose factor is `(±1±i)/sqrt(2)`.
    pub fn is_diagonal(self) -> bool {
        self.den == 4
    }

    /// The factor `exp(-i*pi*X/Y)` in f64, exact on the axes and diagonals (see
    /// [`fft_core::unit_root`]).
    pub fn value(self) -> Complex64 {
        // exp(-i*pi*X/Y) = exp(-2*pi*i*X/(2Y)).
        unit_root(
            i64::from(self.num),
            2 * u64::from(self.den),
            Direction::Forward,
        )
    }

    /// Name of the OpenCL helper that multiplies by this factor: `mul_p1q4`.
    pub fn helper_name(self) -> String {
        format!("mul_p{}q{}", self.num, self.den)
    }
}

impl fmt::Display for Angle {
    /// `exp(-i*pi*1/4)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "exp(-i*pi*{}/{})", self.num, self.den)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn angle(num: i64, den: u32) -> Angle {
        Angle::new(num, den).unwrap()
    }

    #[test]
    fn reduces_to_lowest_terms_modulo_two() {
        assert_eq!(angle(2, 8), angle(1, 4));
        assert_eq!((angle(2, 8).num(), angle(2, 8).den()), (1, 4));
        assert_eq!(angle(-1, 4), angle(7, 4));
        assert_eq!(angle(8, 4), Angle::ZERO);
        assert_eq!(angle(0, 16), Angle::ZERO);
        assert_eq!(Angle::new(1, 0), None);
    }

    #[test]
    fn inverse_roots_mirror_forward_ones() {
        let fwd = Angle::of_root(1, 8, Direction::Forward).unwrap();
        let inv = Angle::of_root(1, 8, Direction::Inverse).unwrap();
        assert_eq!(fwd.helper_name(), "mul_p1q4");
        assert_eq!(inv.helper_name(), "mul_p7q4");
        assert_eq!(fwd.plus(inv), Some(Angle::ZERO));
    }

    #[test]
    fn kinds_of_the_axes() {
        assert_eq!(Angle::ZERO.kind(), AngleKind::One);
        assert_eq!(angle(1, 1).kind(), AngleKind::MinusOne);
        assert_eq!(
            Angle::of_root(1, 4, Direction::Forward).unwrap().kind(),
            AngleKind::MinusI
        );
        assert_eq!(
            Angle::of_root(1, 4, Direction::Inverse).unwrap().kind(),
            AngleKind::PlusI
        );
        assert_eq!(angle(1, 4).kind(), AngleKind::General);
        assert_eq!(angle(1, 2).plus(angle(1, 2)), Some(Angle::HALF_TURN));
    }

    #[test]
    fn values_match_the_definition() {
        for (num, den) in [(1, 4), (3, 8), (5, 16), (63, 32), (1, 2), (1, 1)] {
            let a = angle(num, den);
            let theta = -std::f64::consts::PI * num as f64 / f64::from(den);
            assert!((a.value() - Complex64::new(theta.cos(), theta.sin())).norm() < 1e-15);
        }
        assert_eq!(angle(1, 2).value(), Complex64::new(0.0, -1.0));
    }
}
