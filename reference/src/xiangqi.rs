//! Port of the blog solution to UVa 1589 "Xiangqi".
//!
//! The C++ marks every point a red piece "reaches" with `'X'` on one shared
//! `char board[10][9]` and then inspects the black general's neighbours.
//! Kept on purpose, because the port must print what the native program
//! prints:
//! * `solveh` tests `i + 1 < 9` (not `< 10`), so a horse on row 9 never
//!   marks the row-10 points two columns away;
//! * a horse's target and leg are tested with `ischess`, which knows `'B'`
//!   but not `'G'`: the red general never blocks a leg, and a horse mark
//!   overwrites the red general itself, which then vanishes from every later
//!   `push` (as an attacker, a blocker and a cannon screen);
//! * the marks of one trial move survive into the test of the next
//!   neighbour (only the trial itself calls `reset`);
//! * `ischess1` ignores `'B'` and `'X'`, so rays pass through the black
//!   general and through overwritten pieces.
//!
//! Every board access is bounds-checked: an index outside `board` (only
//! reachable with an invalid input) stops the port with `Stop::Undefined`.

use crate::{Io, Stop};

struct State {
    board: [[u8; 9]; 10],
}

fn oob(i: i32, j: i32) -> Stop {
    Stop::Undefined(format!("board[{i}][{j}] is outside char board[10][9]"))
}

impl State {
    fn at(&self, i: i32, j: i32) -> Result<u8, Stop> {
        if (0..10).contains(&i) && (0..9).contains(&j) {
            Ok(self.board[i as usize][j as usize])
        } else {
            Err(oob(i, j))
        }
    }

    fn put(&mut self, i: i32, j: i32, v: u8) -> Result<(), Stop> {
        if (0..10).contains(&i) && (0..9).contains(&j) {
            self.board[i as usize][j as usize] = v;
            Ok(())
        } else {
            Err(oob(i, j))
        }
    }

    fn ischess(&self, i: i32, j: i32) -> Result<bool, Stop> {
        let b = self.at(i, j)?;
        Ok(b == b'C' || b == b'H' || b == b'R' || b == b'B')
    }

    fn ischess1(&self, i: i32, j: i32) -> Result<bool, Stop> {
        let b = self.at(i, j)?;
        Ok(b == b'C' || b == b'H' || b == b'R' || b == b'G')
    }

    fn solver(&mut self, i: i32, j: i32) -> Result<(), Stop> {
        if self.at(i, j)? == b'R' {
            let (ri, rj) = (i, j);
            let mut i = ri - 1;
            while i >= 0 && !self.ischess1(i, rj)? {
                if self.at(i, rj)? != b'B' {
                    self.put(i, rj, b'X')?;
                }
                i -= 1;
            }
            let mut i = ri + 1;
            while i < 10 && !self.ischess1(i, rj)? {
                if self.at(i, rj)? != b'B' {
                    self.put(i, rj, b'X')?;
                }
                i += 1;
            }
            let mut j = rj - 1;
            while j >= 0 && !self.ischess1(ri, j)? {
                if self.at(ri, j)? != b'B' {
                    self.put(ri, j, b'X')?;
                }
                j -= 1;
            }
            let mut j = rj + 1;
            while j < 9 && !self.ischess1(ri, j)? {
                if self.at(ri, j)? != b'B' {
                    self.put(ri, j, b'X')?;
                }
                j += 1;
            }
        }
        Ok(())
    }

    fn solveg(&mut self, i: i32, j: i32) -> Result<(), Stop> {
        if self.at(i, j)? == b'G' {
            let (gi, gj) = (i, j);
            let mut i = gi - 1;
            while i >= 0 && !self.ischess1(i, gj)? {
                if self.at(i, gj)? != b'B' {
                    self.put(i, gj, b'X')?;
                }
                i -= 1;
            }
        }
        Ok(())
    }

    fn getpaoupper(&self, i: i32, j: i32) -> Result<i32, Stop> {
        let mut k = i - 1;
        while k >= 0 {
            if self.ischess1(k, j)? {
                return Ok(k);
            }
            k -= 1;
        }
        Ok(-1)
    }

    fn getpaodown(&self, i: i32, j: i32) -> Result<i32, Stop> {
        let mut k = i + 1;
        while k < 10 {
            if self.ischess1(k, j)? {
                return Ok(k);
            }
            k += 1;
        }
        Ok(-1)
    }

    fn getpaoleft(&self, i: i32, j: i32) -> Result<i32, Stop> {
        let mut k = j - 1;
        while k >= 0 {
            if self.ischess1(i, k)? {
                return Ok(k);
            }
            k -= 1;
        }
        Ok(-1)
    }

