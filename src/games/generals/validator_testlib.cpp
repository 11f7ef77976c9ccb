// Input validator for generals (将军棋) on testlib, for the judges whose
// validators are testlib programs (Polygon, UOJ's val.cpp): exit 0 when the
// file is valid and written exactly as `gamefuzz gen generals` writes it,
// otherwise testlib's FAIL with the reason, naming the rule of section 3 of
// docs/rules/generals.md that the file breaks ("rule 3.6: ..."), as
// `gamefuzz validate generals` does. It reads the file strictly (one space
// between tokens, a newline after each line, no leading zeros), then checks
// the rules in the order src/games/generals/validate.rs checks them,
// replaying the moves by section 4 as the engine's board does. C++11 and
// testlib's oldest calls only, so that every judge's copy of testlib
// builds it.

#include "testlib.h"

#include <string>
#include <vector>

namespace {

typedef unsigned long long u64;

const u64 SATURATED = ~0ULL;
const u64 MAX_T = 10;
const u64 MAX_SIDE = 400;
const u64 MAX_Q = 100000;
const u64 MAX_COUNT = (1ULL << 31) - 1;

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

// An unsigned decimal number spelled as gamefuzz spells it (digits, no
// leading zero), saturating instead of overflowing.
u64 number(const char* what) {
    const std::string t = inf.readToken();
    u64 v = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] < '0' || t[i] > '9') reject(std::string("expected ") + what + " (a decimal integer), found " + quote(t));
        const u64 d = static_cast<u64>(t[i] - '0');
        v = v > (SATURATED - d) / 10 ? SATURATED : v * 10 + d;
    }
    if (t.size() > 1 && t[0] == '0') reject(std::string(what) + " " + quote(t) + " has a leading zero");
    return v;
}

struct Move {
    u64 x, y;
    char d;  // U, D, L or R
};

struct Castle {
    u64 x, y, count;
};

struct Case {
    u64 n, m;
    Castle alice, bob;
    u64 q;
    std::vector<Move> moves;  // all 2Q lines; Alice's on even indices
};

// `x y count` on a line of its own.
Castle castle() {
    Castle c;
    c.x = number("the row of a castle");
    inf.readSpace();
    c.y = number("the column of a castle");
    inf.readSpace();
    c.count = number("a castle's initial soldier count");
    inf.readEoln();
    return c;
}

// Section 2 in the layout gamefuzz writes: `T`, then per case `N M`, the
// two castle lines, `Q` and the 2Q move lines `x y D`.
std::vector<Case> read() {
    const u64 count = number("the number of test cases T");
    inf.readEoln();
    std::vector<Case> cases;
    // T and Q are not trusted: the loops end with the file, not with them.
    for (u64 i = 0; i < count; ++i) {
        Case k;
        k.n = number("the number of rows N");
        inf.readSpace();
        k.m = number("the number of columns M");
        inf.readEoln();
        k.alice = castle();
        k.bob = castle();
        k.q = number("the number of rounds Q");
        inf.readEoln();
        if (k.q > 0xffffffffULL) reject("Q = " + num(k.q) + " is not a number of rounds a file can hold");
        for (u64 j = 0; j < 2 * k.q; ++j) {
            Move mv;
            mv.x = number("the row x of a move");
            inf.readSpace();
            mv.y = number("the column y of a move");
            inf.readSpace();
            const std::string d = inf.readToken();
            if (d != "U" && d != "D" && d != "L" && d != "R") {
                reject("expected a direction (U, D, L or R), found " + quote(d));
            }
            mv.d = d[0];
            inf.readEoln();
            k.moves.push_back(mv);
        }
        cases.push_back(k);
    }
    inf.readEof();
    return cases;
}

// Section 4: cells hold Alice's soldiers as positive and Bob's as negative
// numbers, so ownership and count live in one word; counts stay far inside
// 64 bits, a player's total growing by one per castle bonus.
class Board {
public:
    explicit Board(const Case& k) : n_(k.n), m_(k.m), cells_(n_ * m_, 0) {
        castle_[0] = (k.alice.x - 1) * m_ + (k.alice.y - 1);
        castle_[1] = (k.bob.x - 1) * m_ + (k.bob.y - 1);
        cells_[castle_[0]] = static_cast<long long>(k.alice.count);
        cells_[castle_[1]] = -static_cast<long long>(k.bob.count);
    }

