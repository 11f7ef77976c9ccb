// zoo: wrong
// bug: visible() only hides unrevealed FPs, so an unrevealed ZP target gets a J chain (MP side protects it)
// named: unknown-targets-protected@loyal
#include <bits/stdc++.h>
using namespace std;

// Hands are std::string; the circle of living pigs is a ring of next/prev links
// that is spliced when a pig dies; recursive J chain.
int n, m;
char R[12];          // 'M', 'Z', 'F'
string hand[12];
int HP[12], nx[12], pv[12];
bool live[12], rev_[12], sus[12], zbow[12];
string deckStr;
int top_ = 0;
bool ended = false;
bool busyTurn = false;  // a card other than Z was used this turn
char win = 'M';

char drawOne() {
    char c = deckStr[top_];
    if (top_ + 1 < m) top_++;
    return c;
}
bool discard(int i, char c) {
    size_t pos = hand[i].find(c);
    if (pos == string::npos) return false;
    hand[i].erase(pos, 1);
    return true;
}
bool has(int i, char c) { return hand[i].find(c) != string::npos; }
char sideOf(int i) { return R[i] == 'F' ? 'F' : 'M'; }
bool visible(int i) { return R[i] != 'F' || rev_[i]; }  // only a hidden rebel cannot be helped

bool foe(int a, int b) {
    if (a == b) return false;
    switch (R[a]) {
        case 'M': return rev_[b] ? R[b] == 'F' : sus[b];
        case 'Z': return rev_[b] && R[b] == 'F';
        default:  return R[b] == 'M' || (rev_[b] && R[b] == 'Z');
    }
}

void slay(int t, int src) {
    live[t] = false;
    nx[pv[t]] = nx[t];
    pv[nx[t]] = pv[t];
    hand[t].clear();
    zbow[t] = false;
    if (R[t] == 'M') { ended = true; win = 'F'; return; }
    bool fpLeft = false;
    for (int i = 0; i < n; i++) fpLeft |= live[i] && R[i] == 'F';
    if (!fpLeft) { ended = true; win = 'M'; return; }
    if (R[t] == 'F') for (int k = 0; k < 3; k++) hand[src] += drawOne();
    if (R[t] == 'Z' && R[src] == 'M') { hand[src].clear(); zbow[src] = false; }
}

void hit(int t, int src) {
    if (--HP[t] > 0) return;
    if (discard(t, 'P')) { HP[t]++; return; }
    slay(t, src);
}

// someone of side `want`, searching the ring from `from` (inclusive), plays a J
// against the J (or trick) before; returns the number of J played from here on
int answer(int from, char want) {
    int i = from;
    do {
        if (sideOf(i) == want && discard(i, 'J')) {
            if (R[i] != 'M') rev_[i] = true;
            return 1 + answer(nx[i], want == 'F' ? 'M' : 'F');
        }
        i = nx[i];
    } while (i != from);
    return 0;
}

bool cancelled(int user, int target) {
    if (!visible(target)) return false;
    return answer(user, sideOf(target)) % 2 == 1;
}

int duelTarget(int a) {
    if (R[a] == 'F') return 0;
    for (int j = nx[a]; j != a; j = nx[j])
        if (foe(a, j)) return j;
    return -1;
}

void play(int a) {
    hand[a] += drawOne();
    hand[a] += drawOne();
    bool killUsed = false;
    for (;;) {
        if (ended || !live[a]) return;
        size_t k = 0;
        int target = -1;
        for (; k < hand[a].size(); k++) {
            char c = hand[a][k];
            if (c == 'P' && HP[a] < 4) break;
            if (c == 'K' && (!killUsed || zbow[a]) && foe(a, nx[a])) { target = nx[a]; break; }
            if (c == 'F' && (target = duelTarget(a)) >= 0) break;
            if (c == 'N' || c == 'W' || c == 'Z') break;
        }
        if (k == hand[a].size()) return;
        char c = hand[a][k];
        hand[a].erase(k, 1);
        if (c != 'Z') busyTurn = true;
        if (c == 'P') { HP[a]++; continue; }
        if (c == 'Z') { zbow[a] = true; continue; }
        if (c == 'K') {
            if (R[a] != 'M') rev_[a] = true;
            killUsed = true;
            if (!discard(target, 'D')) hit(target, a);
            continue;
        }
        if (c == 'F') {
            if (R[a] != 'M') rev_[a] = true;
            if (cancelled(a, target)) continue;
            if (R[a] == 'M' && R[target] == 'Z') { hit(target, a); continue; }
            int cur = target, opp = a;
            while (discard(cur, 'K')) swap(cur, opp);
            hit(cur, opp);
            continue;
        }
        // N or W
        char need = c == 'N' ? 'K' : 'D';
        for (int x = (a + 1) % n; x != a && !ended; x = (x + 1) % n) {
            if (!live[x]) continue;
            if (cancelled(a, x)) continue;
            if (discard(x, need)) continue;
            hit(x, a);
            if (x == 0 && live[0] && !ended && !rev_[a]) sus[a] = true;
        }
    }
}

static string token() {
    string s;
    int c = getchar();
    while (c != EOF && isspace(c)) c = getchar();
    while (c != EOF && !isspace(c)) { s += (char)c; c = getchar(); }
    return s;
}

int main() {
    n = atoi(token().c_str());
    m = atoi(token().c_str());
    for (int i = 0; i < n; i++) {
        R[i] = token()[0];
        for (int k = 0; k < 4; k++) hand[i] += token()[0];
        HP[i] = 4;
        live[i] = true;
        nx[i] = (i + 1) % n;
        pv[i] = (i + n - 1) % n;
    }
    for (int i = 0; i < m; i++) deckStr += token()[0];
    int who = 0;
    int idle = 0;  // step budget: idle turns in a row once the deck is used up
    for (int guard = 0; !ended && guard < 20000; guard++) {
        bool exhausted = top_ + 1 >= m;
        busyTurn = false;
        play(who);
        if (ended) break;
        int living = 0;
        for (int i = 0; i < n; i++) living += live[i];
        if (exhausted && !busyTurn) { if (++idle >= living) break; } else idle = 0;
        who = nx[who];  // links of a dead pig still point to its next living one
    }
    printf("%s\n", win == 'M' ? "MP" : "FP");
    for (int i = 0; i < n; i++) {
        if (!live[i]) { puts("DEAD"); continue; }
        string out;
        for (char c : hand[i]) {
            if (!out.empty()) out += ' ';
            out += c;
        }
        puts(out.c_str());
    }
}
