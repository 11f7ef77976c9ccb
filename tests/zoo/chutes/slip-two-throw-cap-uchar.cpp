// zoo: slip
// bug: a turn is a loop of at most three throws (I thought a fourth throw in a row never happens), so a third extra throw in a row is never made
// bug: the index of the next throw is an unsigned char, so in a game longer than 255 throws it wraps back to the first throw
// rule: extra-throw-chained
// element: extra-throw square
#include <iostream>
#include <set>
#include <vector>
using namespace std;

struct Board {
    int to[101];
    set<int> miss, again;
    void clear() {
        for (int i = 0; i <= 100; i++) to[i] = i;
        miss.clear();
        again.clear();
    }
};

int main() {
    vector<int> throws;
    int v;
    while (cin >> v && v != 0) throws.push_back(v);
    Board b;
    int n;
    while (cin >> n && n != 0) {
        b.clear();
        int s, e;
        while (cin >> s >> e && !(s == 0 && e == 0)) b.to[s] = e;
        while (cin >> v && v != 0) {
            if (v < 0) b.miss.insert(-v);
            else b.again.insert(v);
        }
        vector<int> sq(n, 0);
        vector<char> owes(n, 0);
        unsigned char next = 0;
        int who = 0, winner = -1;
        for (int turns = 0; winner < 0 && next < throws.size() && turns < 100000; turns++) {
            if (owes[who]) {
                owes[who] = 0;
                who = (who + 1) % n;
                continue;
            }
            for (int k = 0; k < 3 && next < throws.size(); k++) {
                int t = sq[who] + throws[next++];
                if (t > 100) break;
                if (t == 100) {
                    winner = who + 1;
                    break;
                }
                sq[who] = b.to[t];
                if (b.miss.count(t)) { owes[who] = 1; break; }
                if (!b.again.count(t)) break;
            }
            who = (who + 1) % n;
        }
        if (winner < 0) winner = 1;
        cout << winner << "\n";
    }
}
