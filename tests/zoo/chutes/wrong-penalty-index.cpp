// zoo: wrong
// bug: lose-a-turn penalty is stored as owe[cur + 1] (1-based) but checked as owe[cur] (0-based)
// named: penalty-index-off-by-one
#include <cstdio>
#include <cstring>

int main() {
    static int roll[1000];
    int n = 0, r;
    while (scanf("%d", &r) == 1 && r) roll[n++] = r;
    int P;
    while (scanf("%d", &P) == 1 && P) {
        int go[101], mark[101];
        for (int i = 0; i < 101; i++) { go[i] = i; mark[i] = 0; }
        int s, e;
        while (scanf("%d %d", &s, &e) == 2 && (s || e)) go[s] = e;
        int v;
        while (scanf("%d", &v) == 1 && v) mark[v < 0 ? -v : v] = (v < 0) ? 'L' : 'E';
        int at[7], owe[7];
        memset(at, 0, sizeof at);
        memset(owe, 0, sizeof owe);
        int cur = 0, used = 0, win = 0;
        while (!win && used < n) {
            if (owe[cur]) { owe[cur] = 0; cur = (cur + 1) % P; continue; }
            int t;
            do {
                t = at[cur] + roll[used++];
                if (t > 100) break;
                if (t == 100) { win = cur + 1; break; }
                at[cur] = go[t];
                if (mark[t] == 'L') owe[cur + 1] = 1;
            } while (mark[t] == 'E' && used < n);
            cur = (cur + 1) % P;
        }
        printf("%d\n", win ? win : 1);
    }
    return 0;
}
