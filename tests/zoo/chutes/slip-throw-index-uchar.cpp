// zoo: slip
// bug: the position in the throw list is kept in an unsigned char, so a game that needs more than 255 throws wraps back to the first throws
// rule: list-restarts
// element: throw
#include <cstdio>
#include <cstring>

int dice[1000], nd;
int go[101];
int kind[101];   // 0 plain, 1 extra throw, 2 lose a turn

int main() {
    int x;
    while (scanf("%d", &x) == 1 && x != 0) dice[nd++] = x;
    int P;
    while (scanf("%d", &P) == 1 && P != 0) {
        for (int i = 0; i <= 100; i++) go[i] = i;
        memset(kind, 0, sizeof kind);
        int a, b;
        while (scanf("%d%d", &a, &b) == 2 && (a || b)) go[a] = b;
        while (scanf("%d", &x) == 1 && x) {
            if (x > 0) kind[x] = 1;
            else kind[-x] = 2;
        }
        int sq[5] = {0, 0, 0, 0, 0};
        bool skip[5] = {false, false, false, false, false};
        unsigned char at = 0;     // next throw
        int p = 0, winner = 0;
        for (int guard = 0; !winner && guard < 100000; guard++) {
            if (skip[p]) {
                skip[p] = false;
                p = (p + 1) % P;
                continue;
            }
            for (;;) {
                int t = sq[p] + dice[at++];
                if (t > 100) break;
                if (t == 100) { winner = p + 1; break; }
                sq[p] = go[t];
                if (kind[t] == 2) skip[p] = true;
                if (kind[t] != 1) break;
            }
            p = (p + 1) % P;
        }
        printf("%d\n", winner);
    }
    return 0;
}
