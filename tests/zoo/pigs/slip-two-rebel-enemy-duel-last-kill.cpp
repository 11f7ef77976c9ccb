// zoo: slip
// bug: an FP's enemies are only the MP: I forgot the revealed ZPs, so an FP never uses K on a revealed ZP next to it
// bug: in a duel each side throws away its last K, scanning the hand from the right
// rule: kill-hits, kill-dodged
// element: pig
#include <bits/stdc++.h>
using namespace std;

// Hands are append-only card arrays with a "used" mark per slot; the deck is a queue
// whose last card is never popped.
const int MAXN = 10;
int n, m;
string role[MAXN];
vector<char> card[MAXN];
vector<bool> used[MAXN];
int hp[MAXN];
bool dead[MAXN], shown[MAXN], suspect[MAXN], crossbow[MAXN];
queue<char> dq;
int gameOver = 0; // 0 running, 1 MP won, 2 FP won

char take() {
    char c = dq.front();
    if (dq.size() > 1) dq.pop();
    return c;
}
void give(int i, char c) { card[i].push_back(c); used[i].push_back(false); }
int firstOf(int i, char c) {
    for (int k = 0; k < (int)card[i].size(); k++)
        if (!used[i][k] && card[i][k] == c) return k;
    return -1;
}
int lastOf(int i, char c) {
    for (int k = (int)card[i].size() - 1; k >= 0; k--)
        if (!used[i][k] && card[i][k] == c) return k;
    return -1;
}
bool spend(int i, char c) {
    int k = firstOf(i, c);
    if (k < 0) return false;
    used[i][k] = true;
    return true;
}
void dropAll(int i) {
    for (size_t k = 0; k < used[i].size(); k++) used[i][k] = true;
}
bool isFP(int i) { return role[i] == "FP"; }
bool isMP(int i) { return role[i] == "MP"; }
bool isZP(int i) { return role[i] == "ZP"; }
bool isKnown(int i) { return isMP(i) || shown[i]; }
void show(int i) { if (!isMP(i)) shown[i] = true; }
int after(int i) {
    for (int d = 1; d <= n; d++) {
        int j = (i + d) % n;
        if (!dead[j]) return j;
    }
    return i;
}
bool hostile(int a, int b) {
    if (a == b) return false;
    if (isMP(a)) return shown[b] ? isFP(b) : suspect[b];
    if (isZP(a)) return shown[b] && isFP(b);
    return isMP(b);
}

void hurt(int t, int src) {
    hp[t] -= 1;
    if (hp[t] >= 1) return;
    if (spend(t, 'P')) { hp[t] = 1; return; }
    dead[t] = true;
    dropAll(t);
    crossbow[t] = false;
    if (isMP(t)) { gameOver = 2; return; }
    int fps = 0;
    for (int i = 0; i < n; i++) if (!dead[i] && isFP(i)) fps++;
    if (fps == 0) { gameOver = 1; return; }
    if (isFP(t)) { give(src, take()); give(src, take()); give(src, take()); }
    else if (isZP(t) && isMP(src)) { dropAll(src); crossbow[src] = false; }
}

// J chain: number of J played, parity decides
bool negated(int user, int target) {
    if (!isKnown(target)) return false;
    bool wantFP = isFP(target);
    int start = user;  // first search includes the start pig
    int offset = 0;
    int played = 0;
    while (true) {
        int who = -1;
        for (int d = offset; d < offset + n; d++) {
            int j = (start + d) % n;
            if (dead[j]) continue;
            if (isFP(j) == wantFP && firstOf(j, 'J') >= 0) { who = j; break; }
        }
        if (who < 0) break;
        spend(who, 'J');
        show(who);
        played++;
        start = who;
        offset = 1;
        wantFP = !isFP(who);
    }
    return played & 1;
}

int duelOf(int a) {
    if (isFP(a)) return 0;
    for (int j = after(a); j != a; j = after(j))
        if (hostile(a, j)) return j;
    return -1;
}

void duel(int a, int t) {
    show(a);
    if (negated(a, t)) return;
    if (isMP(a) && isZP(t)) { hurt(t, a); return; }
    int who = t, other = a;
    for (;;) {
        int k = lastOf(who, 'K');
        if (k < 0) { hurt(who, other); return; }
        used[who][k] = true;
        swap(who, other);
    }
}

void area(int a, char answer) {
    for (int d = 1; d < n; d++) {
        if (gameOver) return;
        int x = (a + d) % n;
        if (dead[x]) continue;
        if (negated(a, x)) continue;
        if (spend(x, answer)) continue;
        hurt(x, a);
        if (isMP(x) && !dead[x] && !gameOver && !shown[a]) suspect[a] = true;
    }
}

void turn(int a) {
    give(a, take());
    give(a, take());
    int kills = 0;
    while (!gameOver && !dead[a]) {
        int pick = -1;
        for (int k = 0; k < (int)card[a].size(); k++) {
            if (used[a][k]) continue;
            char c = card[a][k];
            bool ok = false;
            switch (c) {
                case 'P': ok = hp[a] < 4; break;
                case 'K': ok = (kills == 0 || crossbow[a]) && hostile(a, after(a)); break;
                case 'F': ok = duelOf(a) >= 0; break;
                case 'N': case 'W': case 'Z': ok = true; break;
                default: ok = false;
            }
            if (ok) { pick = k; break; }
        }
        if (pick < 0) return;
        used[a][pick] = true;
        char c = card[a][pick];
        if (c == 'P') hp[a]++;
        else if (c == 'Z') crossbow[a] = true;
        else if (c == 'K') {
            int t = after(a);
            show(a);
            kills++;
            if (!spend(t, 'D')) hurt(t, a);
        } else if (c == 'F') duel(a, duelOf(a));
        else if (c == 'N') area(a, 'K');
        else area(a, 'D');
    }
}

int main() {
    ios::sync_with_stdio(false);
    cin >> n >> m;
    for (int i = 0; i < n; i++) {
        cin >> role[i];
        for (int k = 0; k < 4; k++) { string s; cin >> s; give(i, s[0]); }
        hp[i] = 4;
    }
    for (int i = 0; i < m; i++) { string s; cin >> s; dq.push(s[0]); }
    int cur = 0;
    for (int steps = 0; !gameOver && steps < 20000; steps++) {
        turn(cur);
        if (!gameOver) cur = after(cur);
    }
    cout << (gameOver == 2 ? "FP" : "MP") << "\n";
    for (int i = 0; i < n; i++) {
        if (dead[i]) { cout << "DEAD\n"; continue; }
        bool first = true;
        for (size_t k = 0; k < card[i].size(); k++) {
            if (used[i][k]) continue;
            if (!first) cout << ' ';
            cout << card[i][k];
            first = false;
        }
        cout << "\n";
    }
}
