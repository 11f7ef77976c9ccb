// zoo: wrong
// bug: jumps are followed while the square reached starts another chute or ladder (while loop instead of if)
// bug: the player to act is not reset between games, each game starts with the previous game's winner
// named: chained-jumps + first-player-rotates
#include <bits/stdc++.h>
using namespace std;

int main() {
    vector<int> dice;
    int d;
    while (scanf("%d", &d) == 1 && d) dice.push_back(d);
    int P, cur = 0;
    while (scanf("%d", &P) == 1 && P) {
        map<int, int> jump;
        set<int> lose, extra;
        int s, e;
        while (scanf("%d %d", &s, &e) == 2 && (s || e)) jump[s] = e;
        int v;
        while (scanf("%d", &v) == 1 && v) {
            if (v < 0) lose.insert(-v); else extra.insert(v);
        }
        vector<int> pos(P, 0), miss(P, 0);
        if (cur >= P) cur = 0;
        size_t k = 0;
        int win = -1;
        int guard = 0;
        while (win < 0 && k < dice.size()) {
            if (miss[cur]) { miss[cur] = 0; cur = (cur + 1) % P; continue; }
            bool again = true;
            while (again && k < dice.size()) {
                again = false;
                int t = pos[cur] + dice[k++];
                if (t > 100) break;
                if (t == 100) { win = cur; break; }
                int q = t;
                guard = 0;
                while (jump.count(q) && guard++ < 200) q = jump[q];
                pos[cur] = q;
                if (lose.count(t)) miss[cur] = 1;
                else if (extra.count(t)) again = true;
            }
            if (win < 0) cur = (cur + 1) % P;
        }
        if (win < 0) win = 0;
        printf("%d\n", win + 1);
        cur = win;
    }
    return 0;
}
