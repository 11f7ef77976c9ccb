// Wrong on purpose (benches/solvers.rs): the MP suspects the unrevealed user
// of an N or W that reached it even when it answered with K or D.
// tests/solutions/pigs.cpp otherwise.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

enum Role { MP, ZP, FP };

struct Pig {
    Role role;
    bool alive = true, revealed = false, suspected = false, crossbow = false;
    int hp = 4;
    std::string hand;
};

static int n;
static std::vector<Pig> pigs;
static std::vector<char> deck;
static size_t drawn;
static int winner = -1;  // MP or FP once a side has won

static bool over() { return winner >= 0; }

static int side(int i) { return pigs[i].role == FP ? FP : MP; }
static bool known(int i) { return pigs[i].role == MP || pigs[i].revealed; }
static void reveal(int i) { pigs[i].revealed = true; }

static int next_alive(int i) {
    do i = (i + 1) % n;
    while (!pigs[i].alive);
    return i;
}

// Whom pig a may attack with K or F.
static bool enemy(int a, int b) {
    const Pig &p = pigs[b];
    switch (pigs[a].role) {
    case MP: return p.revealed ? p.role == FP : p.suspected;
    case ZP: return p.revealed && p.role == FP;
    case FP: return p.role == MP || (p.revealed && p.role == ZP);
    }
    return false;
}

static void draw(int i, int k) {
    while (k--) {
        size_t at = drawn < deck.size() ? drawn : deck.size() - 1;
        drawn++;
        pigs[i].hand += deck[at];
    }
}

// Removes the leftmost `card` of pig i's hand; false if it holds none.
static bool discard(int i, char card) {
    size_t at = pigs[i].hand.find(card);
    if (at == std::string::npos) return false;
    pigs[i].hand.erase(at, 1);
    return true;
}

static void damage(int target, int source) {
    Pig &t = pigs[target];
    if (--t.hp > 0) return;
    if (discard(target, 'P')) {
        t.hp++;
        return;
    }
    t.alive = false;
    t.hand.clear();
    t.crossbow = false;
    if (t.role == MP) {
        winner = FP;
        return;
    }
    bool rebels = false;
    for (const Pig &p : pigs) rebels |= p.alive && p.role == FP;
    if (!rebels) {
        winner = MP;
        return;
    }
    if (t.role == FP) draw(source, 3);
    if (t.role == ZP && pigs[source].role == MP) {
        pigs[source].hand.clear();
        pigs[source].crossbow = false;
    }
}

// Runs the J chain of a trick by `user` about to take effect on `target`;
// true if the trick is cancelled.
static bool negated(int user, int target) {
    if (!known(target)) return false;
    // The first living pig of side `s` holding J, starting at `from`.
    auto first_with_j = [](int from, int s) {
        int i = from;
        do {
            if (pigs[i].alive && side(i) == s && pigs[i].hand.find('J') != std::string::npos) return i;
            i = (i + 1) % n;
        } while (i != from);
        return -1;
    };
    int played = 0;
    int y = first_with_j(user, side(target));
    while (y >= 0) {
        discard(y, 'J');
        reveal(y);
        played++;
        y = first_with_j((y + 1) % n, side(y) == FP ? MP : FP);
    }
    return played % 2 == 1;
}

// The target of pig a's duel, or -1 when F is not usable.
static int duel_target(int a) {
    if (pigs[a].role == FP) return 0;
    for (int i = next_alive(a); i != a; i = next_alive(i))
        if (enemy(a, i)) return i;
    return -1;
}

static void duel(int user, int target) {
    reveal(user);
    if (negated(user, target)) return;
    if (pigs[user].role == MP && pigs[target].role == ZP) {
        damage(target, user);
        return;
    }
    int responder = target, other = user;
    while (discard(responder, 'K')) std::swap(responder, other);
    damage(responder, other);
}

// N (answered with K) or W (answered with D) by `user`.
static void area(int user, char answer) {
    for (int k = 1; k < n && !over(); k++) {
        int x = (user + k) % n;
        if (!pigs[x].alive || negated(user, x)) continue;
        if (pigs[x].role == MP && !known(user)) pigs[user].suspected = true;
        if (discard(x, answer)) continue;
        damage(x, user);
    }
}

static void play_phase(int a) {
    Pig &me = pigs[a];
    bool used_kill = false;
    while (me.alive && !over()) {
        // Nothing changes while the hand is scanned: decide each kind once.
        int next = next_alive(a), target = duel_target(a);
        bool usable[128] = {};
        usable['P'] = me.hp < 4;
        usable['K'] = (!used_kill || me.crossbow) && enemy(a, next);
        usable['F'] = target >= 0;
        usable['N'] = usable['W'] = usable['Z'] = true;
        size_t at = 0;
        while (at < me.hand.size() && !usable[(unsigned char)me.hand[at]]) at++;
        if (at == me.hand.size()) return;
        char c = me.hand[at];
        me.hand.erase(at, 1);
        switch (c) {
        case 'P': me.hp++; break;
        case 'Z': me.crossbow = true; break;
        case 'K':
            reveal(a);
            used_kill = true;
            if (!discard(next, 'D')) damage(next, a);
            break;
        case 'F': duel(a, target); break;
        case 'N': area(a, 'K'); break;
        case 'W': area(a, 'D'); break;
        }
    }
}

// The first letter of the next token: it tells roles and cards apart.
static char token() {
    char t[8];
    return scanf("%7s", t) == 1 ? t[0] : '?';
}

int main() {
    int m;
    if (scanf("%d %d", &n, &m) != 2) return 0;
    pigs.resize(n);
    for (Pig &p : pigs) {
        char role = token();
        p.role = role == 'M' ? MP : role == 'Z' ? ZP : FP;
        for (int k = 0; k < 4; k++) p.hand += token();
    }
    deck.resize(m);
    for (char &c : deck) c = token();

    for (int a = 0; !over(); a = next_alive(a)) {
        draw(a, 2);
        play_phase(a);
    }
    std::string out = winner == MP ? "MP\n" : "FP\n";
    for (const Pig &p : pigs) {
        if (!p.alive) {
            out += "DEAD\n";
            continue;
        }
        for (size_t k = 0; k < p.hand.size(); k++) {
            if (k) out += ' ';
            out += p.hand[k];
        }
        out += '\n';
    }
    fputs(out.c_str(), stdout);
    return 0;
}
