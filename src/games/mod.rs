//! One module per game. Each holds its model (parse/render), validator,
//! engine, generators and structural shrink candidates.

pub mod chutes;
pub mod generals;
pub mod pigs;
pub mod stones;
pub mod xiangqi;
