// Wrong on purpose (benches/solvers.rs): a tie leaves the cell to owner 0,
// Alice, so Alice's castle emptied by a tie is not lost.
// tests/solutions/generals.cpp otherwise.
#include <cstdio>
#include <string>
#include <vector>

static std::vector<char> buf;  // all of stdin, then a NUL
static const char *at;

static long long number() {
    while (*at && (*at < '0' || *at > '9')) at++;
    long long v = 0;
    while (*at >= '0' && *at <= '9') v = v * 10 + (*at++ - '0');
    return v;
}

static char letter() {
    while (*at == ' ' || *at == '\n' || *at == '\r' || *at == '\t') at++;
    return *at ? *at++ : '?';
}

enum Owner : char { NONE = -1, ALICE = 0, BOB = 1 };

int main() {
    char chunk[1 << 16];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, stdin)) > 0) buf.insert(buf.end(), chunk, chunk + got);
    buf.push_back('\0');
    at = buf.data();

    std::vector<long long> count;
    std::vector<char> owner;
    std::string out;
    int cases = (int)number();
    for (int t = 0; t < cases; t++) {
        int rows = (int)number(), cols = (int)number();
        count.assign((size_t)rows * cols, 0);
        owner.assign((size_t)rows * cols, NONE);
        auto cell = [cols](long long x, long long y) { return (size_t)((x - 1) * cols + (y - 1)); };
        size_t castle[2];
        long long score[2];
        for (int p = 0; p < 2; p++) {
            long long x = number(), y = number();
            castle[p] = cell(x, y);
            score[p] = number();
            count[castle[p]] = score[p];
            owner[castle[p]] = (char)p;
        }
        int rounds = (int)number();
        int winner = NONE;
        for (int i = 0; i < 2 * rounds; i++) {
            long long x = number(), y = number();
            char d = letter();
            if (winner != NONE) continue;
            int me = i % 2, them = 1 - me;
            count[castle[me]]++;
            score[me]++;
            size_t from = cell(x, y);
            long long a = count[from] - 1;
            count[from] = 1;
            long long tx = x + (d == 'D') - (d == 'U'), ty = y + (d == 'R') - (d == 'L');
            size_t to = cell(tx, ty);
            if (owner[to] == NONE) {
                owner[to] = (char)me;
                count[to] = a;
            } else if (owner[to] == me) {
                count[to] += a;
            } else {
                long long e = count[to];
                long long lost = a < e ? a : e;
                score[me] -= lost;
                score[them] -= lost;
                if (a == e) {
                    owner[to] = 0;
                    count[to] = 0;
                } else if (e > a) {
                    count[to] = e - a;
                } else {
                    owner[to] = (char)me;
                    count[to] = a - e;
                }
            }
            if (owner[castle[them]] != them) winner = me;
        }
        out += winner == ALICE ? "Alice wins!!!\n" : winner == BOB ? "Bob wins!!\n" : "draw!\n";
        out += std::to_string(score[0]) + " " + std::to_string(score[1]) + "\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