    // Source and target cell of a move line, if both are on the board.
    bool locate(const Move& mv, std::size_t& source, std::size_t& target) const {
        if (mv.x < 1 || mv.x > n_ || mv.y < 1 || mv.y > m_) return false;
        const std::size_t x = mv.x - 1, y = mv.y - 1;
        source = x * m_ + y;
        switch (mv.d) {
            case 'U':
                if (x == 0) return false;
                target = source - m_;
                return true;
            case 'D':
                if (x + 1 == n_) return false;
                target = source + m_;
                return true;
            case 'L':
                if (y == 0) return false;
                target = source - 1;
                return true;
            default:  // 'R'
                if (y + 1 == m_) return false;
                target = source + 1;
                return true;
        }
    }

    // One move of `player` (0 Alice, 1 Bob), located on the board: null
    // and `won` set when legal, else why it is illegal.
    const char* play(int player, std::size_t source, std::size_t target, bool& won) {
        const long long sign = player == 0 ? 1 : -1;
        // Step 1: the castle bonus (the castle is the mover's while the game runs).
        long long& castle = cells_[castle_[player]];
        if (castle * sign > 0) castle += sign;
        // Step 2: all but one soldier leave the source.
        const long long c = cells_[source] * sign;
        if (c <= 0) return "the source cell is not the mover's";
        if (c < 2) return "the source cell holds 1 soldier after the castle bonus, fewer than 2";
        const long long moved = c - 1;
        cells_[source] = sign;
        // Step 3: the battle on the target, in the mover's signed terms.
        const long long e = cells_[target] * sign;
        cells_[target] = (e + moved) * sign;
        // Step 4: the opponent's castle is now empty or the mover's.
        won = cells_[castle_[1 - player]] * -sign <= 0;
        return NULL;
    }

private:
    std::size_t n_, m_;
    std::vector<long long> cells_;
    std::size_t castle_[2];
};

void validate_case(const Case& k, u64 c) {
    const std::string where = "case " + num(c) + ": ";
    if (k.n < 1 || k.n > MAX_SIDE || k.m < 1 || k.m > MAX_SIDE) {
        rule("3.1", where + "board " + num(k.n) + "x" + num(k.m) + ", but N and M must be in 1..=" + num(MAX_SIDE));
    }
    const Castle* castles[] = {&k.alice, &k.bob};
    for (int i = 0; i < 2; ++i) {
        const Castle& cs = *castles[i];
        if (cs.x < 1 || cs.x > k.n || cs.y < 1 || cs.y > k.m) {
            rule("3.2", where + "a castle (" + num(cs.x) + ", " + num(cs.y) + ") is off the board");
        }
    }
    if (k.alice.x == k.bob.x && k.alice.y == k.bob.y) rule("3.2", where + "both castles are on one cell");
    for (int i = 0; i < 2; ++i) {
        if (castles[i]->count < 2 || castles[i]->count > MAX_COUNT) {
            rule("3.3", where + "initial count " + num(castles[i]->count) + " is not in 2..=" + num(MAX_COUNT));
        }
    }
    if (k.q < 1 || k.q > MAX_Q) rule("3.4", where + "Q = " + num(k.q) + " is not in 1..=" + num(MAX_Q));
    Board board(k);
    bool running = true;
    for (std::size_t i = 0; i < k.moves.size(); ++i) {
        std::size_t source = 0, target = 0;
        const Move& mv = k.moves[i];
        const std::string line = where + "move " + num(i + 1);
        if (!board.locate(mv, source, target)) rule("3.5", line + " leaves the board");
        if (running) {
            bool won = false;
            const char* illegal = board.play(static_cast<int>(i % 2), source, target, won);
            if (illegal != NULL) rule("3.6", line + " is illegal: " + illegal);
            running = !won;
        }
    }
}

}  // namespace

int main() {
    registerValidation();
    const std::vector<Case> cases = read();
    if (cases.size() < 1 || cases.size() > MAX_T) rule("2", "T = " + num(cases.size()) + " is not in 1..=" + num(MAX_T));
    for (std::size_t i = 0; i < cases.size(); ++i) validate_case(cases[i], i + 1);
    return 0;
}
