#![no_main]
// Bytes are a judge input: parse, validate, engine and port must not panic.
use libfuzzer_sys::{fuzz_target, Corpus};

fuzz_target!(|data: &[u8]| -> Corpus {
    match gamefuzz::fuzz::parse_target::<gamefuzz::games::stones::Stones>(data).keep() {
        true => Corpus::Keep,
        false => Corpus::Reject,
    }
});
