//! Port of the blog's C++ solution to "[SDOI2010] 猪国杀" (Luogu P2482): a
//! deterministic card game between a master pig, loyal pigs and rebel pigs,
//! simulated to its end; the program prints the winning side and every pig's
//! hand.
//!
//! The C++ globals are the fields of [`Game`], `pig[11]` is a vector of eleven
//! [`PIG`]s, and the member functions that reach globals (`take_card`,
//! `action`) are methods of [`Game`] taking the pig's index. Names, array
//! sizes (`[_; 2005]`, `[_; 11]`, `dis[11][11]`) and `int`/`char` widths are
//! the C++'s. Every subscript is checked: one past an array is reported as
//! [`Stop::Undefined`], while reads of never-written (zero-initialised global)
//! memory are reproduced.
//!
//! Behaviours of the C++ that differ from the statement (`specs/pigs.md`),
//! kept on purpose:
//!
//! * Suspicion (`simi_dislike`) is set by `nanmanruqin`/`wanjianqifa` whenever
//!   the MP loses HP to an N/W, even if the user is already revealed.
//! * Suspicion is only cleared by `make` (playing a J). A suspected pig that
//!   reveals itself by `Kill` or `Lets_fight` stays suspected, so the MP keeps
//!   attacking it with K and F even when it is a revealed ZP, and `Lets_fight`
//!   then hits it without a duel (the MP-against-ZP branch).
//! * `Kill` and `Lets_fight` reveal the user from the target's public state
//!   (target is the MP or `like` → user `dislike`; target `dislike` → user
//!   `like`), not from the user's role. When the MP attacks a revealed,
//!   still-suspected ZP the MP itself becomes `dislike`: from then on ZPs
//!   treat the MP as an enemy (K, F, and J against it) and FPs protect it with
//!   J. A pig can end up both `like` and `dislike`.
//! * `Kill` reveals the user only after the damage and its consequences
//!   (death, reward, punishment).
//! * `cread` skips only space, LF and CR: a tab or other whitespace between
//!   cards is read as a card. At end of input it yields the byte 0xFF.
//! * `divide_dis` breaks out on its first iteration, so `dis` stays
//!   0x5f5f5f5f everywhere; nothing reads it, so this is invisible.
//! * `init` links the hand slots `0..=2000` only; slots 2001..2004 have
//!   `pre = nxt = 0`. A pig that has held more than 2000 cards in total walks
//!   through slot 0 back to the start of its hand: the scans in `action`,
//!   `reduce` and `write` can then loop for ever (the port runs out of fuel),
//!   and a 2005th card is written past `Card` (reported as undefined). Valid,
//!   finite games hit this: with n = 2, a deck of 1999 D and a final K, both
//!   pigs dodge K for more than 1000 turns each, and the native program hangs
//!   once a hand passes slot 2000.
//! * The duel loop and `Be_killed` follow the statement; in the MP-against-ZP
//!   branch of `Lets_fight` the result of `Be_killed` is ignored (harmless
//!   while an FP is alive).
//! * Eating a peach in `action` continues the scan rightwards instead of
//!   restarting it; nothing left of the peach can have become usable, so this
//!   is invisible.
//!
//! Every loop step burns one unit of fuel, including each step of a hand
//! scan, because the scans are what can loop for ever. The longest
//! terminating games seen (hands of about 1950 cards) needed about 3.4
//! million steps.
//!
//! Output is collected as bytes (`cout << char` writes raw bytes) and handed
//! to `Io::print` once, lossily converted to UTF-8; it only differs from the
//! native bytes when the input has non-ASCII bytes where cards belong.
#![allow(non_snake_case)]

use crate::{Io, Stop};

/// Size of the per-pig hand arrays and of `Card_heap`.
const N2005: usize = 2005;
/// Size of `pig`, `zpre`, `znxt`, `like`, ... and of each row of `dis`.
const N11: usize = 11;

/// Checks a C++ subscript `i` into an array of `len` elements.
fn at(i: i32, len: usize, what: &str) -> Result<usize, Stop> {
    usize::try_from(i)
        .ok()
        .filter(|&u| u < len)
        .ok_or_else(|| Stop::Undefined(format!("{what}[{i}] is outside an array of {len}")))
}

fn pg(i: i32) -> Result<usize, Stop> {
    at(i, N11, "pig")
}

