// Input validator for stones (ZOJ 3452, Doraemon's Stone Game): the
// checklist of spec section 3 as src/games/stones/mod.rs `validate`
// implements it, then the canonical text of mod.rs `render`.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "validator.hpp"

namespace {

using gf::num;
using gf::rule;

constexpr std::uint64_t MAX_KINDS = 6;
constexpr std::uint64_t MAX_COUNT = 1000000000000000000;  // 10^18
constexpr std::size_t MAX_CASES = 1000;

// A pile kind is kept as its token, one of these six.
constexpr std::string_view KINDS[] = {"w", "b", "ww", "bb", "wb", "bw"};

using Case = std::vector<std::pair<std::string_view, std::uint64_t>>;  // (kind, count) in input order

std::vector<Case> parse(std::string_view text) {
    gf::Tokens t(text);
    std::vector<Case> cases;
    while (!t.at_end()) {
        std::uint64_t n = t.uint("the number of pile kinds N");
        // Checked before N sizes anything (rules 2 and 6).
        if (n < 1 || n > MAX_KINDS) {
            rule("2", "case " + num(cases.size() + 1) + ": N = " + num(n) + " is not in 1..=" + num(MAX_KINDS));
        }
        if (cases.size() == MAX_CASES) rule("6", "more than " + num(MAX_CASES) + " cases");
        Case c;
        for (std::uint64_t i = 0; i < n; ++i) {
            gf::Token tok = t.next("a pile kind");
            bool known = false;
            for (std::string_view k : KINDS) known = known || tok.text == k;
            if (!known) {
                gf::reject("line " + num(tok.line) + ": expected a pile kind (w, b, ww, bb, wb or bw), found " +
                           gf::quote(tok.text));
            }
            c.emplace_back(tok.text, t.uint("a pile count"));
        }
        cases.push_back(std::move(c));
    }
    return cases;
}

void validate(const std::vector<Case>& cases) {
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const Case& c = cases[i];
        // Rule 2 was checked while parsing.
        for (std::size_t j = 0; j < c.size(); ++j) {
            const std::string where = "case " + num(i + 1) + ": ";
            for (std::size_t k = 0; k < j; ++k) {
                if (c[k].first == c[j].first) {
                    rule("4", where + "pile kind " + std::string(c[j].first) + " is listed twice");
                }
            }
            if (c[j].second < 1 || c[j].second > MAX_COUNT) {
                rule("5", where + "count " + num(c[j].second) + " is not in 1..=" + num(MAX_COUNT));
            }
        }
    }
    if (cases.empty()) rule("6", "0 cases, but there must be 1..=" + num(MAX_CASES));
}

std::string check(std::string_view text) {
    const std::vector<Case> cases = parse(text);
    validate(cases);
    gf::Canon out(text.size());
    for (const Case& c : cases) {
        out << c.size() << '\n';
        for (const auto& [kind, count] : c) out << kind << ' ' << count << '\n';
    }
    return out.text();
}

}  // namespace

int main() { return gf::run(check); }
