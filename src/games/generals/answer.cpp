// Answer validator for generals (Generals Chess, Inner Mongolia 2021): two
// lines per case, the verdict and both scores, each score at most the
// player's initial count plus its number of moves (docs/rules/generals.md
// sections 4 and 5), as src/games/generals model.rs `answer_fits` and
// `render_output` have it.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "validator.hpp"

namespace {

using gf::num;

constexpr std::uint64_t MAX_T = 10;

// Per case of a valid input: the most soldiers Alice and Bob can have,
// their initial counts plus Q.
struct Bounds {
    std::uint64_t alice = 0;
    std::uint64_t bob = 0;
};

std::vector<Bounds> bounds(std::string_view input) {
    gf::Tokens t(input);
    std::uint64_t cases = t.uint("the number of test cases T");
    if (cases > MAX_T) gf::reject("not a valid input (run its input validator)");
    std::vector<Bounds> out;
    for (std::uint64_t c = 0; c < cases; ++c) {
        t.uint("N");
        t.uint("M");
        std::uint64_t count[2];
        for (std::uint64_t& k : count) {
            t.uint("a castle row");
            t.uint("a castle column");
            k = t.uint("a castle's soldiers");
        }
        std::uint64_t q = t.uint("the number of rounds Q");
        // Every move line is read, so a short input is refused, not trusted.
        for (std::uint64_t i = 0; i < 2 * q; ++i) {
            t.uint("a row");
            t.uint("a column");
            t.next("a direction");
        }
        auto most = [q](std::uint64_t k) { return k > gf::SATURATED - q ? gf::SATURATED : k + q; };
        out.push_back(Bounds{most(count[0]), most(count[1])});
    }
    return out;
}

void check(std::string_view input, std::string_view answer) {
    const std::vector<Bounds> cases = bounds(input);
    gf::Lines lines(answer);
    for (std::size_t i = 0; i < cases.size(); ++i) {
        std::string_view verdict = lines.next("the verdict of case " + num(i + 1));
        if (verdict != "Alice wins!!!" && verdict != "Bob wins!!" && verdict != "draw!") {
            gf::wrong("line " + num(lines.line()) + ": expected 'Alice wins!!!', 'Bob wins!!' or 'draw!', found " +
                      gf::quote(verdict));
        }
        std::string_view scores = lines.next("the scores of case " + num(i + 1));
        std::size_t space = scores.find(' ');
        bool ok_a = false, ok_b = false;
        std::uint64_t a = 0, b = 0;
        if (space != std::string_view::npos) {
            a = gf::canonical_uint(scores.substr(0, space), ok_a);
            b = gf::canonical_uint(scores.substr(space + 1), ok_b);
        }
        if (!ok_a || !ok_b) {
            gf::wrong("line " + num(lines.line()) + ": expected two scores separated by one space, found " +
                      gf::quote(scores));
        }
        if (a > cases[i].alice) gf::wrong("case " + num(i + 1) + ": Alice's score " + num(a) + " is above " + num(cases[i].alice));
        if (b > cases[i].bob) gf::wrong("case " + num(i + 1) + ": Bob's score " + num(b) + " is above " + num(cases[i].bob));
    }
    lines.finish();
}

}  // namespace

int main(int argc, char** argv) { return gf::run_answer(argc, argv, check); }
