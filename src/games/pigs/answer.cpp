// Answer validator for pigs ([SDOI2010] Pig Kill): the winner, then one
// line per pig, DEAD or its cards separated by single spaces, the lines of
// living pigs with empty hands at the end left out, and the winner borne
// out by who is dead (docs/rules/pigs.md sections 4.9 and 5), as
// src/games/pigs model.rs `answer_fits` and `render_output` have it.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "validator.hpp"

namespace {

using gf::num;

constexpr std::uint64_t MAX_PIGS = 10;

// The roles of a valid input's pigs: n, m, then a role and four cards per pig.
std::vector<std::string_view> roles(std::string_view input) {
    gf::Tokens t(input);
    std::uint64_t n = t.uint("the number of pigs n");
    t.uint("the number of cards m");
    if (n > MAX_PIGS) gf::reject("not a valid input (run its input validator)");
    std::vector<std::string_view> out;
    for (std::uint64_t i = 0; i < n; ++i) {
        out.push_back(t.next("a role").text);
        for (int c = 0; c < 4; ++c) t.next("a card");
    }
    return out;
}

bool is_hand(std::string_view l) {
    if (l.empty()) return true;
    // Card letters at even places, single spaces between them.
    if (l.size() % 2 == 0) return false;
    for (std::size_t i = 0; i < l.size(); ++i) {
        bool card = std::string_view("PKDFNWJZ").find(l[i]) != std::string_view::npos;
        if (i % 2 == 0 ? !card : l[i] != ' ') return false;
    }
    return true;
}

void check(std::string_view input, std::string_view answer) {
    const std::vector<std::string_view> pigs = roles(input);
    gf::Lines lines(answer);
    std::string_view winner = lines.next("the winner (MP or FP)");
    if (winner != "MP" && winner != "FP") gf::wrong("line 1: expected MP or FP, found " + gf::quote(winner));
    std::vector<bool> dead(pigs.size(), false);
    std::string_view last = winner;
    std::size_t i = 0;
    while (!lines.at_end()) {
        last = lines.next("a pig's line");
        if (i == pigs.size()) gf::wrong("line " + num(lines.line()) + ": more lines than pigs");
        if (last == "DEAD") {
            dead[i] = true;
        } else if (!is_hand(last)) {
            gf::wrong("line " + num(lines.line()) + ": expected DEAD or cards separated by single spaces, found " +
                      gf::quote(last));
        }
        ++i;
    }
    if (i > 0 && last.empty()) gf::wrong("line " + num(lines.line()) + ": an empty line at the end");
    bool fp_alive = false, fp_dead_all = true;
    for (std::size_t p = 0; p < pigs.size(); ++p) {
        if (pigs[p] != "FP") continue;
        fp_alive = fp_alive || !dead[p];
        fp_dead_all = fp_dead_all && dead[p];
    }
    bool mp_dead = !dead.empty() && dead[0];
    bool fits = winner == "MP" ? !mp_dead && fp_dead_all : mp_dead && fp_alive;
    if (!fits) gf::wrong("the winner " + std::string(winner) + " does not match who is dead (section 4.9)");
}

}  // namespace

int main(int argc, char** argv) { return gf::run_answer(argc, argv, check); }
