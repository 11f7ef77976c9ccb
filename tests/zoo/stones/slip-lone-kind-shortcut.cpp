// zoo: slip
// bug: a case with a single kind is answered at once, win win when the kind has a white stone, so a lone wb pile (white on black) is answered win win
// rule: pile-wb
// element: pile
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n;
    while (cin >> n) {
        vector<pair<string, long long>> piles(n);
        for (auto& p : piles) cin >> p.first >> p.second;
        if (n == 1) {
            // one kind only: if it has a white stone A always has a move
            cout << (piles[0].first.find('w') != string::npos ? "win win" : "lose lose") << "\n";
            continue;
        }
        __int128 t = 0;
        for (auto& p : piles) {
            const string& k = p.first;
            long long c = p.second;
            if (k == "w") t += 2 * (__int128)c;
            else if (k == "b") t -= 2 * (__int128)c;
            else if (k == "ww") t += 4 * (__int128)c;
            else if (k == "bb") t -= 4 * (__int128)c;
            else if (k == "bw") t += c;
            else t -= c;
        }
        if (t > 0) cout << "win win\n";
        else if (t == 0) cout << "lose win\n";
        else cout << "lose lose\n";
    }
}
