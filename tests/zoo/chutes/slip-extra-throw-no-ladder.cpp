// zoo: slip
// bug: ladders and chutes are two tables, and the code of the extra throw looks at the chute table only, so an extra throw never climbs a ladder
// rule: extra-throw-jumps
// element: ladder
#include <cstdio>
#include <cstring>

int rolls[1000], nr;
int ladderTop[101], chuteEnd[101];
bool lose[101], bonus[101];

int main() {
    int x;
    while (scanf("%d", &x) == 1 && x) rolls[nr++] = x;
    int P;
    while (scanf("%d", &P) == 1 && P) {
        memset(ladderTop, 0, sizeof ladderTop);
        memset(chuteEnd, 0, sizeof chuteEnd);
        memset(lose, 0, sizeof lose);
        memset(bonus, 0, sizeof bonus);
        int s, e;
        while (scanf("%d%d", &s, &e) == 2 && (s || e)) {
            if (e > s) ladderTop[s] = e;
            else chuteEnd[s] = e;
        }
        while (scanf("%d", &x) == 1 && x) {
            if (x < 0) lose[-x] = true;
            else bonus[x] = true;
        }
        int pos[5] = {0}, skip[5] = {0};
        int cur = 0, r = 0, won = 0;
        while (!won && r < nr) {
            if (skip[cur]) {
                skip[cur] = 0;
                cur = (cur + 1) % P;
                continue;
            }
            int t = pos[cur] + rolls[r++];
            if (t == 100) { won = cur + 1; break; }
            if (t < 100) {
                if (ladderTop[t]) pos[cur] = ladderTop[t];
                else if (chuteEnd[t]) pos[cur] = chuteEnd[t];
                else pos[cur] = t;
                if (lose[t]) skip[cur] = 1;
                // bonus throws
                while (bonus[t] && r < nr) {
                    t = pos[cur] + rolls[r++];
                    if (t > 100) break;
                    if (t == 100) { won = cur + 1; break; }
                    pos[cur] = chuteEnd[t] ? chuteEnd[t] : t;
                    if (lose[t]) skip[cur] = 1;
                }
            }
            if (!won) cur = (cur + 1) % P;
        }
        printf("%d\n", won);
    }
    return 0;
}
