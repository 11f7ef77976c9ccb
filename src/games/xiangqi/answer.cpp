// Answer validator for xiangqi (UVa 1589, Xiangqi): one line per case,
// exactly YES or NO (docs/rules/xiangqi.md section 5), as src/games/xiangqi
// model.rs `answer_fits` and `render_output` have it.

#include <cstdint>
#include <string>
#include <string_view>

#include "validator.hpp"

namespace {

using gf::num;

constexpr std::uint64_t MAX_PIECES = 7;
constexpr std::size_t MAX_CASES = 40;

// The number of cases of a valid input: headers `N r c` with N pieces
// after each, up to the header `0 0 0`.
std::size_t cases(std::string_view input) {
    gf::Tokens t(input);
    std::size_t n = 0;
    for (;;) {
        std::uint64_t pieces = t.uint("the number of red pieces N");
        t.uint("the black general's row");
        t.uint("the black general's column");
        if (pieces == 0) return n;
        if (pieces > MAX_PIECES || n == MAX_CASES) gf::reject("not a valid input (run its input validator)");
        for (std::uint64_t i = 0; i < pieces; ++i) {
            t.next("a piece letter");
            t.uint("a row");
            t.uint("a column");
        }
        ++n;
    }
}

void check(std::string_view input, std::string_view answer) {
    const std::size_t n = cases(input);
    gf::Lines lines(answer);
    for (std::size_t i = 0; i < n; ++i) {
        std::string_view l = lines.next("YES or NO for case " + num(i + 1));
        if (l != "YES" && l != "NO") gf::wrong("line " + num(lines.line()) + ": expected YES or NO, found " + gf::quote(l));
    }
    lines.finish();
}

}  // namespace

int main(int argc, char** argv) { return gf::run_answer(argc, argv, check); }
