// zoo: slip
// bug: play() puts the counters back to 0 just before its normal return, but a win on an extra throw returns early, so the next game starts with the old squares and missed turns
// rule: extra-throw-wins
// element: extra-throw square
#include <iostream>
#include <vector>
using namespace std;

vector<int> dice;
int nextSq[101];
char mark[101];   // 'L' lose a turn, 'X' extra throw
int where[5];
bool missNext[5];
int P;

int play() {
    size_t i = 0;
    int who = 0, winner = 0;
    while (!winner && i < dice.size()) {
        if (missNext[who]) {
            missNext[who] = false;
            who = (who + 1) % P;
            continue;
        }
        int t = where[who] + dice[i++];
        if (t == 100) {
            winner = who + 1;
            break;
        }
        if (t < 100) {
            where[who] = nextSq[t];
            if (mark[t] == 'L') missNext[who] = true;
            while (mark[t] == 'X' && i < dice.size()) {
                t = where[who] + dice[i++];
                if (t > 100) break;
                if (t == 100) return who + 1;
                where[who] = nextSq[t];
                if (mark[t] == 'L') missNext[who] = true;
            }
        }
        who = (who + 1) % P;
    }
    for (int k = 0; k < 5; k++) {
        where[k] = 0;
        missNext[k] = false;
    }
    return winner;
}

int main() {
    int x;
    while (cin >> x && x) dice.push_back(x);
    while (cin >> P && P) {
        for (int s = 0; s <= 100; s++) nextSq[s] = s, mark[s] = 0;
        int a, b;
        while (cin >> a >> b && (a || b)) nextSq[a] = b;
        int v;
        while (cin >> v && v) mark[v > 0 ? v : -v] = v > 0 ? 'X' : 'L';
        cout << play() << endl;
    }
}
