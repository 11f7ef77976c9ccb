// zoo: right
#include <iostream>
#include <map>
#include <string>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    // value of each pile in half units
    const map<string, int> half = {{"w", 2}, {"ww", 4}, {"b", -2}, {"bb", -4}, {"bw", 1}, {"wb", -1}};
    int n;
    while (cin >> n) {
        __int128 t = 0;
        for (int i = 0; i < n; i++) {
            string k; long long c;
            cin >> k >> c;
            t += (__int128)half.at(k) * c;
        }
        if (t > 0) cout << "win win\n";
        else if (t == 0) cout << "lose win\n";
        else cout << "lose lose\n";
    }
    return 0;
}