/// `char ch=getchar()` turns EOF (-1) into the byte 0xFF, which is not
/// skipped, so this ends at end of input.
fn cread(io: &mut Io) -> u8 {
    let mut ch = io.getchar() as u8;
    while ch == 32 || ch == 10 || ch == 13 {
        ch = io.getchar() as u8;
    }
    ch
}

#[allow(clippy::upper_case_acronyms)]
#[derive(Clone)]
struct PIG {
    pre: [i32; N2005],
    nxt: [i32; N2005],
    tail: i32,
    Card: [u8; N2005],
    identity: [u8; 5],
    id: i32,
    kill: i32,
    protect: i32,
    peach: i32,
    fight: i32,
    AOEkill: i32,
    AOEprotect: i32,
    wuxiekeji: i32,
    wuqi: i32,
    life: i32,
    equip: bool,
    dead: bool,
}

impl PIG {
    /// A zero-initialised global object.
    fn new() -> Self {
        PIG {
            pre: [0; N2005],
            nxt: [0; N2005],
            tail: 0,
            Card: [0; N2005],
            identity: [0; 5],
            id: 0,
            kill: 0,
            protect: 0,
            peach: 0,
            fight: 0,
            AOEkill: 0,
            AOEprotect: 0,
            wuxiekeji: 0,
            wuqi: 0,
            life: 0,
            equip: false,
            dead: false,
        }
    }

    /// `Card[++tail]`: the slot for the next card, or the overflow fault.
    fn push_slot(&mut self) -> Result<usize, Stop> {
        self.tail += 1;
        let t = self.tail;
        usize::try_from(t)
            .ok()
            .filter(|&u| u < N2005)
            .ok_or_else(|| {
                Stop::Undefined(format!(
                    "pig {} hand array overflow (Card[{t}] of {N2005})",
                    self.id
                ))
            })
    }

    fn add(&mut self, ch: u8) {
        if ch == b'P' {
            self.peach += 1;
        }
        if ch == b'K' {
            self.kill += 1;
        }
        if ch == b'D' {
            self.protect += 1;
        }
        if ch == b'F' {
            self.fight += 1;
        }
        if ch == b'N' {
            self.AOEkill += 1;
        }
        if ch == b'W' {
            self.AOEprotect += 1;
        }
        if ch == b'J' {
            self.wuxiekeji += 1;
        }
        if ch == b'Z' {
            self.wuqi += 1;
        }
    }

    fn write(&self, io: &mut Io, out: &mut Vec<u8>) -> Result<(), Stop> {
        let mut j = self.nxt[0];
        while j <= self.tail {
            io.burn()?;
            let ju = at(j, N2005, "nxt")?;
            if self.nxt[ju] > self.tail {
                out.push(self.Card[ju]);
            } else {
                out.push(self.Card[ju]);
                out.push(b' ');
            }
            j = self.nxt[ju];
        }
        Ok(())
    }

    fn reduce(&mut self, io: &mut Io, ch: u8) -> Result<(), Stop> {
        if ch == b'P' {
            self.peach -= 1;
        }
        if ch == b'K' {
            self.kill -= 1;
        }
        if ch == b'D' {
            self.protect -= 1;
        }
        if ch == b'F' {
            self.fight -= 1;
        }
        if ch == b'N' {
            self.AOEkill -= 1;
        }
        if ch == b'W' {
            self.AOEprotect -= 1;
        }
        if ch == b'J' {
            self.wuxiekeji -= 1;
        }
        if ch == b'Z' {
            self.wuqi -= 1;
        }
        let mut i = self.nxt[0];
        while i <= self.tail {
            io.burn()?;
            let iu = at(i, N2005, "Card")?;
            if self.Card[iu] == ch {
                // `pre[nxt[i]]=pre[i],nxt[pre[i]]=nxt[i];` in sequence: the
                // second subscript is read after the first store.
                let a = at(self.nxt[iu], N2005, "pre")?;
                self.pre[a] = self.pre[iu];
                let b = at(self.pre[iu], N2005, "nxt")?;
                self.nxt[b] = self.nxt[iu];
                break;
            }
            i = self.nxt[iu];
        }
        Ok(())
    }

