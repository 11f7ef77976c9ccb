// zoo: right
#include <iostream>
#include <sstream>
#include <string>
#include <vector>
using namespace std;

int main() {
    vector<long long> tok;
    string line;
    while (getline(cin, line)) {
        istringstream ss(line);
        long long x;
        while (ss >> x) tok.push_back(x);
    }
    size_t k = 0;
    vector<int> roll;
    while (k < tok.size() && tok[k] != 0) roll.push_back((int)tok[k++]);
    k++; // the closing 0
    string out;
    while (k < tok.size()) {
        int np = (int)tok[k++];
        if (np == 0) break;
        vector<pair<int, int>> ladders; // piece list of chutes and ladders
        while (k + 1 < tok.size()) {
            int s = (int)tok[k], e = (int)tok[k + 1];
            k += 2;
            if (s == 0 && e == 0) break;
            ladders.push_back({s, e});
        }
        vector<int> specials;
        while (k < tok.size()) {
            int v = (int)tok[k++];
            if (v == 0) break;
            specials.push_back(v);
        }
        vector<int> where(np, 0);
        vector<bool> owes(np, false);
        int who = 0, r = 0, winner = 0;
        bool extra = false;
        while (r < (int)roll.size()) {
            if (!extra && owes[who]) {
                owes[who] = false;
                who = (who + 1) % np;
                continue;
            }
            extra = false;
            int t = where[who] + roll[r++];
            if (t == 100) { winner = who + 1; break; }
            if (t < 100) {
                int dest = t;
                for (auto& pr : ladders)
                    if (pr.first == t) { dest = pr.second; break; }
                where[who] = dest;
                for (int v : specials) {
                    if (v == -t) owes[who] = true;
                    if (v == t) extra = true;
                }
            }
            if (!extra) who = (who + 1) % np;
        }
        if (winner == 0) winner = 1;
        out += to_string(winner) + "\n";
    }
    cout << out;
    return 0;
}
