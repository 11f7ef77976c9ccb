// Input validator for chutes (POJ 1059, Chutes and Ladders) on testlib,
// for the judges whose validators are testlib programs (Polygon, UOJ's
// val.cpp): exit 0 when the file is valid and written exactly as
// `gamefuzz gen chutes` writes it, otherwise testlib's FAIL with the
// reason, naming the rule of section 3 of docs/rules/chutes.md that the
// file breaks ("rule 4.5: ..."), as `gamefuzz validate chutes` does. It
// reads the file strictly (one space between tokens, a newline after each
// line, no leading zeros), then checks the rules in the order src/games/
// chutes/validate.rs checks them, playing each game by section 4 as the
// engine does. C++11 and testlib's oldest calls only, so that every
// judge's copy of testlib builds it.

#include "testlib.h"

#include <string>
#include <vector>

namespace {

typedef unsigned long long u64;

const u64 SATURATED = ~0ULL;
const u64 MAX_THROWS = 999;
const u64 MAX_LINE = 80;
const u64 MAX_GAMES = 100;
const u64 MAX_PLAYERS = 5;
const u64 MAX_SQUARE = 99;

[[noreturn]] void reject(const std::string& why) { quitf(_fail, "%s", why.c_str()); }

[[noreturn]] void rule(const char* number, const std::string& why) {
    quitf(_fail, "rule %s: %s", number, why.c_str());
}

// A number in a message; a saturated one was at least this large.
std::string num(u64 v) { return std::to_string(v) + (v == SATURATED ? " or more" : ""); }

// A token in a message: short, and printable whatever the file held.
std::string quote(const std::string& s) {
    std::string out = "'";
    for (std::size_t i = 0; i < s.size() && i < 24; ++i) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        out += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
    }
    return out + (s.size() > 24 ? "...'" : "'");
}

// The digits of `t` as a number, saturating; rejects any other character
// and a leading zero (gamefuzz spells no number so).
u64 digits(const std::string& t, const std::string& shown, const char* what) {
    u64 v = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] < '0' || t[i] > '9') reject(std::string("expected ") + what + " (a decimal integer), found " + quote(shown));
        const u64 d = static_cast<u64>(t[i] - '0');
        v = v > (SATURATED - d) / 10 ? SATURATED : v * 10 + d;
    }
    if (t.empty()) reject(std::string("expected ") + what + " (a decimal integer), found " + quote(shown));
    if (t.size() > 1 && t[0] == '0') reject(std::string(what) + " " + quote(shown) + " has a leading zero");
    return v;
}

u64 number(const char* what) {
    const std::string t = inf.readToken();
    return digits(t, t, what);
}

struct Jump {
    u64 start, end;
};

// A special square: `-k` (lose a turn on k) or `k` (an extra throw on k).
struct Special {
    bool lose;
    u64 square;
};

struct Game {
    u64 players;
    std::vector<Jump> jumps;
    std::vector<Special> specials;
};

struct Input {
    std::vector<std::vector<u64> > throw_lines;  // as the file lays them out
    std::vector<Game> games;
};

// Section 2 in the layout gamefuzz writes: the throws, any number to a
// line with single spaces, ending with 0 on the last of their lines; then
// per game `P`, lines `s e` up to `0 0`, lines of special squares up to
// `0`; after the last game `0`.
Input read() {
    Input in;
    in.throw_lines.push_back(std::vector<u64>());
    for (;;) {
        const u64 v = number("a throw (1..6) or the 0 ending the throw list");
        if (v == 0) {
            inf.readEoln();
            break;
        }
        in.throw_lines.back().push_back(v);
        if (inf.eoln()) {
            in.throw_lines.push_back(std::vector<u64>());
        } else {
            inf.readSpace();
        }
    }
    for (;;) {
        Game g;
        g.players = number("the number of players (or the 0 ending the input)");
        inf.readEoln();
        if (g.players == 0) break;
        for (;;) {
            Jump j;
            j.start = number("a chute/ladder start square (or '0 0' ending the list)");
            inf.readSpace();
            j.end = number("a chute/ladder end square");
            inf.readEoln();
            if (j.start == 0 && j.end == 0) break;
            g.jumps.push_back(j);
        }
        for (;;) {
            const std::string t = inf.readToken();
            const bool minus = !t.empty() && t[0] == '-';
            Special s;
            s.lose = minus;
            s.square = digits(minus ? t.substr(1) : t, t, "a special square (or the 0 ending the list)");
            inf.readEoln();
            if (s.square == 0) {
                if (minus) reject("the 0 ending the special squares must not carry a sign");
                break;
            }
            g.specials.push_back(s);
        }
        in.games.push_back(g);
    }
    inf.readEof();
    return in;
}

// A throw line as the file holds it: its values, then " 0" (or "0" alone)
// on the last.
std::string line_text(const std::vector<u64>& values, bool last) {
    std::string s;
    for (std::size_t i = 0; i < values.size(); ++i) s += (i > 0 ? " " : "") + num(values[i]);
    if (last) s += values.empty() ? "0" : " 0";
    return s;
}

