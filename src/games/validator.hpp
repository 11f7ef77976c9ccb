// Shared part of the gamefuzz input validators, one C++17 program per game
// (src/games/<id>/validator.cpp), and of its answer validators
// (src/games/<id>/answer.cpp, see the end), standard library only, so that a judge
// builds it from source with nothing but its own compiler. A package puts
// this header beside the game's validator.cpp; in the repository, build with
//     g++ -std=c++17 -O2 -I src/games src/games/<id>/validator.cpp
//
// Kattis convention, exactly that of `gamefuzz validate <id> --kattis`:
// exit 42 when the input is valid AND byte for byte the canonical text of
// what it holds, 43 otherwise with one short reason on stderr.
//
// Each validator parses leniently, checks every rule of its game, renders
// the canonical text and compares it with the input. Layout is therefore
// never checked piecemeal: anything the parser tolerated (extra spaces,
// leading zeros, CRLF, a missing final newline) fails the comparison.
//
// Nothing here trusts the input: integers saturate instead of overflowing,
// counts are checked against the rules before anything is sized by them,
// and every loop is bounded by the input's length or by a rule.

#ifndef GAMEFUZZ_VALIDATOR_HPP
#define GAMEFUZZ_VALIDATOR_HPP

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <type_traits>

namespace gf {

constexpr int VALID = 42;
constexpr int INVALID = 43;

// Integers are read into 64 bits and stick at this value when larger; every
// limit of every game is far below it, so a saturated number is always
// out of range and never mistaken for a valid one.
constexpr std::uint64_t SATURATED = UINT64_MAX;

// A token or line quoted in a message: short, and printable whatever the
// input held.
inline std::string quote(std::string_view s) {
    constexpr std::size_t MAX = 24;
    std::string out = "'";
    for (std::size_t i = 0; i < s.size() && i < MAX; ++i) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        out += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
    }
    if (s.size() > MAX) out += "...";
    return out + "'";
}

[[noreturn]] inline void reject(const std::string& why) {
    std::fprintf(stderr, "invalid input: %s\n", why.c_str());
    std::fflush(stderr);
    std::exit(INVALID);
}

// A violated rule of the game's checklist, numbered as in the spec.
[[noreturn]] inline void rule(const char* number, const std::string& why) {
    reject(std::string("rule ") + number + ": " + why);
}

// A number in a message; a saturated one was at least this large.
inline std::string num(std::uint64_t v) { return std::to_string(v) + (v == SATURATED ? " or more" : ""); }

// The whole of `f` as bytes (std::fread, so NUL and CR arrive unchanged);
// not being able to read it is the validator's own failure, not a verdict.
inline std::string read_all(std::FILE* f, const char* what) {
    std::string data;
    char buf[1 << 16];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) data.append(buf, n);
    if (std::ferror(f)) {
        std::fprintf(stderr, "cannot read %s\n", what);
        std::exit(1);
    }
    return data;
}

inline std::string read_all_stdin() { return read_all(stdin, "stdin"); }

struct Token {
    std::string_view text;
    std::size_t line = 0;  // 1-based
};

// Whitespace-separated tokens, read lazily (inputs reach ~20 MB). The
// separators are the ASCII blanks; which of them, and how many, is the
// canonical comparison's business, not the tokenizer's.
class Tokens {
public:
    explicit Tokens(std::string_view text) : text_(text) {}

    // Line of the next token (or of the end of the text).
    std::size_t line() {
        skip();
        return line_;
    }

    bool at_end() {
        skip();
        return pos_ == text_.size();
    }

    // The next token; an input that stops here is rejected, naming `what`.
    Token next(const char* what) {
        skip();
        if (pos_ == text_.size()) {
            reject("line " + num(line_) + ": expected " + what + ", found the end of the input");
        }
        std::size_t start = pos_;
        while (pos_ < text_.size() && !blank(text_[pos_])) ++pos_;
        return Token{text_.substr(start, pos_ - start), line_};
    }

    // An unsigned decimal integer: digits only (no sign), saturating.
    std::uint64_t uint(const char* what) { return digits(next(what), what); }

