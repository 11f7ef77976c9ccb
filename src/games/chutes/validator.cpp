// Input validator for chutes (POJ 1059, Chutes and Ladders): the checklist
// of spec section 3 as src/games/chutes/validate.rs implements it, the
// game of section 4 as engine.rs `play` plays it, then the canonical text
// of mod.rs `render_input`.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "validator.hpp"

namespace {

using gf::num;
using gf::rule;

constexpr std::size_t MAX_THROWS = 999;
constexpr std::size_t MAX_LINE = 80;
constexpr std::size_t MAX_GAMES = 100;  // adopted by this project
constexpr std::uint64_t MAX_PLAYERS = 5;
constexpr std::size_t MAX_SQUARE = 99;  // squares 1..99 can hold chutes, ladders and specials

struct Jump {
    std::uint64_t start, end;
};

struct Game {
    std::uint64_t players;
    std::vector<Jump> jumps;
    std::vector<std::int64_t> specials;  // -k: lose a turn on k; k: extra throw on k
};

struct Input {
    // The throws line by line, as the file lays them out: the layout is
    // part of the canonical text (at most 80 characters a line). An empty
    // last line means the terminating 0 stands alone on its line.
    std::vector<std::vector<std::uint64_t>> throw_lines;
    std::vector<Game> games;
};

Input parse(std::string_view text) {
    gf::Tokens t(text);
    Input in;
    // Throws up to the terminating 0, a new line of the list wherever the
    // file starts one. Blank lines and stray spaces between them do not
    // survive into the canonical text, so the comparison refuses them.
    std::size_t line = 0, count = 0;
    for (;;) {
        gf::Token tok;
        std::uint64_t v = t.uint("a throw (1..6) or the 0 ending the throw list", tok);
        if (in.throw_lines.empty() || tok.line != line) in.throw_lines.emplace_back();
        line = tok.line;
        if (v == 0) break;
        if (++count > MAX_THROWS) rule("2", "more than " + num(MAX_THROWS) + " throws");
        in.throw_lines.back().push_back(v);
    }
    for (;;) {
        std::uint64_t players = t.uint("the number of players (or the 0 ending the input)");
        if (players == 0) break;
        if (in.games.size() == MAX_GAMES) rule("3", "more than " + num(MAX_GAMES) + " games");
        Game g{players, {}, {}};
        for (;;) {
            std::uint64_t s = t.uint("a chute/ladder start square (or '0 0' ending the list)");
            std::uint64_t e = t.uint("a chute/ladder end square");
            if (s == 0 && e == 0) break;
            // Distinct starts on squares 1..99 (rules 4.2 and 4.3) are at
            // most 99; stopping here keeps memory small on any input.
            if (g.jumps.size() == MAX_SQUARE) {
                rule("4.3", "game " + num(in.games.size() + 1) +
                                ": more chutes/ladders than squares 1..99 to start on");
            }
            g.jumps.push_back({s, e});
        }
        for (;;) {
            gf::Token tok;
            std::int64_t v = t.int64("a special square (or the 0 ending the list)", tok);
            if (v == 0) {
                if (tok.text[0] == '-') {
                    gf::reject("line " + num(tok.line) + ": the 0 ending the special squares must not carry a sign");
                }
                break;
            }
            if (g.specials.size() == MAX_SQUARE) {  // distinct squares 1..99 (rule 4.4)
                rule("4.4", "game " + num(in.games.size() + 1) + ": more special squares than squares 1..99");
            }
            g.specials.push_back(v);
        }
        in.games.push_back(std::move(g));
    }
    t.finish();
    return in;
}

void render_throw_line(gf::Canon& out, const std::vector<std::uint64_t>& values, bool last) {
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) out << ' ';
        out << values[i];
    }
    if (last) out << (values.empty() ? "0" : " 0");
}

std::string render(const Input& in, std::size_t reserve) {
    gf::Canon out(reserve);
    for (std::size_t i = 0; i < in.throw_lines.size(); ++i) {
        render_throw_line(out, in.throw_lines[i], i + 1 == in.throw_lines.size());
        out << '\n';
    }
    for (const Game& g : in.games) {
        out << g.players << '\n';
        for (const Jump& j : g.jumps) out << j.start << ' ' << j.end << '\n';
        out << "0 0\n";
        for (std::int64_t v : g.specials) out << v << '\n';
        out << "0\n";
    }
    out << "0\n";
    return out.text();
}

