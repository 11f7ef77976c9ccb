//! Port of the blog solution of 将军棋 (generals.cpp).
//!
//! Soldier counts and totals are C++ `int`: where they leave the 32-bit
//! range the native program wraps, and so does the port (noting
//! `overflow`). The 405×405 grid is a global in the C++; here it lives on
//! the heap but keeps its size and `q[x][y]` indexing.

use crate::io::{Io, Stop};

#[derive(Debug, Clone, Copy, Default)]
struct In {
    num: i32,
    who: i32,
}

/// The C++ globals.
struct State {
    q: Vec<[In; 405]>,
    t: i32,
    n: i32,
    m: i32,
    x1: i32,
    y_1: i32,
    x2: i32,
    y2: i32,
}

/// `a + b` on C++ `int`, as the native program computes it.
fn add(io: &mut Io, a: i32, b: i32) -> i32 {
    let (v, wrapped) = a.overflowing_add(b);
    if wrapped {
        io.note("overflow");
    }
    v
}

/// `a - b` on C++ `int`.
fn sub(io: &mut Io, a: i32, b: i32) -> i32 {
    let (v, wrapped) = a.overflowing_sub(b);
    if wrapped {
        io.note("overflow");
    }
    v
}

/// The array index `q[x][y]`, or the undefined behaviour it would be.
fn cell(x: i32, y: i32) -> Result<(usize, usize), Stop> {
    match (usize::try_from(x), usize::try_from(y)) {
        (Ok(i), Ok(j)) if i < 405 && j < 405 => Ok((i, j)),
        _ => Err(Stop::Undefined(format!(
            "q[{x}][{y}] is outside q[405][405]"
        ))),
    }
}

impl State {
    fn q(&self, x: i32, y: i32) -> Result<In, Stop> {
        let (i, j) = cell(x, y)?;
        Ok(self.q[i][j])
    }

    fn q_mut(&mut self, x: i32, y: i32) -> Result<&mut In, Stop> {
        let (i, j) = cell(x, y)?;
        Ok(&mut self.q[i][j])
    }

    fn fun(&mut self, io: &mut Io, x: i32, y: i32, d: u8, who: i32) -> Result<i32, Stop> {
        let mut newx = x;
        let mut newy = y;
        if d == b'U' {
            newx -= 1;
        } else if d == b'D' {
            newx += 1;
        } else if d == b'L' {
            newy -= 1;
        } else if d == b'R' {
            newy += 1;
        }
        if self.q(newx, newy)?.num == 0 {
            let temp = sub(io, self.q(x, y)?.num, 1);
            self.q_mut(x, y)?.num = 1;
            self.q_mut(newx, newy)?.num = temp;
            self.q_mut(newx, newy)?.who = who;
        } else if self.q(newx, newy)?.who == who {
            let temp = sub(io, self.q(x, y)?.num, 1);
            let sum = add(io, temp, self.q(newx, newy)?.num);
            self.q_mut(newx, newy)?.num = sum;
            self.q_mut(x, y)?.num = 1;
        } else {
            let attackers = sub(io, self.q(x, y)?.num, 1);
            let diff = sub(io, self.q(newx, newy)?.num, attackers);
            if diff < 0 {
                let temp = attackers;
                let rest = sub(io, temp, self.q(newx, newy)?.num);
                self.q_mut(newx, newy)?.num = rest;
                self.q_mut(x, y)?.num = 1;
                let target = self.q_mut(newx, newy)?;
                target.who = if target.who == 1 { 2 } else { 1 };
            } else if diff > 0 {
                let temp = attackers;
                let rest = sub(io, self.q(newx, newy)?.num, temp);
                self.q_mut(newx, newy)?.num = rest;
                self.q_mut(x, y)?.num = 1;
            } else if diff == 0 {
                self.q_mut(newx, newy)?.num = 0;
                self.q_mut(x, y)?.num = 1;
                self.q_mut(newx, newy)?.who = 0;
            }
        }
        let a = self.q(self.x1, self.y_1)?;
        let b = self.q(self.x2, self.y2)?;
        Ok(if a.num == 0 || a.who == 2 {
            1
        } else if b.num == 0 || b.who == 1 {
            2
        } else {
            0
        })
    }
}

/// `cin >> int`; a failed extraction stores 0, as C++11 streams do.
fn cin(io: &mut Io) -> i32 {
    io.cin_int().unwrap_or(0)
}

