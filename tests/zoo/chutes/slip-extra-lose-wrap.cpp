// zoo: slip
// bug: players are numbered from 1, but when an extra throw lands on a lose-a-turn square I pass the turn with (cur + 1) % P, so after player P - 1 the turn goes to a player 0 that does not exist
// rule: extra-throw-loses-a-turn
// element: player
#include <cstdio>

int throwsList[1005], nThrows;

int main() {
    int d;
    while (scanf("%d", &d) == 1 && d) throwsList[++nThrows] = d;
    int P;
    while (scanf("%d", &P) == 1 && P) {
        int jumpTo[101] = {0};
        int special[101] = {0};
        int s, e;
        while (scanf("%d %d", &s, &e) == 2 && !(s == 0 && e == 0)) jumpTo[s] = e;
        int v;
        while (scanf("%d", &v) == 1 && v) special[v < 0 ? -v : v] = v < 0 ? -1 : 1;

        int square[7] = {0}, lose[7] = {0};
        int cur = 1, k = 1, win = 0;
        while (!win && k <= nThrows) {
            if (lose[cur]) {
                lose[cur] = 0;
                cur = cur % P + 1;
                continue;
            }
            int t = square[cur] + throwsList[k++];
            if (t == 100) { win = cur; break; }
            if (t < 100) {
                square[cur] = jumpTo[t] ? jumpTo[t] : t;
                if (special[t] < 0) lose[cur] = 1;
                // extra throws, as long as we land on extra squares
                bool stop = false;
                while (special[t] > 0 && k <= nThrows) {
                    t = square[cur] + throwsList[k++];
                    if (t > 100) break;
                    if (t == 100) { win = cur; break; }
                    square[cur] = jumpTo[t] ? jumpTo[t] : t;
                    if (special[t] < 0) { lose[cur] = 1; stop = true; }
                }
                if (win) break;
                if (stop) { cur = (cur + 1) % P; continue; }
            }
            cur = cur % P + 1;
        }
        printf("%d\n", win);
    }
    return 0;
}
