// zoo: wrong
// bug: memset(special, 0, 100) on an int table clears only squares 0..24 between games, so special squares 25..99 of earlier games stay
// named: board-not-cleared@specials-above-24
#include <cstdio>
#include <cstring>

int throws_[1000], n;
int ladder[101];
int special[101]; // -1 lose a turn, +1 extra throw

int main() {
    int d;
    while (scanf("%d", &d) == 1 && d) throws_[n++] = d;
    int P;
    while (scanf("%d", &P) == 1 && P) {
        memset(ladder, 0, sizeof(ladder));
        memset(special, 0, 100);
        int s, e;
        while (scanf("%d %d", &s, &e) == 2 && (s || e)) ladder[s] = e;
        int v;
        while (scanf("%d", &v) == 1 && v) {
            if (v > 0) special[v] = 1; else special[-v] = -1;
        }
        int pos[5], skip[5];
        for (int i = 0; i < P; i++) pos[i] = skip[i] = 0;
        int k = 0, cur = 0, ans = -1;
        while (ans < 0 && k < n) {
            if (skip[cur]) { skip[cur] = 0; cur = (cur + 1) % P; continue; }
            int t = pos[cur] + throws_[k++];
            if (t == 100) { ans = cur; break; }
            if (t < 100) {
                pos[cur] = ladder[t] ? ladder[t] : t;
                if (special[t] == 1) continue;         // same player throws again
                if (special[t] == -1) skip[cur] = 1;
            }
            cur = (cur + 1) % P;
        }
        printf("%d\n", (ans < 0 ? 0 : ans) + 1);
    }
    return 0;
}
