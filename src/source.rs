//! The choice tape: the single entropy interface of every generator.
//!
//! Generators never see an RNG or raw bytes. They ask a [`Source`] for
//! bounded choices, and every choice made is recorded on a tape. Three
//! backends feed it: a seeded ChaCha8 stream (reproducible `diff` runs), a
//! replayed tape (the shrinker edits recorded tapes and regenerates, so every
//! candidate is valid by construction), and `arbitrary::Unstructured` (so that
//! any fuzzer byte string decodes to a valid game).
//!
//! Convention: choice 0 is the simplest option. An exhausted replay tape or an
//! exhausted byte string answers 0 forever, so generators must reach a valid
//! input on an all-zero tape (see [`Source::attempt`]).

use arbitrary::Unstructured;
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::id::GameId;

// The seeded variant is the large one and the one nearly every case uses:
// boxing it would cost each case an allocation.
#[allow(clippy::large_enum_variant)]
enum Backend<'a> {
    /// The case's own stream, and the stream its seed group shares: keyed
    /// on first use only, since most games never draw a shared choice.
    /// The own stream is held inline: a case's draw starts here, and an
    /// allocation would cost a small case more than its choices.
    Rng {
        own: ChaCha8Rng,
        shared: Option<Box<ChaCha8Rng>>,
        game: GameId,
        seed: u64,
    },
    Replay {
        tape: Vec<u64>,
        pos: usize,
    },
    Bytes(Unstructured<'a>),
}

/// A recording source of bounded choices.
pub struct Source<'a> {
    backend: Backend<'a>,
    /// Whether choices go on the tape (see [`Source::seeded_untaped`]).
    record: bool,
    tape: Vec<u64>,
    /// The bound `n` of every choice on the tape (see [`Source::to_bytes`]).
    bounds: Vec<u64>,
    /// What is left of the last choice read as a fraction (see
    /// [`Source::small`]), and how many of its bits are still unused.
    fraction: u64,
    bits: u32,
}

/// FNV-1a, written out so that seeds and corpus names never depend on the
/// standard library's unspecified hasher.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// SplitMix64 finaliser: spreads nearby seeds over the whole key space.
pub fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Seeds `k·GROUP .. (k+1)·GROUP` form group `k`: their
/// [`Source::shared_below`] choices agree.
pub const GROUP: u64 = 8;

/// Room on a tape for the choices of a small case from the start: growing
/// it a few times would cost a small case more than its choices.
const ROOM: usize = 64;

/// A ChaCha8 stream keyed by the game and one word.
fn stream(game: GameId, salt: u64, word: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    let g = fnv1a64(game.name().as_bytes()) ^ salt;
    for (i, chunk) in key.chunks_mut(8).enumerate() {
        let word = mix64(g ^ mix64(word.wrapping_add(i as u64)));
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    ChaCha8Rng::from_seed(key)
}

impl Source<'static> {
    /// The stream for one case: the game id is mixed in so that the same seed
    /// gives unrelated draws in different games.
    pub fn seeded(game: GameId, seed: u64) -> Self {
        Source::with(
            Backend::Rng {
                own: stream(game, 0, seed),
                shared: None,
                game,
                seed,
            },
            ROOM,
        )
    }

    /// The same stream as [`Source::seeded`], with no tape: `diff` draws
    /// every case but wants the tape of only the few it shrinks, which it
    /// draws again. Two buffers per case cost a small case about as much
    /// as its choices.
    pub fn seeded_untaped(game: GameId, seed: u64) -> Self {
        Source {
            record: false,
            ..Source::with(
                Backend::Rng {
                    own: stream(game, 0, seed),
                    shared: None,
                    game,
                    seed,
                },
                0,
            )
        }
    }

    /// Replays a recorded (possibly edited) tape; past its end every choice is 0.
    pub fn replay(tape: Vec<u64>) -> Self {
        Source::with(Backend::Replay { tape, pos: 0 }, ROOM)
    }
}

impl<'a> Source<'a> {
    /// Decodes fuzzer bytes; once they run out every choice is 0.
    pub fn from_bytes(data: &'a [u8]) -> Self {
        Source::with(Backend::Bytes(Unstructured::new(data)), ROOM)
    }

