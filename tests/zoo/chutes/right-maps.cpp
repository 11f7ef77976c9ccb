// zoo: right
#include <iostream>
#include <map>
#include <set>
#include <vector>
using namespace std;

struct Player { int sq = 0; bool skip = false; };

struct Game {
    map<int, int> jumps;
    set<int> loseSq, extraSq;
    vector<Player> pl;
    const vector<int>* dice;
    size_t next = 0;

    // returns true if the player wins during this turn
    bool turn(Player& p) {
        while (next < dice->size()) {
            int t = p.sq + (*dice)[next++];
            if (t > 100) return false;
            if (t == 100) return true;
            auto it = jumps.find(t);
            p.sq = (it == jumps.end()) ? t : it->second;
            if (loseSq.count(t)) { p.skip = true; return false; }
            if (!extraSq.count(t)) return false;
        }
        return false;
    }

    int play() {
        int n = pl.size();
        for (int c = 0; next < dice->size(); c = (c + 1) % n) {
            Player& p = pl[c];
            if (p.skip) { p.skip = false; continue; }
            if (turn(p)) return c + 1;
        }
        return 1;
    }
};

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    vector<int> dice;
    int d;
    while (cin >> d && d != 0) dice.push_back(d);
    int players;
    while (cin >> players && players != 0) {
        Game g;
        g.dice = &dice;
        g.pl.assign(players, Player());
        int a, b;
        while (cin >> a >> b) {
            if (a == 0 && b == 0) break;
            g.jumps[a] = b;
        }
        int v;
        while (cin >> v && v != 0) {
            if (v < 0) g.loseSq.insert(-v); else g.extraSq.insert(v);
        }
        cout << g.play() << '\n';
    }
    return 0;
}
