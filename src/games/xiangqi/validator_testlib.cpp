// Input validator for xiangqi (UVa 1589) on testlib, for the judges whose
// validators are testlib programs (Polygon, UOJ's val.cpp): exit 0 when the
// file is valid and written exactly as `gamefuzz gen xiangqi` writes it,
// otherwise testlib's FAIL with the reason, naming the rule of section 3 of
// docs/rules/xiangqi.md that the file breaks ("rule 3.7: ..."), as
// `gamefuzz validate xiangqi` does. It reads the file strictly (one space
// between tokens, the blank line after each case, the final newline, no
// leading zeros), then checks the rules in the order src/games/xiangqi/
// validate.rs checks them. C++11 and testlib's oldest calls only, so that
// every judge's copy of testlib builds it.

#include "testlib.h"

#include <string>
#include <vector>

namespace {

typedef unsigned long long u64;

const u64 SATURATED = ~0ULL;
const u64 MAX_CASES = 40;
const u64 MAX_PIECES = 7;

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

struct Point {
    u64 r, c;
};

bool same(Point a, Point b) { return a.r == b.r && a.c == b.c; }

struct Piece {
    char kind;  // G, R, H or C
    Point at;
};

struct Case {
    Point black;
    std::vector<Piece> red;
};

std::string at(Point p) { return "(" + num(p.r) + "," + num(p.c) + ")"; }

bool in_black_palace(Point p) { return p.r >= 1 && p.r <= 3 && p.c >= 4 && p.c <= 6; }
bool in_red_palace(Point p) { return p.r >= 8 && p.r <= 10 && p.c >= 4 && p.c <= 6; }
bool on_board(Point p) { return p.r >= 1 && p.r <= 10 && p.c >= 1 && p.c <= 9; }

// Section 2 in the layout gamefuzz writes: `N r c`, N lines `T r c`, a
// blank line, and after the last case `0 0 0`.
std::vector<Case> read() {
    std::vector<Case> cases;
    for (;;) {
        const u64 n = number("the piece count N of a case header 'N r c'");
        inf.readSpace();
        Case c;
        c.black.r = number("the black general's row r");
        inf.readSpace();
        c.black.c = number("the black general's column c");
        inf.readEoln();
        if (n == 0) {
            if (c.black.r != 0 || c.black.c != 0) reject("a header with N = 0 must be the terminator '0 0 0'");
            break;
        }
        // N is not trusted: the loop ends with the file, not with N.
        for (u64 i = 1; i <= n; ++i) {
            const std::string k = inf.readToken();
            if (k != "G" && k != "R" && k != "H" && k != "C") {
                reject("expected the type letter of red piece " + num(i) + " (G, R, H or C), found " + quote(k));
            }
            inf.readSpace();
            Piece p;
            p.kind = k[0];
            p.at.r = number("the row of a red piece");
            inf.readSpace();
            p.at.c = number("the column of a red piece");
            inf.readEoln();
            c.red.push_back(p);
        }
        inf.readEoln();
        cases.push_back(c);
    }
    inf.readEof();
    return cases;
}

bool occupied(const Case& c, Point x) {
    if (same(x, c.black)) return true;
    for (std::size_t i = 0; i < c.red.size(); ++i) {
        if (same(c.red[i].at, x)) return true;
    }
    return false;
}

// Pieces strictly between two points of one row or column.
int between(const Case& c, Point p, Point q) {
    int n = 0;
    if (p.r == q.r) {
        for (u64 col = std::min(p.c, q.c) + 1; col < std::max(p.c, q.c); ++col) n += occupied(c, Point{p.r, col});
    } else {
        for (u64 row = std::min(p.r, q.r) + 1; row < std::max(p.r, q.r); ++row) n += occupied(c, Point{row, p.c});
    }
    return n;
}

// Section 4.1: does `piece` attack point `q`? Asked only once rules 3.5 and
// 3.6 hold, for the black general's point.
bool attacks(const Case& c, const Piece& piece, Point q) {
    const Point p = piece.at;
    const bool aligned = p.r == q.r || p.c == q.c;
    switch (piece.kind) {
        case 'G':
            return p.c == q.c && between(c, p, q) == 0;
        case 'R':
            return aligned && between(c, p, q) == 0;
        case 'C':
            return aligned && between(c, p, q) == 1;
        default: {  // 'H': a (1,2) or (2,1) jump whose leg point is empty
            const u64 dr = p.r > q.r ? p.r - q.r : q.r - p.r;
            const u64 dc = p.c > q.c ? p.c - q.c : q.c - p.c;
            if (dr == 2 && dc == 1) return !occupied(c, Point{(p.r + q.r) / 2, p.c});
            if (dr == 1 && dc == 2) return !occupied(c, Point{p.r, (p.c + q.c) / 2});
            return false;
        }
    }
}

void validate_case(u64 k, const Case& c) {
    const std::string where = "case " + num(k) + ": ";
    const u64 n = c.red.size();
    if (n < 2 || n > MAX_PIECES) rule("3.1", where + "N = " + num(n) + " red pieces, expected 2 to 7");
    if (!in_black_palace(c.black)) {
        rule("3.2", where + "the black general at " + at(c.black) + " is outside the black palace");
    }
    std::size_t generals = 0, general = 0;
    for (std::size_t i = 0; i < c.red.size(); ++i) {
        if (c.red[i].kind == 'G') {
            ++generals;
            general = i;
        }
    }
    if (generals != 1) rule("3.3", where + num(generals) + " red generals, expected exactly one");
    if (!in_red_palace(c.red[general].at)) {
        rule("3.3", where + "the red general at " + at(c.red[general].at) + " is outside the red palace");
    }
    const char kinds[] = {'R', 'H', 'C'};
    for (int j = 0; j < 3; ++j) {
        u64 count = 0;
        for (std::size_t i = 0; i < c.red.size(); ++i) count += c.red[i].kind == kinds[j];
        if (count > 2) rule("3.4", where + num(count) + " pieces of type " + kinds[j] + ", at most 2 allowed");
    }
    for (std::size_t i = 0; i < c.red.size(); ++i) {
        if (!on_board(c.red[i].at)) {
            rule("3.5", where + "red piece " + num(i + 1) + " at " + at(c.red[i].at) + " is off the board");
        }
    }
    for (std::size_t i = 0; i < c.red.size(); ++i) {
        if (same(c.red[i].at, c.black)) {
            rule("3.6", where + "red piece " + num(i + 1) + " stands on the black general's point");
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (same(c.red[j].at, c.red[i].at)) {
                rule("3.6", where + "red pieces " + num(j + 1) + " and " + num(i + 1) + " share " + at(c.red[i].at));
            }
        }
    }
    bool check = false;
    for (std::size_t i = 0; i < c.red.size(); ++i) check = check || attacks(c, c.red[i], c.black);
    if (!check) rule("3.7", where + "no red piece attacks the black general at " + at(c.black));
}

}  // namespace

int main() {
    registerValidation();
    const std::vector<Case> cases = read();
    if (cases.empty() || cases.size() > MAX_CASES) {
        rule("2", num(cases.size()) + " cases, expected 1 to " + num(MAX_CASES));
    }
    for (std::size_t i = 0; i < cases.size(); ++i) validate_case(i + 1, cases[i]);
    return 0;
}
