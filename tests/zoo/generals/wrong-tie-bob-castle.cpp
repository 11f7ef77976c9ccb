// zoo: wrong
// bug: Alice's win test only asks whether Bob's castle now holds Alice's soldiers, so Alice emptying Bob's castle by a tie is no win (Bob's test is right)
// named: tie-not-a-castle-loss@bob-castle
#include <cstdio>
#include <vector>
using namespace std;

int main() {
    int T;
    scanf("%d", &T);
    while (T--) {
        int n, m;
        scanf("%d %d", &n, &m);
        vector<vector<long long>> b(n + 1, vector<long long>(m + 1, 0)); // Alice > 0, Bob < 0
        int ax, ay, bx, by;
        long long ca, cb;
        scanf("%d %d %lld %d %d %lld", &ax, &ay, &ca, &bx, &by, &cb);
        b[ax][ay] = ca;
        b[bx][by] = -cb;
        int q;
        scanf("%d", &q);
        bool over = false;
        int who = 0;
        for (int i = 1; i <= 2 * q; i++) {
            int x, y;
            char s[3];
            scanf("%d %d %2s", &x, &y, s);
            if (over) continue;
            int nx = x, ny = y;
            if (s[0] == 'U') nx--;
            if (s[0] == 'D') nx++;
            if (s[0] == 'L') ny--;
            if (s[0] == 'R') ny++;
            if (i % 2 == 1) {          // Alice
                b[ax][ay]++;
                long long a = b[x][y] - 1;
                b[x][y] = 1;
                b[nx][ny] += a;
                if (b[bx][by] > 0) { over = true; who = 1; }
            } else {                   // Bob
                b[bx][by]--;
                long long a = -b[x][y] - 1;
                b[x][y] = -1;
                b[nx][ny] -= a;
                if (b[ax][ay] <= 0) { over = true; who = 2; }
            }
        }
        long long sa = 0, sb = 0;
        for (int i = 1; i <= n; i++)
            for (int j = 1; j <= m; j++) {
                if (b[i][j] > 0) sa += b[i][j];
                else sb += -b[i][j];
            }
        if (who == 1) printf("Alice wins!!!\n");
        else if (who == 2) printf("Bob wins!!\n");
        else printf("draw!\n");
        printf("%lld %lld\n", sa, sb);
    }
    return 0;
}
