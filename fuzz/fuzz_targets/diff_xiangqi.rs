#![no_main]
//! Fuzzer bytes decode through the choice tape into a valid xiangqi input;
//! engine and port run side by side.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    gamefuzz::driver::fuzz_one::<gamefuzz::games::xiangqi::Xiangqi>(data);
});