    fn init(&mut self, io: &mut Io, e: i32) -> Result<(), Stop> {
        // A failed `scanf("%s")` (end of input) leaves `identity` untouched.
        if let Some(w) = io.scanf_word() {
            if w.len() > 4 {
                return Err(Stop::Undefined(format!(
                    "pig {e} identity overflow: scanf(\"%s\") of {} bytes into char[5]",
                    w.len()
                )));
            }
            self.identity[..w.len()].copy_from_slice(&w);
            self.identity[w.len()] = 0;
        }
        self.equip = false;
        self.life = 4;
        self.id = e;
        self.kill = 0;
        self.protect = 0;
        self.peach = 0;
        self.AOEkill = 0;
        self.AOEprotect = 0;
        self.wuxiekeji = 0;
        self.wuqi = 0;
        for _ in 1..=4 {
            let t = self.push_slot()?;
            self.Card[t] = cread(io);
            self.add(self.Card[t]);
        }
        for i in 0..=2000 {
            self.pre[i] = i as i32 - 1;
            self.nxt[i] = i as i32 + 1;
        }
        Ok(())
    }

    fn punish(&mut self) -> Result<(), Stop> {
        self.nxt[0] = self.tail + 1;
        let t = at(self.tail + 1, N2005, "pre")?;
        self.pre[t] = 0;
        self.equip = false;
        self.kill = 0;
        self.protect = 0;
        self.peach = 0;
        self.AOEkill = 0;
        self.AOEprotect = 0;
        self.wuxiekeji = 0;
        self.wuqi = 0;
        Ok(())
    }

    fn eat_peach(&mut self, io: &mut Io) -> Result<bool, Stop> {
        if self.life == 4 || self.peach == 0 {
            return Ok(false);
        }
        self.life += 1;
        self.reduce(io, b'P')?;
        Ok(true)
    }

    fn Equip(&mut self, io: &mut Io) -> Result<(), Stop> {
        if self.wuqi == 0 {
            return Ok(());
        }
        self.reduce(io, b'Z')?;
        self.equip = true;
        Ok(())
    }
}

/// The C++ globals.
struct Game<'a> {
    io: &'a mut Io,
    /// Standard output, as bytes.
    out: Vec<u8>,
    top: i32,
    thief: i32,
    n: i32,
    m: i32,
    Left: i32,
    king: i32,
    zpre: [i32; N11],
    znxt: [i32; N11],
    dis: [[i32; N11]; N11],
    Card_heap: [u8; N2005],
    like: [bool; N11],
    dislike: [bool; N11],
    simi_dislike: [bool; N11],
    End: bool,
    pig: Vec<PIG>,
}

impl<'a> Game<'a> {
    fn new(io: &'a mut Io) -> Self {
        Game {
            io,
            out: Vec::new(),
            top: 0,
            thief: 0,
            n: 0,
            m: 0,
            Left: 0,
            king: 1,
            zpre: [0; N11],
            znxt: [0; N11],
            dis: [[0; N11]; N11],
            Card_heap: [0; N2005],
            like: [false; N11],
            dislike: [false; N11],
            simi_dislike: [false; N11],
            End: false,
            pig: vec![PIG::new(); N11],
        }
    }

    fn znxt(&self, i: i32) -> Result<i32, Stop> {
        Ok(self.znxt[at(i, N11, "znxt")?])
    }

    fn like(&self, i: i32) -> Result<bool, Stop> {
        Ok(self.like[at(i, N11, "like")?])
    }

    fn dislike(&self, i: i32) -> Result<bool, Stop> {
        Ok(self.dislike[at(i, N11, "dislike")?])
    }

    fn simi_dislike(&self, i: i32) -> Result<bool, Stop> {
        Ok(self.simi_dislike[at(i, N11, "simi_dislike")?])
    }

    fn role(&self, i: i32) -> Result<u8, Stop> {
        Ok(self.pig[pg(i)?].identity[0])
    }

    fn take_card(&mut self, who: i32, num: i32) -> Result<(), Stop> {
        let w = pg(who)?;
        let mut i = 1;
        while i <= num && self.top < self.m {
            // C++17 evaluates the right operand of `=` first.
            self.top += 1;
            let h = at(self.top, N2005, "Card_heap")?;
            let t = self.pig[w].push_slot()?;
            let pig = &mut self.pig[w];
            pig.Card[t] = self.Card_heap[h];
            pig.add(pig.Card[t]);
            i += 1;
        }
        if i <= num {
            while i <= num {
                let h = at(self.top, N2005, "Card_heap")?;
                let t = self.pig[w].push_slot()?;
                let pig = &mut self.pig[w];
                pig.Card[t] = self.Card_heap[h];
                pig.add(pig.Card[t]);
                i += 1;
            }
        }
        Ok(())
    }

