//! The shogi family: variants whose pieces are given as data (movement in
//! Betza notation, promotion, drops) rather than drawn from shogi's fourteen kinds.

pub mod betza;
