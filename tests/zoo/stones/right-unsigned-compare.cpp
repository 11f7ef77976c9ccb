// zoo: right
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

// Reads the whole input and compares what A owns with what B owns,
// both in half-moves, as unsigned 64-bit totals (each side at most 7e18).
static std::vector<char> buf;
static size_t pos = 0;

static bool token(char* out, size_t cap) {
    while (pos < buf.size() && (buf[pos] == ' ' || buf[pos] == '\n' || buf[pos] == '\r' || buf[pos] == '\t')) pos++;
    if (pos >= buf.size()) return false;
    size_t k = 0;
    while (pos < buf.size() && !(buf[pos] == ' ' || buf[pos] == '\n' || buf[pos] == '\r' || buf[pos] == '\t')) {
        if (k + 1 < cap) out[k++] = buf[pos];
        pos++;
    }
    out[k] = 0;
    return true;
}

int main() {
    char chunk[1 << 16];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, stdin)) > 0) buf.insert(buf.end(), chunk, chunk + got);
    char tk[64];
    while (token(tk, sizeof tk)) {
        int n = atoi(tk);
        unsigned long long mine = 0, theirs = 0;   // A's and B's half-moves
        for (int i = 0; i < n; i++) {
            char kind[8];
            token(kind, sizeof kind);
            token(tk, sizeof tk);
            unsigned long long c = strtoull(tk, nullptr, 10);
            if (!strcmp(kind, "w")) mine += 2 * c;
            else if (!strcmp(kind, "ww")) mine += 4 * c;
            else if (!strcmp(kind, "bw")) mine += c;
            else if (!strcmp(kind, "b")) theirs += 2 * c;
            else if (!strcmp(kind, "bb")) theirs += 4 * c;
            else if (!strcmp(kind, "wb")) theirs += c;
        }
        const char* first = mine > theirs ? "win" : "lose";
        const char* second = mine >= theirs ? "win" : "lose";
        printf("%s %s\n", first, second);
    }
    return 0;
}
