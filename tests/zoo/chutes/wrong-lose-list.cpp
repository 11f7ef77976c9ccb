// zoo: wrong
// bug: a lose-a-turn square reached by an extra throw costs no turn (penalty only checked on the first throw of a turn)
// bug: the throw index is declared once outside the games loop, so every game continues the list where the last game stopped
// named: extra-throw-ignores-lose-turn + list-continues
#include <iostream>
#include <vector>
using namespace std;

int main() {
    vector<int> t;
    int x;
    while (cin >> x && x) t.push_back(x);
    int nt = t.size();
    int players, ti = 0;
    while (cin >> players && players) {
        int link[101], type[101];
        for (int i = 0; i <= 100; i++) { link[i] = i; type[i] = 0; }
        int a, b;
        while (cin >> a >> b && (a || b)) link[a] = b;
        int v;
        while (cin >> v && v) type[v > 0 ? v : -v] = (v > 0 ? 1 : -1);
        int pos[5] = {0}, lost[5] = {0};
        int p = 0, winner = 0;
        while (!winner && ti < nt) {
            if (lost[p]) { lost[p] = 0; p = (p + 1) % players; continue; }
            int np = pos[p] + t[ti++];
            if (np == 100) { winner = p + 1; break; }
            if (np < 100) {
                pos[p] = link[np];
                if (type[np] == -1) lost[p] = 1;
                // extra throws
                while (type[np] == 1 && ti < nt) {
                    np = pos[p] + t[ti++];
                    if (np == 100) { winner = p + 1; break; }
                    if (np > 100) break;
                    pos[p] = link[np];
                }
            }
            p = (p + 1) % players;
        }
        cout << (winner ? winner : 1) << endl;
    }
    return 0;
}
