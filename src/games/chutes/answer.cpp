// Answer validator for chutes (POJ 1059, Chutes and Ladders): one line per
// game, the number of one of its players (docs/rules/chutes.md section 5),
// as src/games/chutes model.rs `answer_fits` and `render_output` have it.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "validator.hpp"

namespace {

using gf::num;

constexpr std::size_t MAX_GAMES = 100;

// The number of players of every game of a valid input: the throws up to
// their 0, then per game P, pairs up to `0 0` and specials up to `0`, up
// to a P of 0.
std::vector<std::uint64_t> players(std::string_view input) {
    gf::Tokens t(input);
    gf::Token tok;
    while (t.int64("a throw", tok) != 0) {
    }
    std::vector<std::uint64_t> out;
    for (;;) {
        std::uint64_t p = t.uint("the number of players");
        if (p == 0) return out;
        if (out.size() == MAX_GAMES) gf::reject("not a valid input (run its input validator)");
        out.push_back(p);
        for (;;) {
            std::int64_t s = t.int64("a chute or ladder start", tok);
            std::int64_t e = t.int64("a chute or ladder end", tok);
            if (s == 0 && e == 0) break;
        }
        while (t.int64("a special square", tok) != 0) {
        }
    }
}

void check(std::string_view input, std::string_view answer) {
    const std::vector<std::uint64_t> games = players(input);
    gf::Lines lines(answer);
    for (std::size_t i = 0; i < games.size(); ++i) {
        std::string_view l = lines.next("the winner of game " + num(i + 1));
        bool ok = false;
        std::uint64_t w = gf::canonical_uint(l, ok);
        if (!ok) gf::wrong("line " + num(lines.line()) + ": expected a winner number, found " + gf::quote(l));
        if (w < 1 || w > games[i]) {
            gf::wrong("line " + num(lines.line()) + ": winner " + num(w) + ", but the players are 1.." +
                      num(games[i]));
        }
    }
    lines.finish();
}

}  // namespace

int main(int argc, char** argv) { return gf::run_answer(argc, argv, check); }
