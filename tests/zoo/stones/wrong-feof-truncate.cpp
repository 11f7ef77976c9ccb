// zoo: wrong
// bug: the loop tests feof before reading, so after the last case (input ending in a newline) it runs once more with the last pile line read
// bug: the mixed piles are added as (bw - wb) / 2 whole moves, truncating an odd half
// named: last-case-twice + halves-truncated
#include <cstdio>
#include <cstring>

int main() {
    int n = 0;
    char kind[4] = "";
    long long c = 0;
    while (!feof(stdin)) {
        scanf("%d", &n);
        long long w = 0, b = 0, ww = 0, bb = 0, wb = 0, bw = 0;
        for (int i = 0; i < n; i++) {
            scanf("%3s %lld", kind, &c);
            if (!strcmp(kind, "w")) w = c;
            else if (!strcmp(kind, "b")) b = c;
            else if (!strcmp(kind, "ww")) ww = c;
            else if (!strcmp(kind, "bb")) bb = c;
            else if (!strcmp(kind, "wb")) wb = c;
            else if (!strcmp(kind, "bw")) bw = c;
        }
        __int128 g = (__int128)w - b + 2 * ((__int128)ww - bb) + ((__int128)bw - wb) / 2;
        if (g > 0) puts("win win");
        else if (g == 0) puts("lose win");
        else puts("lose lose");
    }
    return 0;
}
