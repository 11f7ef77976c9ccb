// Input validator for generals (将军棋): the checklist of spec section 3 as
// src/games/generals/mod.rs `validate_case` implements it, replaying the
// moves by section 4 as board.rs `Board::play` does, then the canonical text
// of mod.rs `render`. A max file is about 19 MB, so tokens are read in
// place and the board is one flat array per case.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "validator.hpp"

namespace {

using gf::num;
using gf::rule;

constexpr std::uint64_t MAX_T = 10;
constexpr std::uint64_t MAX_SIDE = 400;
constexpr std::uint64_t MAX_Q = 100000;
constexpr std::uint64_t MAX_COUNT = (std::uint64_t{1} << 31) - 1;

struct Move {
    std::uint32_t x, y;  // at most MAX_SIDE + 1 once stored: larger is off the board anyway
    char d;              // U, D, L or R
};

struct Castle {
    std::uint64_t x, y, count;
};

struct Case {
    std::uint64_t n, m;
    Castle alice, bob;
    std::vector<Move> moves;  // all 2Q lines; Alice's on even indices
};

// A coordinate of a move line, kept small: anything beyond the largest board
// side is off every board (rule 3.5), and its canonical spelling is never
// asked for, because rule 3.5 rejects the file first.
std::uint32_t coordinate(gf::Tokens& t, const char* what) {
    std::uint64_t v = t.uint(what);
    return static_cast<std::uint32_t>(v > MAX_SIDE ? MAX_SIDE + 1 : v);
}

Case parse_case(gf::Tokens& t, std::size_t c) {
    Case k{};
    k.n = t.uint("the number of rows N");
    k.m = t.uint("the number of columns M");
    for (Castle* castle : {&k.alice, &k.bob}) {
        castle->x = t.uint("the row of a castle");
        castle->y = t.uint("the column of a castle");
        castle->count = t.uint("a castle's initial soldier count");
    }
    std::uint64_t q = t.uint("the number of rounds Q");
    // Checked before Q sizes anything (rule 3.4).
    if (q < 1 || q > MAX_Q) rule("3.4", "case " + num(c) + ": Q = " + num(q) + " is not in 1..=" + num(MAX_Q));
    k.moves.reserve(2 * q);
    for (std::uint64_t i = 0; i < 2 * q; ++i) {
        Move mv;
        mv.x = coordinate(t, "the row x of a move");
        mv.y = coordinate(t, "the column y of a move");
        gf::Token tok = t.next("a direction (U, D, L or R)");
        if (tok.text != "U" && tok.text != "D" && tok.text != "L" && tok.text != "R") {
            gf::reject("line " + num(tok.line) + ": expected a direction (U, D, L or R), found " + gf::quote(tok.text));
        }
        mv.d = tok.text[0];
        k.moves.push_back(mv);
    }
    return k;
}

std::vector<Case> parse(std::string_view text) {
    gf::Tokens t(text);
    std::uint64_t count = t.uint("the number of test cases T");
    if (count < 1 || count > MAX_T) rule("2", "T = " + num(count) + " is not in 1..=" + num(MAX_T));
    std::vector<Case> cases;
    for (std::uint64_t i = 0; i < count; ++i) cases.push_back(parse_case(t, cases.size() + 1));
    t.finish();
    return cases;
}

// Cells hold Alice's soldiers as positive and Bob's as negative numbers, so
// ownership and count live in one word. Counts stay far inside 64 bits: a
// player's total only grows by one per castle bonus.
class Board {
public:
    explicit Board(const Case& k) : n_(k.n), m_(k.m), cells_(n_ * m_, 0) {
        castle_[0] = (k.alice.x - 1) * m_ + (k.alice.y - 1);
        castle_[1] = (k.bob.x - 1) * m_ + (k.bob.y - 1);
        cells_[castle_[0]] = static_cast<std::int64_t>(k.alice.count);
        cells_[castle_[1]] = -static_cast<std::int64_t>(k.bob.count);
    }