    fn action(&mut self, who: i32) -> Result<bool, Stop> {
        let w = pg(who)?;
        let mut used_kill = false;
        loop {
            self.io.burn()?;
            let mut if_action = false;
            let mut i = self.pig[w].nxt[0];
            while i <= self.pig[w].tail {
                self.io.burn()?;
                let iu = at(i, N2005, "Card")?;
                if self.pig[w].life <= 0 {
                    if_action = false;
                    break;
                }
                let id = self.pig[w].id;
                let me = self.pig[w].identity[0];
                let c = self.pig[w].Card[iu];
                if c == b'N' {
                    self.pig[w].reduce(self.io, c)?;
                    let now = self.nanmanruqin(id)?;
                    if now {
                        return Ok(true);
                    }
                    if_action = true;
                    break;
                }
                if c == b'W' {
                    self.pig[w].reduce(self.io, c)?;
                    let now = self.wanjianqifa(id)?;
                    if now {
                        return Ok(true);
                    }
                    if_action = true;
                    break;
                }
                if c == b'Z' {
                    self.pig[w].Equip(self.io)?;
                    if_action = true;
                    break;
                }
                if c == b'P' {
                    self.pig[w].eat_peach(self.io)?;
                } else if c == b'K' {
                    if !used_kill || self.pig[w].equip {
                        let zn = self.znxt(id)?;
                        let target = (me == b'M'
                            && (self.dislike(zn)? || self.simi_dislike(zn)?))
                            || (me == b'Z' && self.dislike(zn)?)
                            || (me == b'F' && (self.like(zn)? || zn == 1));
                        if target {
                            let now = self.Kill(id, zn)?;
                            if now {
                                return Ok(true);
                            }
                            used_kill = true;
                            if_action = true;
                            break;
                        }
                    }
                } else if c == b'F' {
                    if me == b'M' || me == b'Z' {
                        let mut ji = 0;
                        let mut k = self.znxt(id)?;
                        while k != id {
                            self.io.burn()?;
                            let enemy = if me == b'M' {
                                self.dislike(k)? || self.simi_dislike(k)?
                            } else {
                                self.dislike(k)?
                            };
                            if enemy {
                                ji = k;
                                break;
                            }
                            k = self.znxt(k)?;
                        }
                        if ji != 0 {
                            let now = self.Lets_fight(id, ji)?;
                            if now {
                                return Ok(true);
                            }
                            if_action = true;
                            break;
                        }
                    } else if me == b'F' {
                        let now = self.Lets_fight(id, 1)?;
                        if now {
                            return Ok(true);
                        }
                        if_action = true;
                        break;
                    }
                }
                // The `for` step `i=nxt[i]`, read after the body's effects.
                i = self.pig[w].nxt[iu];
            }
            if !if_action {
                break;
            }
        }
        Ok(false)
    }

    fn divide_dis(&mut self) -> Result<(), Stop> {
        self.dis = [[0x5f5f_5f5f; N11]; N11];
        let mut ji = 0;
        let mut i = 1;
        let mut now = 0;
        while i <= self.n {
            self.io.burn()?;
            if i == 1 && ji == 0 {
                ji += 1;
            }
            if i == 1 && ji != 0 {
                break;
            }
            let mut j = self.znxt(i)?;
            while j <= self.n {
                now += 1;
                self.dis[at(i, N11, "dis")?][at(j, N11, "dis")?] = now;
                self.dis[at(j, N11, "dis")?][at(i, N11, "dis")?] = self.Left - now;
                j += 1;
            }
            i = self.znxt(i)?;
            now = 0;
        }
        Ok(())
    }

    fn If_end(&self) -> i32 {
        if self.king == 0 {
            return 1;
        }
        if self.thief == 0 {
            return 2;
        }
        0
    }

