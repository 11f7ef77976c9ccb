// Checker on testlib for pigs ([SDOI2010] Pig Kill), whose judge compares
// answers line by line (docs/rules/pigs.md section 5): every line of the
// output and of the answer loses its trailing spaces, tabs and carriage
// returns, empty lines at the very end are dropped, and what remains must
// be the same lines. Tokens alone would not do: a living pig with no cards
// prints an empty line, and spaces at the start of a line or between cards
// count. Run as `checker INPUT OUTPUT ANSWER`. C++11 and testlib's oldest
// calls only, so that Luogu's build (g++ -fno-asm -std=c++14 -O2 with its
// testlib 0.9.41) and every other judge's takes it.

#include "testlib.h"

#include <string>
#include <vector>

namespace {

// The lines of a stream as the judge compares them.
std::vector<std::string> lines_of(InStream& in) {
    std::vector<std::string> lines;
    while (!in.eof()) {
        std::string l = in.readLine();
        std::size_t end = l.size();
        while (end > 0 && (l[end - 1] == ' ' || l[end - 1] == '\t' || l[end - 1] == '\r')) --end;
        lines.push_back(l.substr(0, end));
    }
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    return lines;
}

// A line in a message: short, and printable whatever the output held.
std::string shown(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size() && i < 48; ++i) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        out += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
    }
    return s.size() > 48 ? out + "..." : out;
}

}  // namespace

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    const std::vector<std::string> want = lines_of(ans);
    const std::vector<std::string> got = lines_of(ouf);
    for (std::size_t i = 0; i < want.size() && i < got.size(); ++i) {
        if (got[i] != want[i]) {
            quitf(_wa, "line %d differs: expected '%s', found '%s'", static_cast<int>(i + 1), shown(want[i]).c_str(),
                  shown(got[i]).c_str());
        }
    }
    if (got.size() < want.size()) {
        quitf(_wa, "the output ends after %d lines; the answer has %d", static_cast<int>(got.size()),
              static_cast<int>(want.size()));
    }
    if (got.size() > want.size()) {
        quitf(_wa, "the output has %d lines; the answer has %d", static_cast<int>(got.size()), static_cast<int>(want.size()));
    }
    quitf(_ok, "%d lines", static_cast<int>(want.size()));
}