    // Source and target cell of a move line, if both are on the board.
    bool locate(const Move& mv, std::size_t& source, std::size_t& target) const {
        if (mv.x < 1 || mv.x > n_ || mv.y < 1 || mv.y > m_) return false;
        std::size_t x = mv.x - 1, y = mv.y - 1;
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

    // One move of `player` (0 Alice, 1 Bob), located on the board. Returns
    // null and sets `won` when legal, else why it is illegal.
    const char* play(int player, std::size_t source, std::size_t target, bool& won) {
        const std::int64_t sign = player == 0 ? 1 : -1;
        // Step 1: the castle bonus (the castle is the mover's while the game runs).
        std::int64_t& castle = cells_[castle_[player]];
        if (castle * sign > 0) castle += sign;
        // Step 2: all but one soldier leave the source.
        const std::int64_t c = cells_[source] * sign;
        if (c <= 0) return "the source cell is not the mover's";
        if (c < 2) return "the source cell holds 1 soldier after the castle bonus, fewer than 2";
        const std::int64_t moved = c - 1;
        cells_[source] = sign;
        // Step 3: the battle on the target, in the mover's signed terms:
        // e + moved is the target's new content whatever stood there.
        const std::int64_t e = cells_[target] * sign;
        cells_[target] = (e + moved) * sign;
        // Step 4: the opponent's castle is now empty or the mover's.
        won = cells_[castle_[1 - player]] * -sign <= 0;
        return nullptr;
    }

private:
    std::size_t n_, m_;
    std::vector<std::int64_t> cells_;
    std::size_t castle_[2];
};

void validate_case(const Case& k, std::size_t c) {
    const std::string where = "case " + num(c) + ": ";
    if (k.n < 1 || k.n > MAX_SIDE || k.m < 1 || k.m > MAX_SIDE) {
        rule("3.1", where + "board " + num(k.n) + "x" + num(k.m) + ", but N and M must be in 1..=" + num(MAX_SIDE));
    }
    for (const Castle* castle : {&k.alice, &k.bob}) {
        if (castle->x < 1 || castle->x > k.n || castle->y < 1 || castle->y > k.m) {
            rule("3.2", where + "a castle (" + num(castle->x) + ", " + num(castle->y) + ") is off the board");
        }
    }
    if (k.alice.x == k.bob.x && k.alice.y == k.bob.y) rule("3.2", where + "both castles are on one cell");
    for (const Castle* castle : {&k.alice, &k.bob}) {
        if (castle->count < 2 || castle->count > MAX_COUNT) {
            rule("3.3", where + "initial count " + num(castle->count) + " is not in 2..=" + num(MAX_COUNT));
        }
    }
    // Rule 3.4 was checked while parsing.
    Board board(k);
    bool running = true;
    for (std::size_t i = 0; i < k.moves.size(); ++i) {
        std::size_t source = 0, target = 0;
        const Move& mv = k.moves[i];
        // Built only for a message: a max file has two million move lines.
        auto line = [&] {
            return where + "move " + num(i + 1) + " '" + num(mv.x) + " " + num(mv.y) + " " + mv.d + "'";
        };
        if (!board.locate(mv, source, target)) rule("3.5", line() + " leaves the board");
        if (running) {
            bool won = false;
            const char* illegal = board.play(static_cast<int>(i % 2), source, target, won);
            if (illegal != nullptr) rule("3.6", line() + " is illegal: " + illegal);
            running = !won;
        }
    }
}

std::string render(const std::vector<Case>& cases, std::size_t reserve) {
    gf::Canon out(reserve);
    out << cases.size() << '\n';
    for (const Case& k : cases) {
        out << k.n << ' ' << k.m << '\n';
        for (const Castle* castle : {&k.alice, &k.bob}) {
            out << castle->x << ' ' << castle->y << ' ' << castle->count << '\n';
        }
        out << k.moves.size() / 2 << '\n';
        for (const Move& mv : k.moves) out << mv.x << ' ' << mv.y << ' ' << mv.d << '\n';
    }
    return out.text();
}

std::string check(std::string_view text) {
    const std::vector<Case> cases = parse(text);
    for (std::size_t i = 0; i < cases.size(); ++i) validate_case(cases[i], i + 1);
    return render(cases, text.size());
}

}  // namespace

int main() { return gf::run(check); }
