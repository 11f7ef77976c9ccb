// zoo: wrong
// bug: the per-kind count table is cleared with a loop over the first 5 kinds only, so the count of bw (last index) carries over from earlier cases when a case does not list bw
// named: counts-not-cleared@bw
#include <cstdio>
#include <cstring>

const char* KIND[6] = {"w", "b", "ww", "bb", "wb", "bw"};
long long cnt[6];

int main() {
    int n;
    while (scanf("%d", &n) == 1) {
        for (int i = 0; i < 5; i++) cnt[i] = 0;
        for (int i = 0; i < n; i++) {
            char s[4]; long long c;
            scanf("%3s %lld", s, &c);
            for (int k = 0; k < 6; k++) if (!strcmp(s, KIND[k])) cnt[k] = c;
        }
        __int128 t = (__int128)2 * cnt[0] - (__int128)2 * cnt[1] + (__int128)4 * cnt[2]
                   - (__int128)4 * cnt[3] - cnt[4] + cnt[5];
        printf("%s %s\n", t > 0 ? "win" : "lose", t >= 0 ? "win" : "lose");
    }
}
