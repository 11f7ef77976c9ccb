// zoo: wrong
// bug: the whole-valued piles decide first and the mixed piles (bw, wb) are only looked at when the whole piles tie
// named: halves-tiebreak
#include <bits/stdc++.h>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    int n;
    while (cin >> n) {
        unordered_map<string, long long> c;
        for (int i = 0; i < n; i++) {
            string k; long long v;
            cin >> k >> v;
            c[k] = v;
        }
        __int128 whole = (__int128)c["w"] + 2 * (__int128)c["ww"] - c["b"] - 2 * (__int128)c["bb"];
        int sign;
        if (whole != 0) sign = whole > 0 ? 1 : -1;
        else sign = c["bw"] > c["wb"] ? 1 : c["bw"] < c["wb"] ? -1 : 0;
        if (sign > 0) cout << "win win\n";
        else if (sign == 0) cout << "lose win\n";
        else cout << "lose lose\n";
    }
}
