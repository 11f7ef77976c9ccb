//! Port of the blog solution of Doraemon's Stone Game (stones.cpp).
//!
//! The sums are C++ `long long`; where they would leave the 64-bit range
//! the port wraps as the native program does, noting `overflow`.

use crate::io::{Io, Stop};

/// The C++ globals.
#[derive(Default)]
struct State {
    bb: i64,
    ww: i64,
    wb: i64,
    bw: i64,
    s: [u8; 10],
    n: i32,
}

fn add(io: &mut Io, a: i64, b: i64) -> i64 {
    let (v, wrapped) = a.overflowing_add(b);
    if wrapped {
        io.note("overflow");
    }
    v
}

fn sub(io: &mut Io, a: i64, b: i64) -> i64 {
    let (v, wrapped) = a.overflowing_sub(b);
    if wrapped {
        io.note("overflow");
    }
    v
}

fn mul(io: &mut Io, a: i64, b: i64) -> i64 {
    let (v, wrapped) = a.overflowing_mul(b);
    if wrapped {
        io.note("overflow");
    }
    v
}

/// The first player's case.
fn fprint(io: &mut Io, x: i64, y: i64) {
    if x > y {
        io.print("win ");
    } else {
        io.print("lose ");
    }
}

/// The second player's case.
fn sprint(io: &mut Io, x: i64, y: i64) {
    if x >= y {
        io.print("win\n");
    } else {
        io.print("lose\n");
    }
}

/// `strlen(s)`.
fn strlen(s: &[u8; 10]) -> usize {
    s.iter().position(|&c| c == 0).unwrap_or(s.len())
}

pub fn main(io: &mut Io) -> Result<(), Stop> {
    let mut g = State::default();
    let mut a: i64 = 0;
    // while (scanf("%d", &n) != EOF): valid inputs only ever end at EOF,
    // where every conversion fails.
    while let Some(n) = io.scanf_int() {
        g.n = n;
        io.burn()?;
        g.bb = 0;
        g.ww = 0;
        g.wb = 0;
        g.bw = 0;
        let mut i = 1;
        while i <= g.n {
            io.burn()?;
            // scanf("%s %lld", &s, &a)
            if let Some(word) = io.scanf_word() {
                if word.len() >= g.s.len() {
                    return Err(Stop::Undefined(format!(
                        "a {}-character word overflows char s[10]",
                        word.len()
                    )));
                }
                g.s = [0; 10];
                g.s[..word.len()].copy_from_slice(&word);
                if let Some(v) = io.scanf_i64() {
                    a = v;
                }
            }
            let len = strlen(&g.s);
            let s = g.s;
            if len == 1 {
                if s[0] == b'b' {
                    g.bb = add(io, g.bb, a);
                } else {
                    g.ww = add(io, g.ww, a);
                }
            } else if s[0] == b'b' && s[1] == b'b' {
                let v = mul(io, 2, a);
                g.bb = add(io, g.bb, v);
            } else if s[0] == b'w' && s[1] == b'w' {
                let v = mul(io, 2, a);
                g.ww = add(io, g.ww, v);
            } else if s[0] == b'b' && s[1] == b'w' {
                g.bw = add(io, g.bw, a);
            } else if s[0] == b'w' && s[1] == b'b' {
                g.wb = add(io, g.wb, a);
            }
            i += 1;
        }
        if g.bw == g.wb {
            g.bw = 0;
            g.wb = 0;
        } else if g.bw > g.wb {
            g.bw = sub(io, g.bw, g.wb);
            g.wb = 0;
        } else {
            g.wb = sub(io, g.wb, g.bw);
            g.bw = 0;
        }

        if g.bb == g.ww {
            g.bb = 0;
            g.ww = 0;
        } else if g.bb > g.ww {
            g.bb = sub(io, g.bb, g.ww);
            g.ww = 0;
        } else {
            g.ww = sub(io, g.ww, g.bb);
            g.bb = 0;
        }

        if g.bw == g.wb {
            fprint(io, g.ww, g.bb);
            sprint(io, g.ww, g.bb);
        } else if g.bw > g.wb {
            let ans1 = add(io, g.ww, g.bw);
            let ans2 = add(io, g.bb, g.bw / 2);
            fprint(io, ans1, ans2);

            let ans1 = add(io, g.ww, g.bw);
            let half = add(io, g.bw, 1) / 2;
            let ans2 = add(io, g.bb, half);
            sprint(io, ans1, ans2);
        } else {
            let half = add(io, g.wb, 1) / 2;
            let ans1 = add(io, g.ww, half);
            let ans2 = add(io, g.bb, g.wb);
            fprint(io, ans1, ans2);

            let ans1 = add(io, g.ww, g.wb / 2);
            let ans2 = add(io, g.bb, g.wb);
            sprint(io, ans1, ans2);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str) -> (String, Vec<String>) {
        let mut io = Io::new(input, 1_000_000);
        main(&mut io).expect("the port runs to the end");
        (io.out, io.notes)
    }

    #[test]
    fn worked_examples_match_the_native_program() {
        // The native g++ -O2 program prints the spec's expected output here.
        let input = "1\nw 1\n1\nb 1\n2\nw 1\nb 1\n1\nbw 1\n2\nbw 1\nb 1\n2\nbw 2\nb 1\n\
                     2\nww 1\nbb 1\n2\nwb 3\nw 1\n2\nwb 2\nw 1\n\
                     3\nw 1000000000000000000\nww 1000000000000000000\nbw 1000000000000000000\n\
                     3\nb 1000000000000000000\nbb 1000000000000000000\nwb 1000000000000000000\n\
                     6\nw 1000000000000000000\nb 1000000000000000000\nww 1000000000000000000\n\
                     bb 1000000000000000000\nwb 1000000000000000000\nbw 1000000000000000000\n\
                     2\nww 1\nb 3\n3\nwb 1\nbw 1\nb 1";
        let expected = "win win\nlose lose\nlose win\nwin win\nlose lose\nlose win\nlose win\n\
                        lose lose\nlose win\nwin win\nlose lose\nlose win\nlose lose\nlose lose\n";
        assert_eq!(run(input), (expected.into(), vec![]));
    }

    #[test]
    fn sums_beyond_64_bits_wrap_like_the_native_program() {
        // Out of the spec's range; native g++ -O2 output.
        let input = "1\nww 5000000000000000000\n2\nw 9000000000000000000\nww 1000000000000000000\n";
        assert_eq!(
            run(input),
            ("lose lose\nlose lose\n".into(), vec!["overflow".into()])
        );
    }

    #[test]
    fn a_long_word_overflows_the_buffer() {
        let mut io = Io::new("1\nwwwwwwwwwwww 1\n", 1000);
        assert!(matches!(main(&mut io), Err(Stop::Undefined(_))));
    }
}
