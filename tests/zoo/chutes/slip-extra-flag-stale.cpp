// zoo: slip
// bug: the "throw again" flag is cleared only after a throw that stays on the board, so when an extra throw goes past 100 it stays set and the next player skips its missed-turn check
// rule: extra-throw-overshoots
// element: extra-throw square
#include <iostream>
#include <map>
#include <vector>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    vector<int> die;
    for (int x; cin >> x && x;) die.push_back(x);
    int np;
    while (cin >> np && np) {
        map<int, int> jumps;
        for (int s, e; cin >> s >> e && (s || e);) jumps[s] = e;
        map<int, int> spec;   // square -> -1 lose a turn, +1 throw again
        for (int v; cin >> v && v;) spec[v < 0 ? -v : v] = v < 0 ? -1 : 1;

        vector<int> at(np, 0);
        vector<bool> sitOut(np, false);
        int who = 0, winner = 0;
        bool extra = false;
        for (size_t r = 0; r < die.size() && !winner;) {
            if (!extra && sitOut[who]) {
                sitOut[who] = false;
                who = (who + 1) % np;
                continue;
            }
            int t = at[who] + die[r++];
            if (t > 100) {
                who = (who + 1) % np;
                continue;
            }
            extra = false;
            if (t == 100) {
                winner = who + 1;
                break;
            }
            auto j = jumps.find(t);
            at[who] = j == jumps.end() ? t : j->second;
            auto sp = spec.find(t);
            if (sp != spec.end()) {
                if (sp->second < 0) sitOut[who] = true;
                else extra = true;
            }
            if (!extra) who = (who + 1) % np;
        }
        cout << winner << '\n';
    }
}