void check_throws(const Input& in, const std::vector<std::uint64_t>& throws) {
    if (throws.empty()) rule("2", "0 throws; the list holds 1.." + num(MAX_THROWS));
    for (std::size_t i = 0; i < throws.size(); ++i) {
        if (throws[i] < 1 || throws[i] > 6) {
            rule("2", "throw " + num(i + 1) + " is " + num(throws[i]) + "; throws are 1..6");
        }
    }
    // Only the last line of the list can be empty (the 0 alone), so no line
    // of the list is blank; what remains is each line's length.
    for (std::size_t i = 0; i < in.throw_lines.size(); ++i) {
        gf::Canon line;
        render_throw_line(line, in.throw_lines[i], i + 1 == in.throw_lines.size());
        if (line.text().size() > MAX_LINE) {
            rule("2", "line " + num(i + 1) + " of the throw list has " + num(line.text().size()) +
                          " characters; at most " + num(MAX_LINE));
        }
    }
}

std::uint64_t magnitude(std::int64_t v) {
    return v < 0 ? static_cast<std::uint64_t>(-(v + 1)) + 1 : static_cast<std::uint64_t>(v);
}

// Spec section 4 for one game on `throws`: whether someone reaches square
// 100 before the list runs out. Called once rules 4.1 to 4.4 hold, so every
// square named is in 1..99. Each pass of the loop either consumes a throw or
// clears a pending missed turn that a consumed throw set, so it ends within
// about two passes per throw.
bool has_winner(const Game& g, const std::vector<std::uint64_t>& throws) {
    enum Special { NONE, LOSE_TURN, EXTRA_THROW };
    std::uint64_t jump_to[101] = {};
    Special special[101] = {};
    for (const Jump& j : g.jumps) jump_to[j.start] = j.end;  // starts are distinct (rule 4.3)
    for (std::int64_t v : g.specials) special[magnitude(v)] = v < 0 ? LOSE_TURN : EXTRA_THROW;

    const std::size_t players = static_cast<std::size_t>(g.players);
    std::vector<std::uint64_t> pos(players, 0);
    std::vector<bool> missing(players, false);
    std::size_t next = 0;
    for (std::size_t p = 0;; p = (p + 1) % players) {
        if (missing[p]) {  // step 1: the turn is skipped, no throw consumed
            missing[p] = false;
            continue;
        }
        for (;;) {  // one throw, and another after each extra-throw square
            if (next == throws.size()) return false;
            std::uint64_t t = pos[p] + throws[next++];
            if (t > 100) break;       // step 3: overshoot, the turn passes
            if (t == 100) return true;  // step 4
            pos[p] = jump_to[t] != 0 ? jump_to[t] : t;  // step 5: one jump at most
            if (special[t] == LOSE_TURN) {  // step 6
                missing[p] = true;
                break;
            }
            if (special[t] != EXTRA_THROW) break;
        }
    }
}

void check_game(std::size_t n, const Game& g, const std::vector<std::uint64_t>& throws) {
    const std::string where = "game " + num(n) + ": ";
    if (g.players < 2 || g.players > MAX_PLAYERS) {
        rule("4.1", where + num(g.players) + " players; 2.." + num(MAX_PLAYERS) + " allowed");
    }
    for (const Jump& j : g.jumps) {
        const std::string pair = "chute/ladder '" + num(j.start) + " " + num(j.end) + "'";
        if ((j.start == 0) != (j.end == 0)) {
            rule("4.2", where + pair + " has exactly one zero; only '0 0' ends the list");
        }
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
        std::uint64_t k = magnitude(g.specials[i]);
        if (k < 1 || k > MAX_SQUARE) {
            rule("4.4", where + "special value " + std::to_string(g.specials[i]) + " is not a square 1..99");
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (magnitude(g.specials[j]) == k) rule("4.4", where + "square " + num(k) + " is listed twice as special");
        }
        for (const Jump& j : g.jumps) {
            if (j.start == k || j.end == k) {
                rule("4.4", where + "special square " + num(k) + " is also a chute/ladder endpoint");
            }
        }
    }
    // Rule 4.5: a winner with at least one throw of the list left unused.
    const std::vector<std::uint64_t> limit(throws.begin(), throws.end() - 1);
    if (!has_winner(g, limit)) {
        rule("4.5", where + "no winner within " + num(limit.size()) + " throws (K - 1)");
    }
}

std::string check(std::string_view text) {
    const Input in = parse(text);
    std::vector<std::uint64_t> throws;
    for (const auto& line : in.throw_lines) throws.insert(throws.end(), line.begin(), line.end());
    check_throws(in, throws);
    if (in.games.empty()) rule("3", "0 games; a file holds 1.." + num(MAX_GAMES));
    for (std::size_t i = 0; i < in.games.size(); ++i) check_game(i + 1, in.games[i], throws);
    return render(in, text.size());
}

}  // namespace

int main() { return gf::run(check); }
