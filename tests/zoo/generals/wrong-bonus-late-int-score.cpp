// zoo: wrong
// bug: the castle bonus is given before the game-over test, so every ignored line after a win still adds one soldier to the count of the mover's castle cell, whoever owns it now
// bug: the scores are summed in int and wrap past 2^31 - 1
// named: ignored-lines-feed-castle-cells + scores-in-32-bits
#include <iostream>
#include <vector>
#include <string>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    int T;
    cin >> T;
    while (T--) {
        int n, m;
        cin >> n >> m;
        vector<vector<int>> who(n + 1, vector<int>(m + 1, 0));
        vector<vector<long long>> num(n + 1, vector<long long>(m + 1, 0));
        int cx[2], cy[2];
        long long c;
        for (int k = 0; k < 2; k++) {
            cin >> cx[k] >> cy[k] >> c;
            who[cx[k]][cy[k]] = k + 1;
            num[cx[k]][cy[k]] = c;
        }
        int q;
        cin >> q;
        int result = 0;
        for (int i = 0; i < 2 * q; i++) {
            int x, y;
            string d;
            cin >> x >> y >> d;
            int me = i % 2;
            num[cx[me]][cy[me]]++;
            if (result) continue;
            int tx = x, ty = y;
            switch (d[0]) {
                case 'U': tx--; break;
                case 'D': tx++; break;
                case 'L': ty--; break;
                default: ty++;
            }
            long long a = num[x][y] - 1;
            num[x][y] = 1;
            int& o = who[tx][ty];
            long long& e = num[tx][ty];
            if (o == 0) { o = me + 1; e = a; }
            else if (o == me + 1) e += a;
            else if (a == e) { o = 0; e = 0; }
            else if (a < e) e -= a;
            else { o = me + 1; e = a - e; }
            int op = 1 - me;
            if (who[cx[op]][cy[op]] != op + 1) result = me + 1;
        }
        int sa = 0, sb = 0;
        for (int i = 1; i <= n; i++)
            for (int j = 1; j <= m; j++) {
                if (who[i][j] == 1) sa += num[i][j];
                else if (who[i][j] == 2) sb += num[i][j];
            }
        if (result == 1) cout << "Alice wins!!!\n";
        else if (result == 2) cout << "Bob wins!!\n";
        else cout << "draw!\n";
        cout << sa << " " << sb << "\n";
    }
    return 0;
}