    // Like `uint` and also the token, for callers that look at its spelling.
    std::uint64_t uint(const char* what, Token& tok) {
        tok = next(what);
        return digits(tok, what);
    }

    // A decimal integer with an optional leading '-' (never '+'). The
    // magnitude saturates at INT64_MAX, again beyond every limit.
    std::int64_t int64(const char* what, Token& tok) {
        tok = next(what);
        bool neg = !tok.text.empty() && tok.text[0] == '-';
        Token mag{tok.text.substr(neg ? 1 : 0), tok.line};
        std::uint64_t v = digits(mag, what, tok.text);
        std::int64_t m = v > static_cast<std::uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<std::int64_t>(v);
        return neg ? -m : m;
    }

    // Only whitespace may remain.
    void finish() {
        if (!at_end()) {
            Token t = next("");
            reject("line " + num(t.line) + ": unexpected " + quote(t.text) + " after the end of the input");
        }
    }

private:
    static bool blank(char c) {
        return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
    }

    void skip() {
        while (pos_ < text_.size() && blank(text_[pos_])) {
            if (text_[pos_] == '\n') ++line_;
            ++pos_;
        }
    }

    static std::uint64_t digits(const Token& t, const char* what) { return digits(t, what, t.text); }

    static std::uint64_t digits(const Token& t, const char* what, std::string_view shown) {
        if (t.text.empty()) bad_number(t, what, shown);
        std::uint64_t v = 0;
        for (char c : t.text) {
            if (c < '0' || c > '9') bad_number(t, what, shown);
            unsigned d = static_cast<unsigned>(c - '0');
            v = v > (SATURATED - d) / 10 ? SATURATED : v * 10 + d;
        }
        return v;
    }

    [[noreturn]] static void bad_number(const Token& t, const char* what, std::string_view shown) {
        reject("line " + num(t.line) + ": expected " + what + " (a decimal integer), found " + quote(shown));
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    std::size_t line_ = 1;
};

// The canonical text, built the way the game's Rust `render` builds it.
class Canon {
public:
    explicit Canon(std::size_t reserve = 0) { s_.reserve(reserve); }

    Canon& operator<<(std::string_view v) {
        s_.append(v);
        return *this;
    }
    Canon& operator<<(char c) {
        s_.push_back(c);
        return *this;
    }
    // Any integer type, in decimal as Rust's `Display` writes it.
    template <typename T, typename = std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, char> &&
                                                      !std::is_same_v<T, bool>>>
    Canon& operator<<(T v) {
        char buf[24];
        auto r = std::to_chars(buf, buf + sizeof buf, v);
        s_.append(buf, r.ptr);
        return *this;
    }

    const std::string& text() const { return s_; }

private:
    std::string s_;
};

// The line (1-based) holding byte `at` of `s`, quoted, or "the end of the
// input" when `at` is past the last line.
inline std::string line_at(std::string_view s, std::size_t at, std::size_t& number) {
    number = 1;
    std::size_t start = 0;
    for (std::size_t i = 0; i < at && i < s.size(); ++i) {
        if (s[i] == '\n') {
            ++number;
            start = i + 1;
        }
    }
    if (start >= s.size()) return "the end of the input";
    std::size_t end = s.find('\n', start);
    if (end == std::string_view::npos) return quote(s.substr(start)) + " without a final newline";
    return quote(s.substr(start, end - start));
}

// Rejects unless `text` is exactly `canonical`, naming the first line that
// differs and what it should be.
inline void require_canonical(std::string_view text, std::string_view canonical) {
    if (text == canonical) return;
    std::size_t i = 0;
    while (i < text.size() && i < canonical.size() && text[i] == canonical[i]) ++i;
    // Both texts agree up to byte i, so the line number is the same in both.
    std::size_t line = 0;
    std::string got = line_at(text, i, line);
    std::string want = line_at(canonical, i, line);
    reject("not in canonical layout: line " + num(line) + " is " + got + ", expected " + want);
}

// The whole validator: `check` parses and validates (rejecting on the first
// violated rule) and returns the canonical text of what it read.
template <typename Check>
int run(Check check) {
    const std::string text = read_all_stdin();
    // Every canonical text is ASCII, so any other byte (including bytes that
    // are not UTF-8 at all) already decides the verdict; refusing it first
    // keeps binary junk out of every later message.
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (static_cast<unsigned char>(text[i]) >= 0x80) {
            std::size_t line = 1;
            for (std::size_t j = 0; j < i; ++j) line += text[j] == '\n';
            reject("line " + num(line) + ": a byte that is not ASCII text");
        }
    }
    const std::string canonical = check(std::string_view(text));
    require_canonical(text, canonical);
    return VALID;
}