    fn Be_killed(&mut self, who: i32, who_kill: i32) -> Result<bool, Stop> {
        let w = pg(who)?;
        if self.pig[w].life > 0 {
            return Ok(false);
        }
        self.Left -= 1;
        self.pig[w].dead = true;
        if self.pig[w].identity[0] == b'M' {
            self.king -= 1;
        }
        if self.pig[w].identity[0] == b'F' {
            self.thief -= 1;
        }
        if self.If_end() != 0 {
            self.End = true;
            return Ok(true);
        }
        if self.pig[w].identity[0] == b'F' {
            self.take_card(who_kill, 3)?;
        }
        if self.pig[w].identity[0] == b'Z' && self.role(who_kill)? == b'M' {
            self.pig[pg(who_kill)?].punish()?;
        }
        let a = at(self.znxt(who)?, N11, "zpre")?;
        self.zpre[a] = self.zpre[at(who, N11, "zpre")?];
        let b = at(self.zpre[at(who, N11, "zpre")?], N11, "znxt")?;
        self.znxt[b] = self.znxt(who)?;
        self.divide_dis()?;
        Ok(false)
    }

    fn Start_init(&mut self) -> Result<(), Stop> {
        // `scanf("%d%d")` stops at the first failed conversion.
        if let Some(v) = self.io.scanf_int() {
            self.n = v;
            if let Some(v) = self.io.scanf_int() {
                self.m = v;
            }
        }
        self.Left = self.n;
        let mut i = 1;
        while i <= self.n {
            let p = pg(i)?;
            self.pig[p].init(self.io, i)?;
            if self.pig[p].identity[0] == b'F' {
                self.thief += 1;
            }
            i += 1;
        }
        let mut i = 1;
        while i <= self.n {
            self.zpre[at(i, N11, "zpre")?] = i - 1;
            self.znxt[at(i, N11, "znxt")?] = i + 1;
            i += 1;
        }
        self.znxt[at(self.n, N11, "znxt")?] = 1;
        self.zpre[1] = self.n;
        self.divide_dis()?;
        let mut i = 1;
        while i <= self.m {
            self.Card_heap[at(i, N2005, "Card_heap")?] = cread(self.io);
            i += 1;
        }
        Ok(())
    }

    fn love(&self, fr: i32, to: i32) -> Result<bool, Stop> {
        let f = &self.pig[pg(fr)?];
        let t = &self.pig[pg(to)?];
        if f.identity[0] == b'Z' && (t.id == 1 || self.like(to)?) {
            return Ok(true);
        }
        if f.id == 1 && (self.like(to)? || t.id == 1) {
            return Ok(true);
        }
        if f.identity[0] == b'F' && self.dislike(to)? {
            return Ok(true);
        }
        Ok(false)
    }

    fn hate(&self, fr: i32, to: i32) -> Result<bool, Stop> {
        let f = &self.pig[pg(fr)?];
        let t = &self.pig[pg(to)?];
        if f.identity[0] == b'F' && (t.id == 1 || self.like(to)?) {
            return Ok(true);
        }
        if f.id == 1 && self.dislike(to)? {
            return Ok(true);
        }
        if f.identity[0] == b'Z' && self.dislike(to)? {
            return Ok(true);
        }
        Ok(false)
    }

    fn make(&mut self, fr: i32) -> Result<(), Stop> {
        let r = self.role(fr)?;
        let f = at(fr, N11, "like")?;
        if r == b'Z' {
            self.like[f] = true;
            self.dislike[f] = false;
            self.simi_dislike[f] = false;
        }
        if r == b'F' {
            self.like[f] = false;
            self.dislike[f] = true;
            self.simi_dislike[f] = false;
        }
        Ok(())
    }

    /// The C++ recursion `return wuxie(znxt[i],i,0)^1;` is a tail call whose
    /// result is flipped once per J played; its depth is the number of J in
    /// all hands (thousands), too deep for a small thread stack, so it is
    /// unrolled into a loop carrying that parity.
    fn wuxie(&mut self, now: i32, to: i32, sta: bool) -> Result<bool, Stop> {
        let (mut now, mut to, mut sta) = (now, to, sta);
        let mut flip = false;
        loop {
            self.io.burn()?;
            if !self.like(to)? && !self.dislike(to)? && self.pig[pg(to)?].id != 1 {
                return Ok(flip);
            }
            let mut played = None;
            let mut i = now;
            let mut bo = false;
            while i != now || !bo {
                self.io.burn()?;
                bo = true;
                if self.pig[pg(i)?].wuxiekeji != 0
                    && ((self.love(i, to)? && sta) || (self.hate(i, to)? && !sta))
                {
                    played = Some(i);
                    break;
                }
                i = self.znxt(i)?;
            }
            let Some(i) = played else {
                return Ok(flip);
            };
            self.make(i)?;
            self.pig[pg(i)?].reduce(self.io, b'J')?;
            flip = !flip;
            now = self.znxt(i)?;
            to = i;
            sta = false;
        }
    }

