// zoo: slip
// bug: chutes and ladders sit in two tables that I look up one after the other, chutes first, so a chute whose bottom is a ladder's foot goes on up that ladder
// rule: no-chained-jump
// element: chute
#include <cstdio>
#include <cstring>

int dice[1000], nd;
int chuteTo[101], ladderTo[101];
int spec[101];   // -1 lose a turn, 1 throw again

int main() {
    int d;
    while (scanf("%d", &d) == 1 && d) dice[nd++] = d;
    int players;
    while (scanf("%d", &players) == 1 && players) {
        memset(chuteTo, 0, sizeof chuteTo);
        memset(ladderTo, 0, sizeof ladderTo);
        memset(spec, 0, sizeof spec);
        int a, b;
        while (scanf("%d %d", &a, &b) == 2 && (a || b)) {
            if (a > b) chuteTo[a] = b;
            else ladderTo[a] = b;
        }
        int v;
        while (scanf("%d", &v) == 1 && v) spec[v > 0 ? v : -v] = v > 0 ? 1 : -1;
        int pos[5] = {0}, skip[5] = {0};
        int p = 0, i = 0, win = 0;
        while (!win && i < nd) {
            if (skip[p]) {
                skip[p] = 0;
                p = (p + 1) % players;
                continue;
            }
            int again;
            do {
                again = 0;
                int t = pos[p] + dice[i++];
                if (t > 100) break;
                if (t == 100) { win = p + 1; break; }
                int q = t;
                if (chuteTo[q]) q = chuteTo[q];
                if (ladderTo[q]) q = ladderTo[q];
                pos[p] = q;
                if (spec[t] < 0) skip[p] = 1;
                if (spec[t] > 0) again = 1;
            } while (again && i < nd);
            p = (p + 1) % players;
        }
        printf("%d\n", win);
    }
    return 0;
}