    fn getpaoright(&self, i: i32, j: i32) -> Result<i32, Stop> {
        let mut k = j + 1;
        while k < 9 {
            if self.ischess1(i, k)? {
                return Ok(k);
            }
            k += 1;
        }
        Ok(-1)
    }

    fn solvec(&mut self, i: i32, j: i32) -> Result<(), Stop> {
        if self.at(i, j)? == b'C' {
            let (ci, cj) = (i, j);
            let up = self.getpaoupper(ci, cj)?;
            if up != -1 {
                let mut t = up - 1;
                while t >= 0 && !self.ischess1(t, cj)? {
                    if self.at(t, cj)? != b'B' {
                        self.put(t, cj, b'X')?;
                    }
                    t -= 1;
                }
            }
            let down = self.getpaodown(ci, cj)?;
            if down != -1 {
                let mut t = down + 1;
                while t < 10 && !self.ischess1(t, cj)? {
                    if self.at(t, cj)? != b'B' {
                        self.put(t, cj, b'X')?;
                    }
                    t += 1;
                }
            }
            let left = self.getpaoleft(ci, cj)?;
            if left != -1 {
                let mut t = left - 1;
                while t >= 0 && !self.ischess1(ci, t)? {
                    if self.at(ci, t)? != b'B' {
                        self.put(ci, t, b'X')?;
                    }
                    t -= 1;
                }
            }
            let right = self.getpaoright(ci, cj)?;
            if right != -1 {
                let mut t = right + 1;
                while t < 9 && !self.ischess1(ci, t)? {
                    if self.at(ci, t)? != b'B' {
                        self.put(ci, t, b'X')?;
                    }
                    t += 1;
                }
            }
        }
        Ok(())
    }

    // The conditions are copied from the C++ so that the `i + 1 < 9` bug
    // stays visible next to its siblings.
    #[allow(clippy::int_plus_one)]
    fn solveh(&mut self, i: i32, j: i32) -> Result<(), Stop> {
        if j + 2 < 9 && i - 1 >= 0 && !self.ischess(i, j + 1)? && !self.ischess(i - 1, j + 2)? {
            self.put(i - 1, j + 2, b'X')?;
        }
        if j + 2 < 9 && i + 1 < 9 && !self.ischess(i, j + 1)? && !self.ischess(i + 1, j + 2)? {
            self.put(i + 1, j + 2, b'X')?;
        }
        if j - 2 >= 0 && i + 1 < 9 && !self.ischess(i, j - 1)? && !self.ischess(i + 1, j - 2)? {
            self.put(i + 1, j - 2, b'X')?;
        }
        if j - 2 >= 0 && i - 1 >= 0 && !self.ischess(i, j - 1)? && !self.ischess(i - 1, j - 2)? {
            self.put(i - 1, j - 2, b'X')?;
        }
        if i - 2 >= 0 && j - 1 >= 0 && !self.ischess(i - 1, j)? && !self.ischess(i - 2, j - 1)? {
            self.put(i - 2, j - 1, b'X')?;
        }
        if i - 2 >= 0 && j + 1 < 9 && !self.ischess(i - 1, j)? && !self.ischess(i - 2, j + 1)? {
            self.put(i - 2, j + 1, b'X')?;
        }
        if i + 2 < 10 && j + 1 < 9 && !self.ischess(i + 1, j)? && !self.ischess(i + 2, j + 1)? {
            self.put(i + 2, j + 1, b'X')?;
        }
        if i + 2 < 10 && j - 1 >= 0 && !self.ischess(i + 1, j)? && !self.ischess(i + 2, j - 1)? {
            self.put(i + 2, j - 1, b'X')?;
        }
        Ok(())
    }

    fn caneat(&self, bgx: i32, bgy: i32) -> Result<bool, Stop> {
        let mut flag = false;
        let mut i = bgx;
        while i < 10 {
            let b = self.at(i, bgy - 1)?;
            if b == b'G' {
                flag = true;
                break;
            } else if b == b'C' || b == b'H' || b == b'R' {
                break;
            }
            i += 1;
        }
        Ok(flag)
    }

    fn reset(&mut self) {
        for row in self.board.iter_mut() {
            for cell in row.iter_mut() {
                if *cell == b'X' {
                    *cell = b'0';
                }
            }
        }
    }

    fn push(&mut self) -> Result<(), Stop> {
        for i in 0..10 {
            for j in 0..9 {
                let b = self.at(i, j)?;
                if b == b'G' {
                    self.solveg(i, j)?;
                } else if b == b'R' {
                    self.solver(i, j)?;
                } else if b == b'C' {
                    self.solvec(i, j)?;
                } else if b == b'H' {
                    self.solveh(i, j)?;
                }
            }
        }
        Ok(())
    }

