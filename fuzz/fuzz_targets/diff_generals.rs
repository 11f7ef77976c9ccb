#![no_main]
// Bytes → generator → engine, port (and brute) side by side; see gamefuzz::fuzz.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    gamefuzz::fuzz::diff_target::<gamefuzz::games::generals::Generals>(data)
});
