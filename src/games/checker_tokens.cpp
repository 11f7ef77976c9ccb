// Checker on testlib for the games whose judges compare answers token by
// token (xiangqi, chutes, generals, stones: every line of their answers has
// a fixed number of tokens, so the tokens decide the answer): the output
// must hold exactly the answer's tokens, in order, case-sensitively, with
// any whitespace between them. That is what testlib's standard checker
// wcmp does; gamefuzz writes it out so that a package which must carry its
// checker's source (Polygon's files/check.cpp) carries one of its own.
// Run as `checker INPUT OUTPUT ANSWER`. C++11 and testlib's oldest calls
// only.

#include "testlib.h"

#include <string>

namespace {

// A token in a message: short, and printable whatever the output held.
std::string shown(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size() && i < 32; ++i) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        out += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
    }
    return s.size() > 32 ? out + "..." : out;
}

}  // namespace

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    long long n = 0;
    while (!ans.seekEof()) {
        ++n;
        const std::string want = ans.readToken();
        if (ouf.seekEof()) quitf(_wa, "the output ends before token %lld, '%s'", n, shown(want).c_str());
        const std::string got = ouf.readToken();
        if (got != want) {
            quitf(_wa, "token %lld differs: expected '%s', found '%s'", n, shown(want).c_str(), shown(got).c_str());
        }
    }
    if (!ouf.seekEof()) quitf(_wa, "the output goes on after the answer's %lld tokens", n);
    quitf(_ok, "%lld tokens", n);
}