void check_throws(const Input& in, const std::vector<u64>& throws) {
    if (throws.size() < 1 || throws.size() > MAX_THROWS) {
        rule("2", num(throws.size()) + " throws; the list holds 1..=" + num(MAX_THROWS));
    }
    for (std::size_t i = 0; i < throws.size(); ++i) {
        if (throws[i] < 1 || throws[i] > 6) rule("2", "throw " + num(i + 1) + " is " + num(throws[i]) + "; throws are 1..6");
    }
    for (std::size_t i = 0; i < in.throw_lines.size(); ++i) {
        const std::string l = line_text(in.throw_lines[i], i + 1 == in.throw_lines.size());
        if (l.size() > MAX_LINE) {
            rule("2", "line " + num(i + 1) + " of the throw list has " + num(l.size()) + " characters; at most " +
                          num(MAX_LINE));
        }
    }
}

// Section 4 for one game on `throws`: whether someone reaches square 100
// before the list runs out. Asked once rules 4.1 to 4.4 hold, so every
// square named is in 1..99. Each pass either consumes a throw or clears a
// missed turn a consumed throw set, so it ends.
bool has_winner(const Game& g, const std::vector<u64>& throws) {
    u64 jump_to[101] = {};
    int special[101] = {};  // 1: lose a turn, 2: an extra throw
    for (std::size_t i = 0; i < g.jumps.size(); ++i) jump_to[g.jumps[i].start] = g.jumps[i].end;
    for (std::size_t i = 0; i < g.specials.size(); ++i) special[g.specials[i].square] = g.specials[i].lose ? 1 : 2;
    const std::size_t players = static_cast<std::size_t>(g.players);
    std::vector<u64> pos(players, 0);
    std::vector<bool> missing(players, false);
    std::size_t next = 0;
    for (std::size_t p = 0;; p = (p + 1) % players) {
        if (missing[p]) {  // step 1: the turn is skipped, no throw consumed
            missing[p] = false;
            continue;
        }
        for (;;) {  // one throw, and another after each extra-throw square
            if (next == throws.size()) return false;
            const u64 t = pos[p] + throws[next++];
            if (t > 100) break;         // step 3: overshoot, the turn passes
            if (t == 100) return true;  // step 4
            pos[p] = jump_to[t] != 0 ? jump_to[t] : t;  // step 5: one jump at most
            if (special[t] == 1) {                      // step 6
                missing[p] = true;
                break;
            }
            if (special[t] != 2) break;
        }
    }
}

void check_game(u64 n, const Game& g, const std::vector<u64>& throws) {
    const std::string where = "game " + num(n) + ": ";
    if (g.players < 2 || g.players > MAX_PLAYERS) {
        rule("4.1", where + num(g.players) + " players; 2.." + num(MAX_PLAYERS) + " allowed");
    }
    for (std::size_t i = 0; i < g.jumps.size(); ++i) {
        const Jump& j = g.jumps[i];
        const std::string pair = "chute/ladder '" + num(j.start) + " " + num(j.end) + "'";
        if ((j.start == 0) != (j.end == 0)) rule("4.2", where + pair + " has exactly one zero; only '0 0' ends the list");
        if (j.start < 1 || j.start > MAX_SQUARE || j.end < 1 || j.end > MAX_SQUARE) {
            rule("4.2", where + pair + " leaves the squares 1..99");
        }
        if (j.start == j.end) rule("4.2", where + pair + " starts and ends on the same square");
    }
    for (std::size_t i = 0; i < g.jumps.size(); ++i) {
        for (std::size_t k = 0; k < i; ++k) {
            if (g.jumps[k].start == g.jumps[i].start) {
                rule("4.3", where + "two chutes/ladders start on square " + num(g.jumps[i].start));
            }
        }
    }
    for (std::size_t i = 0; i < g.specials.size(); ++i) {
        const u64 k = g.specials[i].square;
        if (k < 1 || k > MAX_SQUARE) {
            rule("4.4", where + "special value " + (g.specials[i].lose ? "-" : "") + num(k) + " is not a square 1..99");
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (g.specials[j].square == k) rule("4.4", where + "square " + num(k) + " is listed twice as special");
        }
        for (std::size_t j = 0; j < g.jumps.size(); ++j) {
            if (g.jumps[j].start == k || g.jumps[j].end == k) {
                rule("4.4", where + "special square " + num(k) + " is also a chute/ladder endpoint");
            }
        }
    }
    // Rule 4.5: a winner with at least one throw of the list left unused.
    const std::vector<u64> limit(throws.begin(), throws.end() - 1);
    if (!has_winner(g, limit)) rule("4.5", where + "no winner within " + num(limit.size()) + " throws (K - 1)");
}

}  // namespace

int main() {
    registerValidation();
    const Input in = read();
    std::vector<u64> throws;
    for (std::size_t i = 0; i < in.throw_lines.size(); ++i) {
        throws.insert(throws.end(), in.throw_lines[i].begin(), in.throw_lines[i].end());
    }
    check_throws(in, throws);
    if (in.games.empty() || in.games.size() > MAX_GAMES) {
        rule("3", num(in.games.size()) + " games; a file holds 1..=" + num(MAX_GAMES));
    }
    for (std::size_t i = 0; i < in.games.size(); ++i) check_game(i + 1, in.games[i], throws);
    return 0;
}
