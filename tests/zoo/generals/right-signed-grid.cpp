// zoo: right
#include <cstdio>
#include <vector>
using namespace std;

// one signed 64-bit count per cell: > 0 Alice's soldiers, < 0 Bob's, 0 empty
int main() {
    int T;
    if (scanf("%d", &T) != 1) return 0;
    while (T--) {
        int n, m;
        scanf("%d %d", &n, &m);
        vector<long long> g((size_t)(n + 2) * (m + 2), 0);
        auto at = [&](int x, int y) -> long long& { return g[(size_t)x * (m + 2) + y]; };
        int ax, ay, bx, by;
        long long ca, cb;
        scanf("%d %d %lld", &ax, &ay, &ca);
        scanf("%d %d %lld", &bx, &by, &cb);
        at(ax, ay) = ca;
        at(bx, by) = -cb;
        int q;
        scanf("%d", &q);
        int result = 0; // 0 none, 1 Alice, 2 Bob
        char d[4];
        for (int i = 0; i < 2 * q; i++) {
            int x, y;
            scanf("%d %d %3s", &x, &y, d);
            if (result) continue;
            long long sgn = (i % 2 == 0) ? 1 : -1;
            if (sgn > 0) at(ax, ay) += 1; else at(bx, by) -= 1;
            long long c = at(x, y) * sgn;
            long long a = c - 1;
            at(x, y) = sgn;
            int tx = x, ty = y;
            if (d[0] == 'U') tx--;
            else if (d[0] == 'D') tx++;
            else if (d[0] == 'L') ty--;
            else ty++;
            long long &t = at(tx, ty);
            t += sgn * a; // joining adds, fighting cancels: the sign tells the owner
            long long opp = (sgn > 0) ? at(bx, by) : at(ax, ay);
            if (sgn > 0 && opp >= 0) result = 1;
            if (sgn < 0 && opp <= 0) result = 2;
        }
        long long sa = 0, sb = 0;
        for (int x = 1; x <= n; x++)
            for (int y = 1; y <= m; y++) {
                long long v = at(x, y);
                if (v > 0) sa += v; else sb -= v;
            }
        if (result == 1) puts("Alice wins!!!");
        else if (result == 2) puts("Bob wins!!");
        else puts("draw!");
        printf("%lld %lld\n", sa, sb);
    }
    return 0;
}
