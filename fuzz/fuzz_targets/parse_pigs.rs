#![no_main]
// Bytes are a judge input: parse, validate, engine and port must not panic.
use libfuzzer_sys::{fuzz_target, Corpus};

fuzz_target!(|data: &[u8]| -> Corpus {
    match gamefuzz::fuzz::parse_target::<gamefuzz::games::pigs::Pigs>(data).keep() {
        true => Corpus::Keep,
        false => Corpus::Reject,
    }
});
