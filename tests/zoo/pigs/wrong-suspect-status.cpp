// zoo: wrong
// bug: hidden/suspected/shown share one status field and the N/W suspicion writes SUSPECT without checking SHOWN, so a revealed user that hurts the MP goes back to hidden+suspected
// named: suspicion-overwrites-reveal
#include <bits/stdc++.h>
using namespace std;

enum Status { HIDDEN = 0, SUSPECT = 1, SHOWN = 2 };
enum Role { MP, ZP, FP };

int n, m;
Role role[10];
list<char> hand[10];
int hp[10];
bool alive[10], bow[10];
int st[10];
vector<char> deck;
size_t pos = 0;
bool busyTurn = false;  // a card other than Z was used this turn
int result = -1;  // -1 running, 0 MP side, 1 FP side

char nextCard() {
    char c = deck[pos];
    if (pos + 1 < deck.size()) ++pos;
    return c;
}
bool drop(int i, char c) {
    for (auto it = hand[i].begin(); it != hand[i].end(); ++it)
        if (*it == c) { hand[i].erase(it); return true; }
    return false;
}
bool holds(int i, char c) { return find(hand[i].begin(), hand[i].end(), c) != hand[i].end(); }
int team(int i) { return role[i] == FP; }
bool known(int i) { return role[i] == MP || st[i] == SHOWN; }
void show(int i) { if (role[i] != MP) st[i] = SHOWN; }
int nextAlive(int i) {
    int j = (i + 1) % n;
    while (!alive[j]) j = (j + 1) % n;
    return j;
}
bool isEnemy(int a, int b) {
    if (a == b) return false;
    if (role[a] == MP) return st[b] == SHOWN ? role[b] == FP : st[b] == SUSPECT;
    if (role[a] == ZP) return st[b] == SHOWN && role[b] == FP;
    return role[b] == MP || (st[b] == SHOWN && role[b] == ZP);
}

void loseHp(int t, int src) {
    hp[t]--;
    if (hp[t] > 0) return;
    if (drop(t, 'P')) { hp[t] = 1; return; }
    alive[t] = false;
    hand[t].clear();
    bow[t] = false;
    if (role[t] == MP) { result = 1; return; }
    bool rebels = false;
    for (int i = 0; i < n; i++) if (alive[i] && role[i] == FP) rebels = true;
    if (!rebels) { result = 0; return; }
    if (role[t] == FP) for (int k = 0; k < 3; k++) hand[src].push_back(nextCard());
    if (role[t] == ZP && role[src] == MP) { hand[src].clear(); bow[src] = false; }
}

bool negates(int user, int target) {
    if (!known(target)) return false;
    int want = team(target), from = user, count = 0;
    bool inclusive = true;
    for (;;) {
        int found = -1;
        for (int d = inclusive ? 0 : 1; d <= n; d++) {
            int j = (from + d) % n;
            if (d == n && !inclusive) break;
            if (!alive[j] || team(j) != want) continue;
            if (drop(j, 'J')) { found = j; break; }
        }
        if (found < 0) break;
        show(found);
        count++;
        from = found;
        inclusive = false;
        want = 1 - team(found);
    }
    return count % 2 == 1;
}

int duelTarget(int a) {
    if (role[a] == FP) return 0;
    for (int j = nextAlive(a); j != a; j = nextAlive(j))
        if (isEnemy(a, j)) return j;
    return -1;
}

void turn(int a) {
    hand[a].push_back(nextCard());
    hand[a].push_back(nextCard());
    bool usedKill = false;
    while (result < 0 && alive[a]) {
        auto it = hand[a].begin();
        int tgt = -1;
        for (; it != hand[a].end(); ++it) {
            char c = *it;
            if (c == 'P' && hp[a] < 4) break;
            if (c == 'K' && (!usedKill || bow[a]) && isEnemy(a, nextAlive(a))) { tgt = nextAlive(a); break; }
            if (c == 'F') { tgt = duelTarget(a); if (tgt >= 0) break; }
            if (c == 'N' || c == 'W' || c == 'Z') break;
        }
        if (it == hand[a].end()) break;
        char c = *it;
        hand[a].erase(it);
        if (c != 'Z') busyTurn = true;
        switch (c) {
            case 'P': hp[a]++; break;
            case 'Z': bow[a] = true; break;
            case 'K':
                show(a);
                usedKill = true;
                if (!drop(tgt, 'D')) loseHp(tgt, a);
                break;
            case 'F': {
                show(a);
                if (negates(a, tgt)) break;
                if (role[a] == MP && role[tgt] == ZP) { loseHp(tgt, a); break; }
                int r = tgt, o = a;
                while (drop(r, 'K')) swap(r, o);
                loseHp(r, o);
                break;
            }
            case 'N': case 'W': {
                char ans = c == 'N' ? 'K' : 'D';
                for (int d = 1; d < n && result < 0; d++) {
                    int x = (a + d) % n;
                    if (!alive[x]) continue;
                    if (negates(a, x)) continue;
                    if (drop(x, ans)) continue;
                    loseHp(x, a);
                    if (role[x] == MP && alive[x] && result < 0) st[a] = SUSPECT;
                }
                break;
            }
        }
    }
}

int main() {
    cin >> n >> m;
    for (int i = 0; i < n; i++) {
        string r;
        cin >> r;
        role[i] = r == "MP" ? MP : (r == "ZP" ? ZP : FP);
        for (int k = 0; k < 4; k++) { string c; cin >> c; hand[i].push_back(c[0]); }
        hp[i] = 4;
        alive[i] = true;
    }
    deck.resize(m);
    for (int i = 0; i < m; i++) { string c; cin >> c; deck[i] = c[0]; }
    int cur = 0;
    int idle = 0;  // step budget: idle turns in a row once the deck is used up
    for (int t = 0; t < 20000 && result < 0; t++) {
        bool exhausted = pos + 1 >= deck.size();
        busyTurn = false;
        turn(cur);
        if (result >= 0) break;
        int living = 0;
        for (int i = 0; i < n; i++) living += alive[i];
        if (exhausted && !busyTurn) { if (++idle >= living) break; } else idle = 0;
        cur = nextAlive(cur);
    }
    cout << (result == 1 ? "FP" : "MP") << '\n';
    for (int i = 0; i < n; i++) {
        if (!alive[i]) { cout << "DEAD\n"; continue; }
        string s;
        for (char c : hand[i]) { if (!s.empty()) s += ' '; s += c; }
        cout << s << '\n';
    }
}
