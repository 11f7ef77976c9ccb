// Input validator for stones (ZOJ 3452, Doraemon's Stone Game) on testlib,
// for the judges whose validators are testlib programs (Polygon, UOJ's
// val.cpp): exit 0 when the file is valid and written exactly as
// `gamefuzz gen stones` writes it, otherwise testlib's FAIL with the
// reason, naming the rule of section 3 of docs/rules/stones.md that the
// file breaks ("rule 5: ..."), as `gamefuzz validate stones` does. It reads
// the file strictly (one space between tokens, a newline after each line,
// no leading zeros), then checks the rules in the order src/games/stones/
// validate.rs checks them. C++11 and testlib's oldest calls only, so that
// every judge's copy of testlib builds it.

#include "testlib.h"

#include <string>
#include <utility>
#include <vector>

namespace {

typedef unsigned long long u64;

const u64 SATURATED = ~0ULL;
const u64 MAX_KINDS = 6;
const u64 MAX_COUNT = 1000000000000000000ULL;  // 10^18
const u64 MAX_CASES = 1000;

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

typedef std::vector<std::pair<std::string, u64> > Case;  // (kind, count) in file order

// Section 2 in the layout gamefuzz writes: per case a line `N`, then N
// lines `kind count`, up to the end of the file.
std::vector<Case> read() {
    std::vector<Case> cases;
    while (!inf.eof()) {
        const u64 n = number("the number of pile kinds N");
        inf.readEoln();
        Case c;
        // N is not trusted: the loop ends with the file, not with N.
        for (u64 i = 0; i < n; ++i) {
            const std::string kind = inf.readToken();
            if (kind != "w" && kind != "b" && kind != "ww" && kind != "bb" && kind != "wb" && kind != "bw") {
                reject("expected a pile kind (w, b, ww, bb, wb or bw), found " + quote(kind));
            }
            inf.readSpace();
            const u64 count = number("a pile count");
            inf.readEoln();
            c.push_back(std::make_pair(kind, count));
        }
        cases.push_back(c);
    }
    inf.readEof();
    return cases;
}

}  // namespace

int main() {
    registerValidation();
    const std::vector<Case> cases = read();
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const Case& c = cases[i];
        const std::string where = "case " + num(i + 1) + ": ";
        if (c.size() < 1 || c.size() > MAX_KINDS) {
            rule("2", where + "N = " + num(c.size()) + " is not in 1..=" + num(MAX_KINDS));
        }
        for (std::size_t j = 0; j < c.size(); ++j) {
            for (std::size_t k = 0; k < j; ++k) {
                if (c[k].first == c[j].first) rule("4", where + "pile kind " + c[j].first + " is listed twice");
            }
            if (c[j].second < 1 || c[j].second > MAX_COUNT) {
                rule("5", where + "count " + num(c[j].second) + " is not in 1..=" + num(MAX_COUNT));
            }
        }
    }
    if (cases.empty() || cases.size() > MAX_CASES) {
        rule("6", num(cases.size()) + " cases, but there must be 1..=" + num(MAX_CASES));
    }
    return 0;
}
