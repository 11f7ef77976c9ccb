//! Port of the blog solution to "Chutes and Ladders" (POJ 1059).
//!
//! The C++ keeps everything in global arrays, `area[k]` being the square a
//! counter on `k` ends on (`k` itself when plain, 101 for an extra-turn
//! square, -1 for a lose-a-turn square). Its quirks are kept: the chute list
//! ends at the first pair with any zero, an extra turn is `--players`, the
//! loop `while(++dies<coun)` may use every throw of the list, and a game
//! without a winner prints nothing.

use crate::{Io, Stop};

/// The C++ globals, zero-initialised as static storage is.
struct Globals {
    die: [i32; 1005],
    area: [i32; 105],
    player: [i32; 10],
    sign: [i32; 10],
}

/// An array index the C++ would use, or the undefined behaviour it would be.
fn idx(name: &str, i: i32, len: usize) -> Result<usize, Stop> {
    usize::try_from(i)
        .ok()
        .filter(|&u| u < len)
        .ok_or_else(|| Stop::Undefined(format!("{name}[{i}] is outside {name}[{len}]")))
}

/// `a + b` as g++ -O2 computes it: wrapped, with a note when it overflowed.
fn add(io: &mut Io, a: i32, b: i32) -> i32 {
    a.checked_add(b).unwrap_or_else(|| {
        io.note("overflow");
        a.wrapping_add(b)
    })
}

fn sub(io: &mut Io, a: i32, b: i32) -> i32 {
    a.checked_sub(b).unwrap_or_else(|| {
        io.note("overflow");
        a.wrapping_sub(b)
    })
}

/// `scanf("%d%d",&s,&t)`: the number of conversions; a failed conversion
/// leaves its variable untouched.
fn scanf2(io: &mut Io, s: &mut i32, t: &mut i32) -> i32 {
    let Some(a) = io.scanf_int() else { return 0 };
    *s = a;
    let Some(b) = io.scanf_int() else { return 1 };
    *t = b;
    2
}

pub fn main(io: &mut Io) -> Result<(), Stop> {
    let mut g = Globals {
        die: [0; 1005],
        area: [0; 105],
        player: [0; 10],
        sign: [0; 10],
    };
    let mut i: i32;
    let mut n: i32;
    if let Some(v) = io.scanf_int() {
        g.die[1] = v;
    }
    i = 2;
    while g.die[idx("die", i - 1, 1005)?] != 0 {
        io.burn()?;
        let k = idx("die", i, 1005)?;
        if let Some(v) = io.scanf_int() {
            g.die[k] = v;
        }
        i += 1;
    }
    let coun: i32 = i - 1;
    loop {
        io.burn()?;
        match io.scanf_int() {
            Some(v) => n = v,
            None => break,
        }
        if n == 0 {
            break;
        }
        for i in 1..=100 {
            g.area[i] = i as i32;
        }
        // Uninitialised in the C++; only read after scanf assigned them.
        let mut s: i32 = 0;
        let mut t: i32 = 0;
        loop {
            io.burn()?;
            if !(scanf2(io, &mut s, &mut t) == 2 && s != 0 && t != 0) {
                break;
            }
            g.area[idx("area", s, 105)?] = t;
        }
        loop {
            io.burn()?;
            match io.scanf_int() {
                Some(v) => s = v,
                None => break,
            }
            if s == 0 {
                break;
            }
            if s > 0 {
                g.area[idx("area", s, 105)?] = 101;
            } else {
                // abs(INT_MIN) is itself undefined; as an index it is caught below.
                g.area[idx("area", s.wrapping_abs(), 105)?] = -1;
            }
        }
        let mut dies: i32 = 0;
        let mut players: i32 = 0;
        g.player = [0; 10];
        g.sign = [0; 10];
        loop {
            io.burn()?;
            dies += 1;
            if dies >= coun {
                break;
            }
            let p = idx("sign", players % n, 10)?;
            if g.sign[p] != 0 {
                g.sign[p] = 0;
                dies -= 1;
            } else {
                let d = g.die[idx("die", dies, 1005)?];
                g.player[p] = add(io, g.player[p], d);
                if g.player[p] > 100 {
                    g.player[p] = sub(io, g.player[p], d);
                } else if g.player[p] == 100 {
                    io.print(&format!("{}\n", players % n + 1));
                    break;
                } else if g.player[p] != g.area[idx("area", g.player[p], 105)?] {
                    let a = g.area[idx("area", g.player[p], 105)?];
                    if a == -1 {
                        g.sign[p] = 1;
                    } else if a == 101 {
                        players -= 1;
                    } else {
                        g.player[p] = a;
                    }
                }
            }
            players += 1;
        }
    }
    Ok(())
}
