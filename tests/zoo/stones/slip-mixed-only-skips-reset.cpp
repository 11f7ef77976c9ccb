// zoo: slip
// bug: the counts are zeroed after each answer, but the shortcut for a case of mixed piles only prints and continues first, so a bw or wb count of that case is still there in the next case when that one does not list the kind
// rule: pile-bw, pile-wb
// element: pile
#include <bits/stdc++.h>
using namespace std;

long long cnt[6];   // w b ww bb bw wb
const char* names[6] = {"w", "b", "ww", "bb", "bw", "wb"};
const int halfMoves[6] = {2, -2, 4, -4, 1, -1};

int main() {
    int n;
    while (scanf("%d", &n) == 1) {
        bool mixedOnly = true;
        for (int i = 0; i < n; i++) {
            char s[4];
            long long c;
            scanf("%3s %lld", s, &c);
            for (int k = 0; k < 6; k++)
                if (!strcmp(s, names[k])) {
                    cnt[k] = c;
                    if (k < 4) mixedOnly = false;
                }
        }
        if (mixedOnly) {
            long long d = cnt[4] - cnt[5];
            puts(d > 0 ? "win win" : d == 0 ? "lose win" : "lose lose");
            continue;
        }
        __int128 t = 0;
        for (int k = 0; k < 6; k++) t += (__int128)halfMoves[k] * cnt[k];
        puts(t > 0 ? "win win" : t == 0 ? "lose win" : "lose lose");
        memset(cnt, 0, sizeof cnt);
    }
    return 0;
}