    fn with(backend: Backend<'a>, room: usize) -> Self {
        Source {
            backend,
            record: true,
            tape: Vec::with_capacity(room),
            bounds: Vec::with_capacity(room),
            fraction: 0,
            bits: 0,
        }
    }

    /// The choices made so far, as replayable values.
    pub fn tape(&self) -> &[u64] {
        &self.tape
    }

    pub fn into_tape(self) -> Vec<u64> {
        self.tape
    }

    /// A choice in `0..n` (`n >= 1`). Every other method is built on this one.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n >= 1, "Source::below(0)");
        let v = match &mut self.backend {
            Backend::Rng { own, .. } => uniform(own, n),
            Backend::Replay { tape, pos } => {
                let v = tape.get(*pos).copied().unwrap_or(0);
                *pos += 1;
                if v < n {
                    v
                } else {
                    v % n
                }
            }
            Backend::Bytes(u) => u.int_in_range(0..=n - 1).unwrap_or(0),
        };
        if self.record {
            self.tape.push(v);
            self.bounds.push(n);
        }
        v
    }

    /// Bits a [`Source::small`] choice may use: see there.
    pub const SMALL_BITS: u32 = 21;

    /// A small choice in `0..n` (`1 <= n <= 2^21`), read from a large
    /// one: a choice on the tape is read as a binary fraction of 63 bits;
    /// a small choice is the integer part of the fraction times `n`, and
    /// the fractional part is kept for the next one, which therefore has
    /// about `log2 n` bits less to go on. A new choice is drawn when fewer
    /// than 21 bits remain: every value of `0..n` is as likely as any other
    /// to within `n / 2^21`. A choice on the tape (and its recording) costs
    /// far more than the small choice itself, so generators that make
    /// thousands of small choices (squares of a board, cards of a deck,
    /// points of a position) read them this way; an all-zero tape still
    /// reads 0 everywhere.
    pub fn small(&mut self, n: u64) -> u64 {
        debug_assert!((1..=1 << Self::SMALL_BITS).contains(&n));
        if self.bits < Self::SMALL_BITS {
            self.fraction = self.below(1 << 63) << 1;
            self.bits = 63;
        }
        let product = u128::from(self.fraction) * u128::from(n);
        self.fraction = product as u64;
        // Bits used up: the width of n - 1, so that powers of two cost
        // exactly their width.
        self.bits -= 64 - (n - 1).leading_zeros();
        (product >> 64) as u64
    }

    /// A small choice in `lo..=hi` (see [`Source::small`]).
    pub fn small_in(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.small((hi - lo + 1) as u64) as usize
    }

    /// A small choice that is true `k` times in `n`; choice 0 is false.
    pub fn small_chance(&mut self, k: u64, n: u64) -> bool {
        k > 0 && self.small(n) >= n - k
    }

    /// A choice in `0..n` that every seed of the same group of [`GROUP`]
    /// consecutive seeds draws alike (the k-th shared choice of each, given
    /// the same bounds), so that neighbouring cases can have something in
    /// common (chutes: the throw list, so that they pack into one file).
    /// It is recorded like any choice: replays and byte strings reproduce it,
    /// and tape shrinking may lower it.
    pub fn shared_below(&mut self, n: u64) -> u64 {
        match &mut self.backend {
            Backend::Rng {
                shared, game, seed, ..
            } => {
                assert!(n >= 1, "Source::shared_below(0)");
                const SHARED: u64 = 0x5ea7_ed00_0000_0000;
                let shared =
                    shared.get_or_insert_with(|| Box::new(stream(*game, SHARED, *seed / GROUP)));
                let v = uniform(shared, n);
                if self.record {
                    self.tape.push(v);
                    self.bounds.push(n);
                }
                v
            }
            _ => self.below(n),
        }
    }

    /// The byte string that [`Source::from_bytes`] decodes into exactly the
    /// choices made so far (given the same sequence of bounds, which holds
    /// whenever the same generator runs): each choice in `0..n` is written
    /// big-endian in as many bytes as `n - 1` needs (none when `n == 1`),
    /// which is how `Unstructured::int_in_range` reads it back.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for (&v, &n) in self.tape.iter().zip(&self.bounds) {
            let width = (64 - (n - 1).leading_zeros()).div_ceil(8) as usize;
            out.extend_from_slice(&v.to_be_bytes()[8 - width..]);
        }
        out
    }

    /// An integer in `lo..=hi`; choice 0 gives `lo`.
    pub fn int_in(&mut self, lo: i64, hi: i64) -> i64 {
        assert!(lo <= hi, "Source::int_in({lo}, {hi})");
        let span = (hi as i128 - lo as i128 + 1) as u128;
        if span > u64::MAX as u128 {
            // Only the full i64 range overflows u64; no generator needs it.
            return lo.wrapping_add(self.below(u64::MAX) as i64);
        }
        (lo as i128 + self.below(span as u64) as i128) as i64
    }

    /// A `usize` in `lo..=hi`.
    pub fn usize_in(&mut self, lo: usize, hi: usize) -> usize {
        self.int_in(lo as i64, hi as i64) as usize
    }

    /// True with probability `p`; choice 0 gives `false`.
    pub fn bool(&mut self, p: f64) -> bool {
        let threshold = ((1.0 - p.clamp(0.0, 1.0)) * 1024.0).round() as u64;
        self.below(1024) >= threshold
    }

    /// One of `items`, the first being the simplest.
    pub fn choose<'b, T>(&mut self, items: &'b [T]) -> &'b T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// An index drawn with the given weights; index 0 is the simplest.
    pub fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        assert!(total > 0, "Source::weighted with zero total weight");
        let mut v = self.below(total);
        for (i, &w) in weights.iter().enumerate() {
            if v < u64::from(w) {
                return i;
            }
            v -= u64::from(w);
        }
        unreachable!("weighted draw beyond total")
    }

    /// Fisher–Yates; an all-zero tape leaves the order unchanged.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in 0..items.len() {
            let j = i + self.below((items.len() - i) as u64) as usize;
            items.swap(i, j);
        }
    }

    /// Rejection sampling with a guaranteed end: `make` is tried up to
    /// `tries` times; then `fallback` (which must always succeed) is used.
    /// Needed because an exhausted tape repeats the same all-zero draw.
    pub fn attempt<T>(
        &mut self,
        tries: usize,
        mut make: impl FnMut(&mut Self) -> Option<T>,
        fallback: impl FnOnce(&mut Self) -> T,
    ) -> T {
        for _ in 0..tries {
            if let Some(t) = make(self) {
                return t;
            }
            if self.is_exhausted() {
                break;
            }
        }
        fallback(self)
    }

    /// True when further choices can only be 0 (replay past the end, bytes
    /// used up). Not while the fraction of [`Source::small`] still serves
    /// choices other than 0: a seeded draw may continue on those alone, and
    /// its tape, replayed, must continue the same way.
    pub fn is_exhausted(&self) -> bool {
        let ended = match &self.backend {
            Backend::Rng { .. } => false,
            Backend::Replay { tape, pos } => *pos >= tape.len(),
            Backend::Bytes(u) => u.is_empty(),
        };
        ended && (self.bits < Self::SMALL_BITS || self.fraction == 0)
    }
}

