// zoo: right
#include <cstdio>

int th[1005], K;

int main() {
    int x;
    K = 0;
    while (scanf("%d", &x) == 1 && x) th[K++] = x;
    int P;
    while (scanf("%d", &P) == 1 && P) {
        int jump[101], spec[101];
        for (int i = 0; i <= 100; i++) { jump[i] = i; spec[i] = 0; }
        int s, e;
        while (scanf("%d %d", &s, &e) == 2 && (s || e)) jump[s] = e;
        int v;
        while (scanf("%d", &v) == 1 && v) {
            if (v < 0) spec[-v] = -1; else spec[v] = 1;
        }
        int pos[6] = {0}, miss[6] = {0};
        int idx = 0, cur = 0, win = -1;
        while (win < 0 && idx < K) {
            if (miss[cur]) { miss[cur] = 0; cur = (cur + 1) % P; continue; }
            bool again = true;
            while (again && idx < K) {
                again = false;
                int t = pos[cur] + th[idx++];
                if (t > 100) break;
                if (t == 100) { win = cur; break; }
                pos[cur] = jump[t];
                if (spec[t] == -1) miss[cur] = 1;
                else if (spec[t] == 1) again = true;
            }
            if (win < 0) cur = (cur + 1) % P;
        }
        printf("%d\n", win + 1);
    }
    return 0;
}
