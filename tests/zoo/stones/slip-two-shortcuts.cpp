// zoo: slip
// bug: a case of one kind is answered at once, win win when the kind holds a white stone, which is wrong for a lone wb pile
// bug: a case of mixed piles only is answered by bw > wb, win win or else lose lose, forgetting that equal counts mean lose win
// rule: pile-wb
// element: pile
#include <iostream>
#include <map>
#include <string>
using namespace std;

int main() {
    int n;
    while (cin >> n) {
        map<string, long long> c;
        for (int i = 0; i < n; i++) {
            string k;
            long long x;
            cin >> k >> x;
            c[k] = x;
        }
        string ans;
        if (n == 1) {
            ans = c.begin()->first.find('w') != string::npos ? "win win" : "lose lose";
        } else if (c.size() == (size_t)(c.count("bw") + c.count("wb"))) {
            ans = c["bw"] > c["wb"] ? "win win" : "lose lose";
        } else {
            __int128 t = 2 * (__int128)c["w"] + 4 * (__int128)c["ww"] + c["bw"];
            t -= 2 * (__int128)c["b"] + 4 * (__int128)c["bb"] + c["wb"];
            ans = t > 0 ? "win win" : t == 0 ? "lose win" : "lose lose";
        }
        cout << ans << '\n';
    }
}