    /// The C++ nested loop that sets every cell to `'0'`.
    fn clear(&mut self) {
        self.board = [[b'0'; 9]; 10];
    }

    /// The block the C++ repeats for each of the four neighbours in the
    /// `else` branch of `main`, after its `!= 'X'` test: returns whether the
    /// point `(ti, tj)` stayed unmarked (the C++ then does `flag = true;
    /// goto B;`).
    fn trial(&mut self, ti: i32, tj: i32, bgx: i32, bgy: i32) -> Result<bool, Stop> {
        let c = self.at(ti, tj)?;
        self.put(ti, tj, b'0')?;
        self.put(bgx - 1, bgy - 1, b'0')?;
        self.reset();
        self.push()?;
        if self.at(ti, tj)? != b'X' {
            return Ok(true);
        }
        self.put(ti, tj, c)?;
        self.put(bgx - 1, bgy - 1, b'B')?;
        Ok(false)
    }
}

pub fn main(io: &mut Io) -> Result<(), Stop> {
    let mut st = State {
        board: [[b'0'; 9]; 10],
    };
    loop {
        let chessnum = io.cin_int();
        let bgx = io.cin_int();
        let bgy = io.cin_int();
        let (Some(chessnum), Some(bgx), Some(bgy)) = (chessnum, bgx, bgy) else {
            break;
        };
        if chessnum == 0 {
            break;
        }
        io.burn()?;
        let mut flag = false;
        for i in 0..chessnum {
            let c = io.cin_char();
            let a = io.cin_int();
            let b = io.cin_int();
            let (Some(c), Some(a), Some(b)) = (c, a, b) else {
                return Err(Stop::Undefined(format!(
                    "reading red piece {i} failed: 'cin >> c >> a >> b' leaves an uninitialised value"
                )));
            };
            // `a - 1` can only overflow for INT_MIN, itself an index far outside the board.
            st.put(a.wrapping_sub(1), b.wrapping_sub(1), c)?;
        }
        st.put(bgx.wrapping_sub(1), bgy.wrapping_sub(1), b'B')?;
        'a: {
            if st.caneat(bgx, bgy)? {
                io.print("NO\n");
                st.clear();
                break 'a;
            }
            for i in 0..10 {
                for j in 0..9 {
                    let b = st.at(i, j)?;
                    if b == b'G' {
                        st.solveg(i, j)?;
                    } else if b == b'R' {
                        st.solver(i, j)?;
                    } else if b == b'C' {
                        st.solvec(i, j)?;
                    } else if b == b'H' {
                        st.solveh(i, j)?;
                    }
                }
            }

            if bgx - 1 > 0 && st.at(bgx - 1 - 1, bgy - 1)? == b'0' {
                flag = true;
            }
            if bgx + 1 < 4 && st.at(bgx + 1 - 1, bgy - 1)? == b'0' {
                flag = true;
            }
            if bgy - 1 > 3 && st.at(bgx - 1, bgy - 1 - 1)? == b'0' {
                flag = true;
            }
            if bgy + 1 < 7 && st.at(bgx - 1, bgy + 1 - 1)? == b'0' {
                flag = true;
            }
            if flag {
                io.print("NO\n");
            } else {
                'b: {
                    if bgx - 1 > 0
                        && st.at(bgx - 1 - 1, bgy - 1)? != b'X'
                        && st.trial(bgx - 1 - 1, bgy - 1, bgx, bgy)?
                    {
                        flag = true;
                        break 'b;
                    }
                    if bgx + 1 < 4
                        && st.at(bgx + 1 - 1, bgy - 1)? != b'X'
                        && st.trial(bgx + 1 - 1, bgy - 1, bgx, bgy)?
                    {
                        flag = true;
                        break 'b;
                    }
                    if bgy - 1 > 3
                        && st.at(bgx - 1, bgy - 1 - 1)? != b'X'
                        && st.trial(bgx - 1, bgy - 1 - 1, bgx, bgy)?
                    {
                        flag = true;
                        break 'b;
                    }
                    if bgy + 1 < 7
                        && st.at(bgx - 1, bgy + 1 - 1)? != b'X'
                        && st.trial(bgx - 1, bgy + 1 - 1, bgx, bgy)?
                    {
                        flag = true;
                        break 'b;
                    }
                }
                if flag {
                    io.print("NO\n");
                } else {
                    io.print("YES\n");
                }
            }
        }
        st.clear();
    }
    Ok(())
}
