// zoo: wrong
// bug: the throws are read from the first input line only (getline); further throw lines are then parsed as games
// named: reads-first-line-only
#include <iostream>
#include <sstream>
#include <string>
#include <vector>
using namespace std;

int main() {
    string line;
    getline(cin, line);
    istringstream first(line);
    vector<int> th;
    int x;
    while (first >> x && x != 0) th.push_back(x);
    int P;
    while (cin >> P && P != 0) {
        int jmp[101] = {0};
        int sp[101] = {0};
        int a, b;
        while (cin >> a >> b && (a != 0 || b != 0))
            if (a >= 1 && a <= 99 && b >= 0 && b <= 100) jmp[a] = b;
        int v;
        while (cin >> v && v != 0)
            if (v >= -99 && v <= 99) sp[v < 0 ? -v : v] = (v < 0 ? 2 : 1);
        if (P < 1 || P > 5) P = 2;
        vector<int> pos(P, 0), miss(P, 0);
        size_t i = 0;
        int c = 0, w = 0;
        while (i < th.size() && w == 0) {
            if (miss[c]) { miss[c] = 0; c = (c + 1) % P; continue; }
            bool again;
            do {
                again = false;
                if (i >= th.size()) break;
                int t = pos[c] + th[i++];
                if (t > 100) break;
                if (t == 100) { w = c + 1; break; }
                pos[c] = jmp[t] ? jmp[t] : t;
                if (sp[t] == 2) miss[c] = 1;
                else if (sp[t] == 1) again = true;
            } while (again);
            c = (c + 1) % P;
        }
        cout << (w ? w : 1) << "\n";
    }
    return 0;
}
