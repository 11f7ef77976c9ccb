// zoo: wrong
// bug: ladders and chutes are kept in two tables looked up one after the other, so a ladder whose top starts a chute is followed down that chute
// named: chained-jumps@ladder-then-chute
#include <iostream>
#include <string>
#include <sstream>
#include <vector>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    vector<int> rolls;
    string tok;
    while (cin >> tok) {
        int r = stoi(tok);
        if (r == 0) break;
        rolls.push_back(r);
    }
    int P;
    while (cin >> P && P) {
        int ladderTop[101] = {0}, chuteBottom[101] = {0};
        bool loseSq[101] = {false}, extraSq[101] = {false};
        int s, e;
        while (cin >> s >> e && (s || e)) {
            if (s < e) ladderTop[s] = e; else chuteBottom[s] = e;
        }
        int v;
        while (cin >> v && v) {
            if (v < 0) loseSq[-v] = true; else extraSq[v] = true;
        }
        vector<int> pos(P, 0);
        vector<bool> missNext(P, false);
        int player = 0, winner = 0;
        size_t r = 0;
        while (!winner && r < rolls.size()) {
            if (missNext[player]) {
                missNext[player] = false;
                player = (player + 1) % P;
                continue;
            }
            bool extra = false;
            do {
                extra = false;
                int t = pos[player] + rolls[r++];
                if (t > 100) break;
                if (t == 100) { winner = player + 1; break; }
                int q = t;
                if (ladderTop[q]) q = ladderTop[q];
                if (chuteBottom[q]) q = chuteBottom[q];
                pos[player] = q;
                if (loseSq[t]) missNext[player] = true;
                if (extraSq[t]) extra = true;
            } while (extra && r < rolls.size());
            player = (player + 1) % P;
        }
        cout << (winner ? winner : 1) << '\n';
    }
    return 0;
}