    fn nanmanruqin(&mut self, who_use: i32) -> Result<bool, Stop> {
        let mut i = self.znxt(who_use)?;
        while i != who_use {
            self.io.burn()?;
            if !self.wuxie(who_use, i, true)? {
                let p = pg(i)?;
                if self.pig[p].kill == 0 {
                    self.pig[p].life -= 1;
                    if self.pig[p].life == 0
                        && !self.pig[p].eat_peach(self.io)?
                        && self.Be_killed(i, who_use)?
                    {
                        return Ok(true);
                    }
                    if i == 1 {
                        self.simi_dislike[at(who_use, N11, "simi_dislike")?] = true;
                    }
                }
                if self.pig[p].kill != 0 {
                    self.pig[p].reduce(self.io, b'K')?;
                }
            }
            i = self.znxt(i)?;
        }
        Ok(false)
    }

    fn wanjianqifa(&mut self, who_use: i32) -> Result<bool, Stop> {
        let mut i = self.znxt(who_use)?;
        while i != who_use {
            self.io.burn()?;
            if !self.wuxie(who_use, i, true)? {
                let p = pg(i)?;
                if self.pig[p].protect == 0 {
                    self.pig[p].life -= 1;
                    if self.pig[p].life == 0
                        && !self.pig[p].eat_peach(self.io)?
                        && self.Be_killed(i, who_use)?
                    {
                        return Ok(true);
                    }
                    if i == 1 {
                        self.simi_dislike[at(who_use, N11, "simi_dislike")?] = true;
                    }
                } else {
                    self.pig[p].reduce(self.io, b'D')?;
                }
            }
            i = self.znxt(i)?;
        }
        Ok(false)
    }

    fn Kill(&mut self, fr: i32, to: i32) -> Result<bool, Stop> {
        self.pig[pg(fr)?].reduce(self.io, b'K')?;
        let t = pg(to)?;
        if self.pig[t].protect == 0 {
            self.pig[t].life -= 1;
            if self.pig[t].life == 0 && !self.pig[t].eat_peach(self.io)? {
                let now = self.Be_killed(to, fr)?;
                if now {
                    self.End = true;
                    return Ok(true);
                }
            }
        } else {
            self.pig[t].reduce(self.io, b'D')?;
        }
        let f = at(fr, N11, "dislike")?;
        if self.pig[t].identity[0] == b'M' || self.like(to)? {
            self.dislike[f] = true;
        }
        if self.dislike(to)? {
            self.like[f] = true;
        }
        Ok(false)
    }

    fn Lets_fight(&mut self, fr: i32, to: i32) -> Result<bool, Stop> {
        let f = at(fr, N11, "dislike")?;
        let t = pg(to)?;
        if self.pig[t].id == 1 || self.like(to)? {
            self.dislike[f] = true;
        }
        if self.dislike(to)? {
            self.like[f] = true;
        }
        self.pig[pg(fr)?].reduce(self.io, b'F')?;
        if self.wuxie(fr, to, true)? {
            return Ok(false);
        }
        if fr == 1 && self.pig[t].identity[0] == b'Z' {
            self.pig[t].life -= 1;
            if self.pig[t].life == 0 && !self.pig[t].eat_peach(self.io)? {
                self.Be_killed(to, fr)?;
            }
            return Ok(false);
        }
        let mut now = 1;
        loop {
            self.io.burn()?;
            let dd = if now != 0 { to } else { fr };
            let d = pg(dd)?;
            if self.pig[d].kill != 0 {
                self.pig[d].reduce(self.io, b'K')?;
                now ^= 1;
                continue;
            }
            self.pig[d].life -= 1;
            if self.pig[d].life == 0 {
                if self.pig[d].eat_peach(self.io)? {
                    break;
                }
                let ss = self.Be_killed(dd, if dd == fr { to } else { fr })?;
                if ss {
                    return Ok(true);
                }
            }
            break;
        }
        Ok(false)
    }

