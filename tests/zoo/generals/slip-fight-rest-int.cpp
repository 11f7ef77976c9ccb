// zoo: slip
// bug: the soldiers left after a fight are kept in an int (int rest = a - e or e - a), which wraps when more than 2^31 - 1 are left
// rule: stack-beyond-32-bits
// element: soldiers
#include <cstdio>
#include <cstring>
#include <vector>
#include <string>
using namespace std;

static char buf[1 << 16];
static size_t blen = 0, bpos = 0;
static int gc() {
    if (bpos == blen) {
        blen = fread(buf, 1, sizeof buf, stdin);
        bpos = 0;
        if (blen == 0) return -1;
    }
    return buf[bpos++];
}
static long long readInt() {
    int c = gc();
    while (c != -1 && (c < '0' || c > '9')) c = gc();
    long long v = 0;
    while (c >= '0' && c <= '9') { v = v * 10 + (c - '0'); c = gc(); }
    return v;
}
static char readDir() {
    int c = gc();
    while (c != -1 && c != 'U' && c != 'D' && c != 'L' && c != 'R') c = gc();
    return (char)c;
}

int main() {
    const int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, -1, 1};
    int T = (int)readInt();
    string out;
    vector<signed char> owner;  // -1 empty, 0 Alice, 1 Bob
    vector<long long> cnt;
    for (int tc = 0; tc < T; tc++) {
        int N = (int)readInt(), M = (int)readInt();
        owner.assign((size_t)N * M, -1);
        cnt.assign((size_t)N * M, 0);
        int cx[2], cy[2];
        for (int p = 0; p < 2; p++) {
            cx[p] = (int)readInt() - 1;
            cy[p] = (int)readInt() - 1;
            long long c = readInt();
            owner[(size_t)cx[p] * M + cy[p]] = (signed char)p;
            cnt[(size_t)cx[p] * M + cy[p]] = c;
        }
        int Q = (int)readInt();
        int winner = -1;
        for (int r = 0; r < Q; r++) {
            for (int p = 0; p < 2; p++) {
                int x = (int)readInt() - 1, y = (int)readInt() - 1;
                char d = readDir();
                if (winner >= 0) continue;
                size_t castle = (size_t)cx[p] * M + cy[p];
                cnt[castle]++;
                int k = d == 'U' ? 0 : d == 'D' ? 1 : d == 'L' ? 2 : 3;
                size_t from = (size_t)x * M + y;
                size_t to = (size_t)(x + dx[k]) * M + (y + dy[k]);
                long long a = cnt[from] - 1;
                cnt[from] = 1;
                if (owner[to] == -1) { owner[to] = (signed char)p; cnt[to] = a; }
                else if (owner[to] == p) cnt[to] += a;
                else {
                    long long e = cnt[to];
                    int rest;
                    if (a == e) { owner[to] = -1; cnt[to] = 0; }
                    else if (a < e) { rest = e - a; cnt[to] = rest; }
                    else { rest = a - e; owner[to] = (signed char)p; cnt[to] = rest; }
                }
                size_t oc = (size_t)cx[1 - p] * M + cy[1 - p];
                if (owner[oc] != 1 - p) winner = p;
            }
        }
        long long score[2] = {0, 0};
        for (size_t i = 0; i < owner.size(); i++)
            if (owner[i] >= 0) score[owner[i]] += cnt[i];
        if (winner == 0) out += "Alice wins!!!\n";
        else if (winner == 1) out += "Bob wins!!\n";
        else out += "draw!\n";
        out += to_string(score[0]) + " " + to_string(score[1]) + "\n";
    }
    fputs(out.c_str(), stdout);
    return 0;
}
