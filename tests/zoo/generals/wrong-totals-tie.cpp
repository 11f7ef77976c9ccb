// zoo: wrong
// bug: scores are running totals; when a fight is a tie only the attacker's total loses a soldiers, the defender's total keeps its e = a soldiers
// named: totals-miss-defenders-losses@tie
#include <cstdio>
#include <vector>
using namespace std;

int main() {
    int T;
    if (scanf("%d", &T) != 1) return 0;
    const char dirs[] = "UDLR";
    const int DX[] = {-1, 1, 0, 0}, DY[] = {0, 0, -1, 1};
    while (T--) {
        int n, m;
        scanf("%d %d", &n, &m);
        vector<int> owner(n * m, -1);
        vector<long long> num(n * m, 0);
        long long total[2] = {0, 0};
        int castle[2];
        for (int p = 0; p < 2; p++) {
            int x, y;
            long long c;
            scanf("%d %d %lld", &x, &y, &c);
            castle[p] = (x - 1) * m + (y - 1);
            owner[castle[p]] = p;
            num[castle[p]] = c;
            total[p] += c;
        }
        int q;
        scanf("%d", &q);
        int winner = -1;
        for (int i = 0; i < 2 * q; i++) {
            int x, y;
            char ds[4];
            scanf("%d %d %3s", &x, &y, ds);
            if (winner != -1) continue;
            int p = i % 2, o = 1 - p;
            num[castle[p]]++;
            total[p]++;
            int k = 0;
            while (dirs[k] != ds[0]) k++;
            int from = (x - 1) * m + (y - 1);
            int to = (x - 1 + DX[k]) * m + (y - 1 + DY[k]);
            long long a = num[from] - 1;
            num[from] = 1;
            if (owner[to] == -1) {
                owner[to] = p;
                num[to] = a;
            } else if (owner[to] == p) {
                num[to] += a;
            } else {
                long long e = num[to];
                if (a == e) {
                    total[p] -= a;
                    owner[to] = -1;
                    num[to] = 0;
                } else if (a < e) {
                    total[p] -= a;
                    total[o] -= a;
                    num[to] = e - a;
                } else {
                    total[p] -= e;
                    total[o] -= e;
                    owner[to] = p;
                    num[to] = a - e;
                }
            }
            if (owner[castle[o]] != o) winner = p;
        }
        if (winner == 0) printf("Alice wins!!!\n");
        else if (winner == 1) printf("Bob wins!!\n");
        else printf("draw!\n");
        printf("%lld %lld\n", total[0], total[1]);
    }
    return 0;
}