pub fn main(io: &mut Io) -> Result<(), Stop> {
    let mut g = State {
        q: vec![[In::default(); 405]; 405],
        t: 0,
        n: 0,
        m: 0,
        x1: 0,
        y_1: 0,
        x2: 0,
        y2: 0,
    };
    g.t = cin(io);
    loop {
        // while (t--)
        let t = g.t;
        g.t = sub(io, g.t, 1);
        if t == 0 {
            break;
        }
        io.burn()?;
        g.n = cin(io);
        g.m = cin(io);
        g.x1 = cin(io);
        g.y_1 = cin(io);
        let v = cin(io);
        g.q_mut(g.x1, g.y_1)?.num = v;
        g.q_mut(g.x1, g.y_1)?.who = 1;
        g.x2 = cin(io);
        g.y2 = cin(io);
        let v = cin(io);
        g.q_mut(g.x2, g.y2)?.num = v;
        g.q_mut(g.x2, g.y2)?.who = 2;
        let (mut w, wrapped) = cin(io).overflowing_mul(2);
        if wrapped {
            io.note("overflow");
        }
        let mut e = 1;
        let mut mark = 0;
        loop {
            // while (w--)
            let more = w != 0;
            w = sub(io, w, 1);
            if !more {
                break;
            }
            io.burn()?;
            let x = cin(io);
            let y = cin(io);
            let d = io.cin_char().unwrap_or(0);
            if mark > 0 {
                continue;
            }
            if e % 2 == 1 {
                let v = add(io, g.q(g.x1, g.y_1)?.num, 1);
                g.q_mut(g.x1, g.y_1)?.num = v;
                mark = g.fun(io, x, y, d, 1)?;
            } else {
                let v = add(io, g.q(g.x2, g.y2)?.num, 1);
                g.q_mut(g.x2, g.y2)?.num = v;
                mark = g.fun(io, x, y, d, 2)?;
            }
            e += 1;
        }
        let mut cnt1: i32 = 0;
        let mut cnt2: i32 = 0;
        for i in 1..=g.n {
            io.burn()?;
            for j in 1..=g.m {
                let c = g.q(i, j)?;
                if c.who == 1 {
                    cnt1 = add(io, cnt1, c.num);
                } else if c.who == 2 {
                    cnt2 = add(io, cnt2, c.num);
                }
            }
        }
        let a = g.q(g.x1, g.y_1)?;
        let b = g.q(g.x2, g.y2)?;
        if a.who == 1 && b.who == 2 {
            io.print("draw!\n");
        } else if (a.who == 2 && b.who == 2) || a.num == 0 || mark == 1 {
            io.print("Bob wins!!\n");
        } else if (a.who == 1 && b.who == 1) || b.num == 0 || mark == 2 {
            io.print("Alice wins!!!\n");
        }
        io.print(&format!("{cnt1} {cnt2}\n"));
        for i in 1..=g.n {
            io.burn()?;
            for j in 1..=g.m {
                let c = g.q_mut(i, j)?;
                c.num = 0;
                c.who = 0;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str) -> (String, Vec<String>) {
        let mut io = Io::new(input, 10_000_000);
        main(&mut io).expect("the port runs to the end");
        (io.out, io.notes)
    }

    #[test]
    fn official_sample_and_edge_cases_match_the_native_program() {
        // Expected outputs are what the native g++ -O2 program prints.
        let sample =
            "1\n3 3\n1 1 6\n3 3 13\n4\n1 1 R\n3 3 L\n1 2 D\n3 2 U\n1 1 R\n2 2 U\n1 1 D\n1 2 L\n";
        assert_eq!(run(sample), ("Bob wins!!\n1 8\n".into(), vec![]));
        let edges = "4\n1 2\n1 1 5\n1 2 5\n3\n1 1 R\n1 2 L\n1 2 L\n1 1 R\n1 2 L\n1 1 R\n\
                     2 2\n1 1 2\n1 2 9\n2\n1 1 D\n1 2 L\n2 1 R\n1 1 D\n\
                     1 5\n1 3 2\n1 1 3\n2\n1 3 R\n1 1 R\n1 4 L\n1 2 R\n\
                     3 1\n3 1 4\n1 1 4\n1\n3 1 U\n1 1 D\n";
        let (out, notes) = run(edges);
        assert_eq!(
            out,
            "Alice wins!!!\n1 0\nBob wins!!\n2 9\ndraw!\n2 3\ndraw!\n1 1\n"
        );
        assert!(notes.is_empty());
    }

    #[test]
    fn int_counts_wrap_like_the_native_program() {
        // Native g++ -O2 output; the correct answers are "draw!\n3 2147483648"
        // and "Alice wins!!!\n2147483652 6".
        let total = "1\n1 4\n1 1 2\n1 4 2147483647\n1\n1 1 R\n1 4 L\n";
        assert_eq!(
            run(total),
            ("draw!\n3 -2147483648\n".into(), vec!["overflow".into()])
        );
        let bonus = "1\n2 3\n1 1 2147483647\n1 3 2\n6\n\
                     1 1 R\n1 3 D\n1 1 R\n1 3 D\n1 1 R\n1 3 D\n\
                     1 1 R\n1 3 D\n1 1 R\n1 3 D\n1 2 R\n1 3 D\n";
        assert_eq!(
            run(bonus),
            ("draw!\n3 -2147483642\n".into(), vec!["overflow".into()])
        );
    }

    #[test]
    fn indexing_past_the_grid_is_undefined() {
        let mut io = Io::new("1\n2 2\n500 1 5\n2 2 5\n1\n1 1 R\n2 2 L\n", 1000);
        assert!(matches!(main(&mut io), Err(Stop::Undefined(_))));
    }
}
