//! Faithful ports of the blog C++ reference solutions.
//!
//! Each module keeps the C++ control flow, names, array sizes and integer
//! widths, bugs included: the ports exist to reproduce what the blog program
//! prints, not what the judge expects. Where the C++ has undefined behaviour
//! (an index past an array, a read of an uninitialised value) the port stops
//! with [`Stop::Undefined`] instead of guessing. Signed overflow that g++ -O2
//! compiles to two's-complement wrapping is reproduced and recorded as a note,
//! so that such findings can be classified as integer-width issues.
//!
//! This crate never depends on the harness or its engines.

pub mod io;

pub use io::{Io, Stop};

/// Entry point of every port: the C++ `main`, reading and writing through `Io`.
pub type Port = fn(&mut Io) -> Result<(), Stop>;

pub mod chutes;
pub mod generals;
pub mod pigs;
pub mod stones;
pub mod xiangqi;
