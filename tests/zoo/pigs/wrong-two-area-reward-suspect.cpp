// zoo: wrong
// bug: an FP killed by an N or W gives its user no reward cards (reward is only handled in the K and duel code)
// bug: a W that hurts the MP never makes its hidden user suspected (only the N code sets the mark)
// named: no-rebel-reward@area + no-suspicion@volley
#include <cstdio>
#include <cstring>

const int MAXC = 100000;
int n, m;
char rl[11];
char hd[11][MAXC];
int cnt[11];
int life[11];
bool dead[11], shown[11], marked[11], bow[11];
char dk[2005];
int dtop = 0;
bool busyTurn = false;  // a card other than Z was used this turn
int win = 0;  // 0 running, 1 MP side, 2 FP side

char drawc() {
    char c = dk[dtop];
    if (dtop < m - 1) dtop++;
    return c;
}
void addc(int i, char c) { if (cnt[i] < MAXC) hd[i][cnt[i]++] = c; }
void delAt(int i, int k) {
    for (int j = k; j + 1 < cnt[i]; j++) hd[i][j] = hd[i][j + 1];
    cnt[i]--;
}
bool useCard(int i, char c) {
    for (int k = 0; k < cnt[i]; k++)
        if (hd[i][k] == c) { delAt(i, k); return true; }
    return false;
}
int nxt(int i) {
    int j = i % n + 1;
    while (dead[j]) j = j % n + 1;
    return j;
}
bool fp(int i) { return rl[i] == 'F'; }
bool foe(int a, int b) {
    if (a == b) return false;
    if (rl[a] == 'M') return shown[b] ? fp(b) : marked[b];
    if (rl[a] == 'Z') return shown[b] && fp(b);
    return rl[b] == 'M' || (shown[b] && rl[b] == 'Z');
}
void reveal(int i) { if (rl[i] != 'M') shown[i] = true; }

// returns true if the pig died
bool hurt(int t) {
    life[t]--;
    if (life[t] > 0) return false;
    if (useCard(t, 'P')) { life[t] = 1; return false; }
    dead[t] = true;
    cnt[t] = 0;
    bow[t] = false;
    if (rl[t] == 'M') { win = 2; return true; }
    bool anyFP = false;
    for (int i = 1; i <= n; i++) if (!dead[i] && fp(i)) anyFP = true;
    if (!anyFP) win = 1;
    return true;
}
// what the killer gets or pays
void afterKill(int killer, int victim) {
    if (win) return;
    if (fp(victim)) { for (int k = 0; k < 3; k++) addc(killer, drawc()); }
    else if (rl[victim] == 'Z' && rl[killer] == 'M') { cnt[killer] = 0; bow[killer] = false; }
}

bool wxj(int user, int target) {
    if (rl[target] != 'M' && !shown[target]) return false;
    bool side = fp(target);
    int played = 0, from = user, first = 1;
    while (true) {
        int who = 0;
        int j = first ? from : nxt(from);
        for (int s = 0; s < n; s++, j = j % n + 1) {
            if (dead[j] || fp(j) != side) continue;
            if (useCard(j, 'J')) { who = j; break; }
        }
        if (!who) break;
        reveal(who);
        played++;
        from = who;
        first = 0;
        side = !fp(who);
    }
    return played % 2;
}

int duelTarget(int a) {
    if (fp(a)) return 1;
    for (int j = nxt(a); j != a; j = nxt(j))
        if (foe(a, j)) return j;
    return 0;
}

void turn(int a) {
    addc(a, drawc());
    addc(a, drawc());
    bool kUsed = false;
    while (!win && !dead[a]) {
        int k, t = 0;
        for (k = 0; k < cnt[a]; k++) {
            char c = hd[a][k];
            if (c == 'P' && life[a] < 4) break;
            if (c == 'K' && (!kUsed || bow[a]) && foe(a, nxt(a))) { t = nxt(a); break; }
            if (c == 'F' && (t = duelTarget(a)) != 0) break;
            if (c == 'N' || c == 'W' || c == 'Z') break;
        }
        if (k == cnt[a]) break;
        char c = hd[a][k];
        delAt(a, k);
        if (c != 'Z') busyTurn = true;
        if (c == 'P') life[a]++;
        else if (c == 'Z') bow[a] = true;
        else if (c == 'K') {
            reveal(a);
            kUsed = true;
            if (!useCard(t, 'D') && hurt(t)) afterKill(a, t);
        } else if (c == 'F') {
            reveal(a);
            if (wxj(a, t)) continue;
            if (rl[a] == 'M' && rl[t] == 'Z') {
                if (hurt(t)) afterKill(a, t);
                continue;
            }
            int r = t, o = a;
            while (useCard(r, 'K')) { int x = r; r = o; o = x; }
            if (hurt(r)) afterKill(o, r);
        } else if (c == 'N') {
            for (int x = nxt(a); x != a && !win; x = x % n + 1) {
                if (dead[x]) continue;
                if (wxj(a, x)) continue;
                if (useCard(x, 'K')) continue;
                if (hurt(x)) {
                    if (!win && rl[x] == 'Z' && rl[a] == 'M') { cnt[a] = 0; bow[a] = false; }
                } else if (rl[x] == 'M' && !shown[a]) marked[a] = true;
            }
        } else {  // W
            for (int x = nxt(a); x != a && !win; x = x % n + 1) {
                if (dead[x]) continue;
                if (wxj(a, x)) continue;
                if (useCard(x, 'D')) continue;
                if (hurt(x)) {
                    if (!win && rl[x] == 'Z' && rl[a] == 'M') { cnt[a] = 0; bow[a] = false; }
                }
            }
        }
    }
}

int main() {
    scanf("%d %d", &n, &m);
    for (int i = 1; i <= n; i++) {
        char s[8];
        scanf("%s", s);
        rl[i] = s[0];
        for (int k = 0; k < 4; k++) { scanf("%s", s); addc(i, s[0]); }
        life[i] = 4;
    }
    for (int i = 0; i < m; i++) { char s[8]; scanf("%s", s); dk[i] = s[0]; }
    int cur = 1;
    int idle = 0;  // step budget: idle turns in a row once the deck is used up
    for (int guard = 0; !win && guard < 20000; guard++) {
        bool exhausted = dtop >= m - 1;
        busyTurn = false;
        turn(cur);
        if (win) break;
        int living = 0;
        for (int i = 1; i <= n; i++) living += !dead[i];
        if (exhausted && !busyTurn) { if (++idle >= living) break; } else idle = 0;
        cur = nxt(cur);
    }
    puts(win == 2 ? "FP" : "MP");
    for (int i = 1; i <= n; i++) {
        if (dead[i]) { puts("DEAD"); continue; }
        for (int k = 0; k < cnt[i]; k++) printf(k ? " %c" : "%c", hd[i][k]);
        putchar('\n');
    }
}