/// Unbiased bounded draw by rejection, written out so the mapping from the
/// ChaCha stream to choices is fixed by this crate, not by a library version.
fn uniform(rng: &mut ChaCha8Rng, n: u64) -> u64 {
    if n.is_power_of_two() {
        return rng.next_u64() & (n - 1);
    }
    let zone = u64::MAX - (u64::MAX - n + 1) % n;
    loop {
        let v = rng.next_u64();
        if v <= zone {
            return v % n;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_choices_and_replay_reproduces_them() {
        let draw = |s: &mut Source| (0..50).map(|i| s.below(i + 1)).collect::<Vec<_>>();
        let mut a = Source::seeded(GameId::Xiangqi, 7);
        let mut b = Source::seeded(GameId::Xiangqi, 7);
        let va = draw(&mut a);
        assert_eq!(va, draw(&mut b));
        let mut r = Source::replay(a.into_tape());
        assert_eq!(va, draw(&mut r));
        let mut other = Source::seeded(GameId::Chutes, 7);
        assert_ne!(va, draw(&mut other));
        // Without a tape: the same choices, shared ones too, and no tape.
        let mixed = |s: &mut Source| {
            let mut v = draw(s);
            v.push(s.shared_below(1000));
            v.extend((1..40).map(|i| s.small(i)));
            v
        };
        let mut taped = Source::seeded(GameId::Chutes, 9);
        let mut untaped = Source::seeded_untaped(GameId::Chutes, 9);
        assert_eq!(mixed(&mut taped), mixed(&mut untaped));
        assert!(untaped.tape().is_empty() && !taped.tape().is_empty());
    }

    #[test]
    fn shared_choices_agree_within_a_seed_group_and_replay_like_any_other() {
        let shared = |seed: u64| {
            let mut s = Source::seeded(GameId::Chutes, seed);
            let own = s.below(1 << 40);
            let v = s.shared_below(u64::MAX);
            (own, v, s)
        };
        let (own_a, a, src) = shared(8);
        let (own_b, b, _) = shared(15);
        assert_eq!(a, b, "seeds 8 and 15 are one group");
        assert_ne!(own_a, own_b, "their own choices still differ");
        assert_ne!(a, shared(16).1, "seed 16 starts the next group");
        let bytes = src.to_bytes();
        let tape = src.into_tape();
        assert_eq!(tape[1], a);
        let mut r = Source::replay(tape);
        r.below(1 << 40);
        assert_eq!(r.shared_below(u64::MAX), a);
        let mut f = Source::from_bytes(&bytes);
        f.below(1 << 40);
        assert_eq!(f.shared_below(u64::MAX), a);
    }

    #[test]
    fn exhausted_sources_answer_zero() {
        let mut r = Source::replay(vec![5]);
        assert_eq!(r.below(10), 5);
        assert!(r.is_exhausted());
        assert_eq!(r.below(10), 0);
        assert!(!r.bool(0.99));
        let mut b = Source::from_bytes(&[]);
        assert_eq!(b.int_in(3, 9), 3);
    }

    #[test]
    fn to_bytes_decodes_to_the_same_choices() {
        let bounds = [1u64, 2, 255, 256, 257, 65_536, 1 << 40, u64::MAX, 10, 1];
        let mut s = Source::seeded(GameId::Stones, 3);
        let values: Vec<u64> = bounds.iter().map(|&n| s.below(n)).collect();
        let bytes = s.to_bytes();
        let mut d = Source::from_bytes(&bytes);
        let again: Vec<u64> = bounds.iter().map(|&n| d.below(n)).collect();
        assert_eq!(values, again);
        assert!(d.is_exhausted());
    }

    #[test]
    fn small_choices_share_a_tape_choice_and_replay_alike() {
        let draw = |s: &mut Source| (1..=40).map(|n| s.small(n)).collect::<Vec<_>>();
        let mut a = Source::seeded(GameId::Pigs, 5);
        let va = draw(&mut a);
        assert!(va.iter().zip(1..).all(|(&v, n)| v < n));
        assert!(a.tape().len() < 20, "{} tape choices", a.tape().len());
        let mut r = Source::replay(a.into_tape());
        assert_eq!(va, draw(&mut r));
        // A replay ends once its fraction is used up, not before.
        let mut short = Source::replay(vec![u64::MAX >> 1]);
        assert!(short.small(4) > 0);
        assert!(!short.is_exhausted());
        while short.small(1 << 20) != 0 {}
        assert!(short.is_exhausted());
        assert_eq!(short.small(7), 0);
    }

    #[test]
    fn choices_stay_in_range() {
        let mut s = Source::seeded(GameId::Xiangqi, 1);
        for n in 1..200u64 {
            assert!(s.below(n) < n);
            let v = s.int_in(-5, 5);
            assert!((-5..=5).contains(&v));
        }
        assert_eq!(s.weighted(&[0, 3, 0]), 1);
    }
}