    fn main(&mut self) -> Result<(), Stop> {
        self.Start_init()?;
        // The C++ also counts turns in an unused `ji`.
        let mut i = 1;
        while !self.End {
            self.io.burn()?;
            self.take_card(i, 2)?;
            self.action(i)?;
            i = self.znxt(i)?;
        }
        if self.If_end() == 1 {
            self.out.extend_from_slice(b"FP\n");
        } else {
            self.out.extend_from_slice(b"MP\n");
        }
        let mut i = 1;
        while i <= self.n {
            let p = pg(i)?;
            if self.pig[p].dead {
                self.out.extend_from_slice(b"DEAD");
            } else {
                self.pig[p].write(self.io, &mut self.out)?;
            }
            self.out.push(b'\n');
            i += 1;
        }
        Ok(())
    }
}

pub fn main(io: &mut Io) -> Result<(), Stop> {
    let mut game = Game::new(io);
    let result = game.main();
    let out = std::mem::take(&mut game.out);
    io.print(&String::from_utf8_lossy(&out));
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str) -> Result<String, Stop> {
        let mut io = Io::new(input, 10_000_000);
        main(&mut io).map(|()| io.out)
    }

    /// The worked examples of the statement (section 6), with the outputs the
    /// native program prints for them. Examples 4 and 5 differ from the
    /// statement: suspicion outlives a reveal by K/F, and a revealed N user
    /// is still marked.
    #[test]
    fn worked_examples_match_native_output() {
        let cases: [(&str, &str); 7] = [
            (
                "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n",
                "FP\nDEAD\nDEAD\nJ J J J J J D\n",
            ),
            (
                "3 12\nMP D D D D\nFP J D D D\nFP K F F F\nD D D D D D K F F D F F\n",
                "FP\nDEAD\nD D D D D\nD D\n",
            ),
            (
                "3 6\nMP D D D D\nZP N J D D\nFP F F F F\nD D D D D D\n",
                "FP\nDEAD\nD D D D\nD D\n",
            ),
            (
                "4 30\nMP D D D D\nZP D D D D\nFP F D D D\nFP D D D D\n\
                 D D D D D D D D D D N F D D D D K D F F F F F F F F F F F F\n",
                "FP\nDEAD\nD D D D D F\nDEAD\nD D D D D D D D\n",
            ),
            (
                "3 24\nMP D D D D\nZP D D D D\nFP F D D D\n\
                 D D D D D D D D F N D D K D F F F F F F F F F F\n",
                "MP\nD D D D D D D D D\nD D D D D\nDEAD\n",
            ),
            (
                "3 6\nMP J D D D\nFP F D D D\nFP J D D D\nD D D D F F\n",
                "FP\nDEAD\nD D D D D F\nD D D\n",
            ),
            (
                "2 1\nMP D D D D\nFP D D D D\nK\n",
                "FP\nDEAD\nK K K K K K K K\n",
            ),
        ];
        for (input, native) in cases {
            assert_eq!(run(input).as_deref(), Ok(native), "input:\n{input}");
        }
    }

    #[test]
    fn out_of_bounds_input_is_undefined() {
        let long_role = run("2 1\nMPXYZ D D D D\nFP D D D D\nK\n");
        assert!(matches!(long_role, Err(Stop::Undefined(m)) if m.contains("identity")));
        let big_deck = run("2 2005\nMP D D D D\nFP D D D D\nK\n");
        assert!(matches!(big_deck, Err(Stop::Undefined(m)) if m.contains("Card_heap")));
        let many_pigs = "11 1\n".to_string() + &"FP D D D D\n".repeat(11) + "K\n";
        assert!(matches!(run(&many_pigs), Err(Stop::Undefined(m)) if m.contains("pig")));
    }

    #[test]
    fn endless_game_runs_out_of_fuel() {
        // Nobody is revealed and the deck repeats a D: nothing is ever played.
        assert_eq!(
            run("2 1\nMP D D D D\nFP D D D D\nD\n"),
            Err(Stop::OutOfFuel)
        );
    }
}
