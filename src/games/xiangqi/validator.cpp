// Input validator for xiangqi (UVa 1589): the checklist of spec section 3,
// as src/games/xiangqi/ implements it (mod.rs `validate_case`, engine.rs
// `in_check`), then the canonical text of mod.rs `render_input`.

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "validator.hpp"

namespace {

using gf::num;
using gf::rule;

constexpr std::size_t MAX_CASES = 40;
constexpr std::uint64_t MAX_PIECES = 7;

struct Point {
    std::uint64_t r, c;
    bool operator==(const Point& o) const { return r == o.r && c == o.c; }
};

struct Piece {
    char kind;  // G, R, H or C
    Point at;
};

struct Case {
    Point black;
    std::vector<Piece> red;  // input order
};

std::string at(Point p) { return "(" + num(p.r) + "," + num(p.c) + ")"; }

bool in_black_palace(Point p) { return p.r >= 1 && p.r <= 3 && p.c >= 4 && p.c <= 6; }
bool in_red_palace(Point p) { return p.r >= 8 && p.r <= 10 && p.c >= 4 && p.c <= 6; }
bool on_board(Point p) { return p.r >= 1 && p.r <= 10 && p.c >= 1 && p.c <= 9; }

std::vector<Case> parse(std::string_view text) {
    gf::Tokens t(text);
    std::vector<Case> cases;
    for (;;) {
        std::size_t line = t.line();
        std::uint64_t n = t.uint("the piece count N of a case header 'N r c'");
        Point black{t.uint("the black general's row r"), t.uint("the black general's column c")};
        if (n == 0) {
            if (black.r != 0 || black.c != 0) {
                gf::reject("line " + num(line) + ": a header with N = 0 must be the terminator '0 0 0'");
            }
            break;
        }
        // Decided here rather than after the whole file is read, so that
        // nothing is ever sized or looped by an unchecked number.
        if (cases.size() == MAX_CASES) rule("2", "more than " + num(MAX_CASES) + " cases");
        if (n > MAX_PIECES) {
            rule("3.1", "case " + num(cases.size() + 1) + ": N = " + num(n) + " red pieces, expected 2 to 7");
        }
        Case c{black, {}};
        for (std::uint64_t i = 1; i <= n; ++i) {
            gf::Token tok = t.next("the type letter of a red piece (G, R, H or C)");
            std::string_view k = tok.text;
            if (k != "G" && k != "R" && k != "H" && k != "C") {
                gf::reject("line " + num(tok.line) + ": expected the type letter of red piece " + num(i) +
                           " (G, R, H or C), found " + gf::quote(k));
            }
            Point p{t.uint("the row of a red piece"), t.uint("the column of a red piece")};
            c.red.push_back(Piece{k[0], p});
        }
        cases.push_back(std::move(c));
    }
    t.finish();
    return cases;
}

// Whether a piece (a red one or the black general) stands on `x`.
bool occupied(const Case& c, Point x) {
    if (x == c.black) return true;
    for (const Piece& piece : c.red) {
        if (piece.at == x) return true;
    }
    return false;
}

// Pieces strictly between two points of one row or column.
int between(const Case& c, Point p, Point q) {
    int n = 0;
    if (p.r == q.r) {
        for (std::uint64_t col = std::min(p.c, q.c) + 1; col < std::max(p.c, q.c); ++col) n += occupied(c, {p.r, col});
    } else {
        for (std::uint64_t row = std::min(p.r, q.r) + 1; row < std::max(p.r, q.r); ++row) n += occupied(c, {row, p.c});
    }
    return n;
}

// Spec 4.1 in the given position: does `piece` attack point `q`? Only ever
// asked for the black general's own point (rule 3.7), after rules 3.5 and
// 3.6 put every piece on the board and apart.
bool attacks(const Case& c, const Piece& piece, Point q) {
    Point p = piece.at;
    bool aligned = p.r == q.r || p.c == q.c;
    switch (piece.kind) {
        case 'G':  // the flying general: its column only
            return p.c == q.c && between(c, p, q) == 0;
        case 'R':
            return aligned && between(c, p, q) == 0;
        case 'C':
            return aligned && between(c, p, q) == 1;
        default: {  // 'H': a (1,2) or (2,1) jump whose leg point is empty
            // The leg is the point next to the horse in the direction of
            // the two-step component: the midpoint of that component.
            auto dist = [](std::uint64_t a, std::uint64_t b) { return a > b ? a - b : b - a; };
            const std::uint64_t dr = dist(p.r, q.r), dc = dist(p.c, q.c);
            if (dr == 2 && dc == 1) return !occupied(c, {(p.r + q.r) / 2, p.c});
            if (dr == 1 && dc == 2) return !occupied(c, {p.r, (p.c + q.c) / 2});
            return false;
        }
    }
}

void validate_case(std::size_t k, const Case& c) {
    const std::string where = "case " + num(k) + ": ";
    const std::size_t n = c.red.size();
    if (n < 2 || n > MAX_PIECES) rule("3.1", where + "N = " + num(n) + " red pieces, expected 2 to 7");
    if (!in_black_palace(c.black)) {
        rule("3.2", where + "the black general at " + at(c.black) + " is outside the black palace");
    }
    const Piece* general = nullptr;
    std::size_t generals = 0;
    for (const Piece& p : c.red) {
        if (p.kind == 'G') {
            ++generals;
            general = &p;
        }
    }
    if (generals != 1) rule("3.3", where + num(generals) + " red generals, expected exactly one");
    if (!in_red_palace(general->at)) {
        rule("3.3", where + "the red general at " + at(general->at) + " is outside the red palace");
    }
    for (char kind : {'R', 'H', 'C'}) {
        std::size_t count = 0;
        for (const Piece& p : c.red) count += p.kind == kind;
        if (count > 2) rule("3.4", where + num(count) + " pieces of type " + kind + ", at most 2 allowed");
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (!on_board(c.red[i].at)) {
            rule("3.5", where + "red piece " + num(i + 1) + " at " + at(c.red[i].at) + " is off the board");
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (c.red[i].at == c.black) {
            rule("3.6", where + "red piece " + num(i + 1) + " stands on the black general's point");
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (c.red[j].at == c.red[i].at) {
                rule("3.6", where + "red pieces " + num(j + 1) + " and " + num(i + 1) + " share " + at(c.red[i].at));
            }
        }
    }
    bool check = false;
    for (const Piece& p : c.red) check = check || attacks(c, p, c.black);
    if (!check) rule("3.7", where + "no red piece attacks the black general at " + at(c.black));
}

std::string check(std::string_view text) {
    const std::vector<Case> cases = parse(text);
    if (cases.empty()) rule("2", "0 cases, expected 1 to " + num(MAX_CASES));
    for (std::size_t i = 0; i < cases.size(); ++i) validate_case(i + 1, cases[i]);

    gf::Canon out(text.size());
    for (const Case& c : cases) {
        out << c.red.size() << ' ' << c.black.r << ' ' << c.black.c << '\n';
        for (const Piece& p : c.red) out << p.kind << ' ' << p.at.r << ' ' << p.at.c << '\n';
        out << '\n';
    }
    out << "0 0 0\n";
    return out.text();
}

}  // namespace

int main() { return gf::run(check); }