// ---- Answer validators ----
//
// `answer INPUT < ANSWER` (src/games/<id>/answer.cpp, the answer validator
// of a 2025-09 package, as BAPCtools runs it): exit 42 when the answer
// file is exactly the canonical text of an output that fits the input, as
// `kattis::answer_verdict` decides, 43 otherwise with the reason. It checks
// the answer's form and its fit with the input (one answer per case, a
// winner among the players, ...), never whether it is right: that is the
// engine's business when gamefuzz writes the file.
//
// The input has passed the input validator first, so it is only read as
// far as the answer needs; an input that does not even read is refused.

[[noreturn]] inline void wrong(const std::string& why) {
    std::fprintf(stderr, "invalid answer: %s\n", why.c_str());
    std::fflush(stderr);
    std::exit(INVALID);
}

// The whole file `path` as bytes, as `read_all` reads.
inline std::string read_file(const char* path) {
    std::FILE* f = std::fopen(path, "rb");
    if (f == nullptr) {
        std::fprintf(stderr, "cannot read the input file %s\n", path);
        std::exit(1);
    }
    std::string data = read_all(f, path);
    std::fclose(f);
    return data;
}

// The lines of an answer in order, each of which must end with a newline,
// as every canonical answer's lines do.
class Lines {
public:
    explicit Lines(std::string_view text) : text_(text) {}

    bool at_end() const { return pos_ == text_.size(); }

    // Number (1-based) of the line `next` returned last.
    std::size_t line() const { return line_; }

    // The next line without its newline; an answer that stops here is
    // refused, naming `what` was expected.
    std::string_view next(const std::string& what) {
        if (at_end()) wrong("line " + num(line_ + 1) + ": expected " + what + ", found the end of the answer");
        std::size_t end = text_.find('\n', pos_);
        ++line_;
        if (end == std::string_view::npos) wrong("line " + num(line_) + " has no final newline");
        std::string_view l = text_.substr(pos_, end - pos_);
        pos_ = end + 1;
        return l;
    }

    // Nothing may follow the last answer.
    void finish() {
        if (!at_end()) wrong("line " + num(line_ + 1) + ": nothing may follow the last answer");
    }

private:
    std::string_view text_;
    std::size_t pos_ = 0;
    std::size_t line_ = 0;
};

// A number written as Rust and printf write it (digits, no sign, no
// leading zero), saturating like `Tokens::uint`; `ok` is false for any
// other spelling.
inline std::uint64_t canonical_uint(std::string_view s, bool& ok) {
    ok = !s.empty() && (s.size() == 1 || s[0] != '0');
    std::uint64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') {
            ok = false;
            return 0;
        }
        unsigned d = static_cast<unsigned>(c - '0');
        v = v > (SATURATED - d) / 10 ? SATURATED : v * 10 + d;
    }
    return v;
}

// The whole answer validator: `check(input, answer)` refuses through
// `wrong` (or `reject`, for an input that does not read) and returns when
// the answer is accepted.
template <typename Check>
int run_answer(int argc, char** argv, Check check) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s INPUT < ANSWER\n", argc > 0 ? argv[0] : "answer");
        return 1;
    }
    const std::string input = read_file(argv[1]);
    const std::string answer = read_all_stdin();
    for (std::size_t i = 0; i < answer.size(); ++i) {
        if (static_cast<unsigned char>(answer[i]) >= 0x80) {
            std::size_t line = 1;
            for (std::size_t j = 0; j < i; ++j) line += answer[j] == '\n';
            wrong("line " + num(line) + ": a byte that is not ASCII text");
        }
    }
    check(std::string_view(input), std::string_view(answer));
    return VALID;
}

}  // namespace gf

#endif  // GAMEFUZZ_VALIDATOR_HPP
