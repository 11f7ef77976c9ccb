// zoo: slip
// bug: when a case has only mixed piles I answer by comparing bw with wb, but forgot the equal case, which I answer lose lose instead of lose win
// rule: second-player-wins
// element: pile
#include <cstdio>
#include <cstring>

int main() {
    int n;
    while (scanf("%d", &n) == 1) {
        long long w = 0, b = 0, ww = 0, bb = 0, bw = 0, wb = 0;
        bool wholePiles = false;
        for (int i = 0; i < n; i++) {
            char s[4];
            long long c;
            scanf("%3s %lld", s, &c);
            if (!strcmp(s, "bw")) bw = c;
            else if (!strcmp(s, "wb")) wb = c;
            else {
                wholePiles = true;
                if (!strcmp(s, "w")) w = c;
                else if (!strcmp(s, "b")) b = c;
                else if (!strcmp(s, "ww")) ww = c;
                else bb = c;
            }
        }
        if (!wholePiles) {
            // only half-valued piles: more bw than wb is good for A
            puts(bw > wb ? "win win" : "lose lose");
            continue;
        }
        // twice the value: whole piles count 2 per stone move, mixed piles 1
        long long pos = 2 * w + 4 * ww + bw, neg = 2 * b + 4 * bb + wb;
        if (pos > neg) puts("win win");
        else if (pos == neg) puts("lose win");
        else puts("lose lose");
    }
    return 0;
}
