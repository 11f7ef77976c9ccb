// zoo: wrong
// bug: after a served missed turn the turn index is incremented without wrapping (turn = turn + 1), so after player P it reaches a player P+1
// named: turn-index-not-wrapped@missed-turn
#include <cstdio>

const int MAXT = 1000;
int th[MAXT], K;
int sq[MAXT + 8], skipnext[MAXT + 8];

int main() {
    int x;
    while (scanf("%d", &x) == 1 && x) th[K++] = x;
    int P;
    while (scanf("%d", &P) == 1 && P) {
        int jump[101] = {0}, lose[101] = {0}, extra[101] = {0};
        int s, e;
        while (scanf("%d %d", &s, &e) == 2 && (s || e)) jump[s] = e;
        int v;
        while (scanf("%d", &v) == 1 && v) {
            if (v < 0) lose[-v] = 1; else extra[v] = 1;
        }
        for (int i = 0; i < MAXT + 8; i++) sq[i] = skipnext[i] = 0;
        int turn = 1, k = 0, winner = 0;   // players are 1..P
        while (!winner && k < K) {
            if (skipnext[turn]) {
                skipnext[turn] = 0;
                turn = turn + 1;
                continue;
            }
            while (k < K) {
                int t = sq[turn] + th[k++];
                if (t > 100) break;
                if (t == 100) { winner = turn; break; }
                sq[turn] = jump[t] ? jump[t] : t;
                if (lose[t]) { skipnext[turn] = 1; break; }
                if (!extra[t]) break;
            }
            turn = turn % P + 1;
        }
        printf("%d\n", winner ? winner : 1);
    }
    return 0;
}
