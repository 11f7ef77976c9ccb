// zoo: slip
// bug: an N or W visits x = a + 1, then x = (x + 1) % n until back at a, but the first x = a + 1 is not wrapped, so the last pig's N or W never reaches pig 1 (the MP)
// rule: invasion-used, volley-used
// element: pig
#include <bits/stdc++.h>
using namespace std;

// roles: 0 = MP, 1 = ZP, 2 = FP
struct Pig {
    int role;
    vector<char> h;
    int hp;
    bool alive, revealed, susp, bow;
};

int n, m;
vector<char> deck;
int dp = 0;
Pig p[12];
bool over = false;
int winner = 0; // 0 MP side, 1 FP side

char drawCard() {
    char c = deck[dp];
    if (dp < m - 1) dp++;
    return c;
}
int nxt(int i) {
    int j = i;
    do { j = (j + 1) % n; } while (!p[j].alive);
    return j;
}
bool known(int i) { return p[i].role == 0 || p[i].revealed; }
int side(int i) { return p[i].role == 2 ? 1 : 0; }
bool enemy(int a, int b) {
    if (a == b) return false;
    if (p[a].role == 0) {
        if (p[b].revealed) return p[b].role == 2;
        return p[b].susp;
    }
    if (p[a].role == 1) return p[b].revealed && p[b].role == 2;
    return p[b].role == 0 || (p[b].revealed && p[b].role == 1);
}
bool removeCard(int i, char c) {
    for (size_t k = 0; k < p[i].h.size(); k++)
        if (p[i].h[k] == c) { p[i].h.erase(p[i].h.begin() + k); return true; }
    return false;
}
void reveal(int i) { if (p[i].role != 0) p[i].revealed = true; }

void damage(int t, int src) {
    p[t].hp--;
    if (p[t].hp > 0) return;
    if (removeCard(t, 'P')) { p[t].hp++; return; }
    p[t].alive = false;
    p[t].h.clear();
    p[t].bow = false;
    if (p[t].role == 0) { over = true; winner = 1; return; }
    bool anyFP = false;
    for (int i = 0; i < n; i++) if (p[i].alive && p[i].role == 2) anyFP = true;
    if (!anyFP) { over = true; winner = 0; return; }
    if (p[t].role == 2) for (int k = 0; k < 3; k++) p[src].h.push_back(drawCard());
    if (p[t].role == 1 && p[src].role == 0) { p[src].h.clear(); p[src].bow = false; }
}

// returns true when the trick is cancelled
bool chain(int user, int target) {
    if (!known(target)) return false;
    int S = side(target);
    int y = -1;
    for (int k = 0; k < n; k++) {
        int idx = (user + k) % n;
        if (!p[idx].alive) continue;
        if (side(idx) == S && removeCard(idx, 'J')) { y = idx; break; }
    }
    if (y < 0) return false;
    int cnt = 1;
    reveal(y);
    while (true) {
        int want = 1 - side(y), z = -1;
        for (int k = 1; k <= n; k++) {
            int idx = (y + k) % n;
            if (!p[idx].alive) continue;
            if (side(idx) == want && removeCard(idx, 'J')) { z = idx; break; }
        }
        if (z < 0) break;
        cnt++;
        reveal(z);
        y = z;
    }
    return cnt % 2 == 1;
}

int duelTarget(int a) {
    if (p[a].role == 2) return 0;
    int j = nxt(a);
    while (j != a) {
        if (enemy(a, j)) return j;
        j = nxt(j);
    }
    return -1;
}

void playTurn(int a) {
    for (int k = 0; k < 2; k++) p[a].h.push_back(drawCard());
    bool usedK = false;
    while (!over && p[a].alive) {
        int chosen = -1, tgt = -1;
        for (size_t k = 0; k < p[a].h.size() && chosen < 0; k++) {
            char c = p[a].h[k];
            if (c == 'P') { if (p[a].hp < 4) chosen = k; }
            else if (c == 'K') {
                if ((!usedK || p[a].bow) && enemy(a, nxt(a))) { chosen = k; tgt = nxt(a); }
            } else if (c == 'F') {
                int t = duelTarget(a);
                if (t >= 0) { chosen = k; tgt = t; }
            } else if (c == 'N' || c == 'W' || c == 'Z') chosen = k;
        }
        if (chosen < 0) break;
        char c = p[a].h[chosen];
        p[a].h.erase(p[a].h.begin() + chosen);
        if (c == 'P') p[a].hp++;
        else if (c == 'Z') p[a].bow = true;
        else if (c == 'K') {
            reveal(a);
            usedK = true;
            if (!removeCard(tgt, 'D')) damage(tgt, a);
        } else if (c == 'F') {
            reveal(a);
            if (chain(a, tgt)) continue;
            if (p[a].role == 0 && p[tgt].role == 1) { damage(tgt, a); continue; }
            int r = tgt, o = a;
            while (true) {
                if (removeCard(r, 'K')) swap(r, o);
                else { damage(r, o); break; }
            }
        } else { // N or W
            char ans = (c == 'N') ? 'K' : 'D';
            for (int x = a + 1; x != a && !over; x = (x + 1) % n) {
                if (!p[x].alive) continue;
                if (chain(a, x)) continue;
                if (removeCard(x, ans)) continue;
                damage(x, a);
                if (x == 0 && p[0].alive && !over && !p[a].revealed) p[a].susp = true;
            }
        }
    }
}

int main() {
    scanf("%d %d", &n, &m);
    for (int i = 0; i < n; i++) {
        char buf[8];
        scanf("%s", buf);
        p[i].role = buf[0] == 'M' ? 0 : (buf[0] == 'Z' ? 1 : 2);
        for (int k = 0; k < 4; k++) { scanf("%s", buf); p[i].h.push_back(buf[0]); }
        p[i].hp = 4; p[i].alive = true; p[i].revealed = false; p[i].susp = false; p[i].bow = false;
    }
    deck.resize(m);
    for (int i = 0; i < m; i++) { char buf[8]; scanf("%s", buf); deck[i] = buf[0]; }
    int cur = 0;
    long long turns = 0;
    while (!over && turns < 20000) {
        playTurn(cur);
        turns++;
        if (over) break;
        cur = nxt(cur);
    }
    puts(winner == 0 ? "MP" : "FP");
    for (int i = 0; i < n; i++) {
        if (!p[i].alive) { puts("DEAD"); continue; }
        string s;
        for (size_t k = 0; k < p[i].h.size(); k++) {
            if (k) s += ' ';
            s += p[i].h[k];
        }
        puts(s.c_str());
    }
}
