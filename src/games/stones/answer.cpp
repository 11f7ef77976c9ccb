// Answer validator for stones (ZOJ 3452, Doraemon's Stone Game): one line
// per case, `win win`, `lose win` or `lose lose` (docs/rules/stones.md
// sections 4.1 and 5; `win lose` cannot be), as src/games/stones model.rs
// `answer_fits` and `render_output` have it.

#include <cstdint>
#include <string>
#include <string_view>

#include "validator.hpp"

namespace {

using gf::num;

constexpr std::uint64_t MAX_KINDS = 6;
constexpr std::size_t MAX_CASES = 1000;

// The number of cases of a valid input: N, then N lines `pile count`.
std::size_t cases(std::string_view input) {
    gf::Tokens t(input);
    std::size_t n = 0;
    while (!t.at_end()) {
        std::uint64_t kinds = t.uint("the number of pile kinds N");
        if (kinds > MAX_KINDS || n == MAX_CASES) gf::reject("not a valid input (run its input validator)");
        for (std::uint64_t i = 0; i < kinds; ++i) {
            t.next("a pile kind");
            t.uint("a pile count");
        }
        ++n;
    }
    return n;
}

void check(std::string_view input, std::string_view answer) {
    const std::size_t n = cases(input);
    gf::Lines lines(answer);
    for (std::size_t i = 0; i < n; ++i) {
        std::string_view l = lines.next("the answer to case " + num(i + 1));
        if (l == "win lose") {
            gf::wrong("line " + num(lines.line()) + ": 'win lose' cannot be the answer (section 4.1)");
        }
        if (l != "win win" && l != "lose win" && l != "lose lose") {
            gf::wrong("line " + num(lines.line()) + ": expected 'win win', 'lose win' or 'lose lose', found " +
                      gf::quote(l));
        }
    }
    lines.finish();
}

}  // namespace

int main(int argc, char** argv) { return gf::run_answer(argc, argv, check); }
