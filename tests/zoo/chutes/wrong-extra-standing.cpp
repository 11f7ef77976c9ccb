// zoo: wrong
// bug: extra-throw loop is a do-while on the square the player stands on, so a lost (overshooting) throw while standing on an extra-throw square gives another throw
// named: standing-square-triggers@extra-throw-square
#include <iostream>
#include <vector>
using namespace std;

int main() {
    vector<int> dice;
    int d;
    while (cin >> d && d) dice.push_back(d);
    int n = dice.size();
    int P;
    while (cin >> P && P) {
        vector<int> dest(101);
        for (int i = 0; i <= 100; i++) dest[i] = i;
        vector<bool> loseT(101, false), extraT(101, false);
        int a, b;
        while (cin >> a >> b && (a || b)) dest[a] = b;
        int v;
        while (cin >> v && v) {
            if (v < 0) loseT[-v] = true; else extraT[v] = true;
        }
        vector<int> pos(P, 0);
        vector<bool> wait(P, false);
        int idx = 0, p = 0, winner = -1;
        while (winner < 0 && idx < n) {
            if (wait[p]) { wait[p] = false; p = (p + 1) % P; continue; }
            do {
                int t = pos[p] + dice[idx++];
                if (t == 100) { winner = p; break; }
                if (t < 100) {
                    pos[p] = dest[t];
                    if (loseT[t]) wait[p] = true;
                }
            } while (idx < n && extraT[pos[p]]);
            p = (p + 1) % P;
        }
        cout << (winner < 0 ? 1 : winner + 1) << "\n";
    }
    return 0;
}
