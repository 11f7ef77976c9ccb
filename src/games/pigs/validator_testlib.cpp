// Input validator for pigs ([SDOI2010] 猪国杀) on testlib, for the judges
// whose validators are testlib programs (Polygon, UOJ's val.cpp): exit 0
// when the file is valid and written exactly as `gamefuzz gen pigs` writes
// it, otherwise testlib's FAIL with the reason, naming the rule of section
// 3 of docs/rules/pigs.md that the file breaks ("rule 6: ..."), as
// `gamefuzz validate pigs` does. It reads the file strictly (one space
// between tokens, a newline after each line, no leading zeros), then checks
// the rules in the order src/games/pigs/validate.rs checks them, including
// the termination test of item 6, for which it plays the game of section 4
// as the engine does (the same simulation as validator.cpp beside it).
// C++11 and testlib's oldest calls only, so that every judge's copy of
// testlib builds it.

#include "testlib.h"

#include <string>
#include <vector>

namespace {

typedef unsigned long long u64;

const u64 SATURATED = ~0ULL;
const u64 MAX_PIGS = 10;
const u64 MAX_DECK = 2000;

// Safety nets behind the idle-round test, the same as the Rust validator's
// (engine.rs MAX_TURNS, solver.rs Budget::DEFAULT_STEPS): a game reaching
// either is refused, exactly as there. Neither decides a game that ends.
const u64 MAX_TURNS = 1000000;
const u64 MAX_STEPS = 200000000;

[[noreturn]] void reject(const std::string& why) { quitf(_fail, "%s", why.c_str()); }

[[noreturn]] void rule(const char* number, const std::string& why) {
    quitf(_fail, "rule %s: %s", number, why.c_str());
}

// A number in a message; a saturated one was at least this large.
std::string num(u64 v) { return std::to_string(v) + (v == SATURATED ? " or more" : ""); }

// A token in a message: short, and printable whatever the file held.
std::string quote(const std::string& s) {
    std::string out = "'";
    for (std::size_t i = 0; i < s.size() && i < 24; ++i) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        out += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
    }
    return out + (s.size() > 24 ? "...'" : "'");
}

// An unsigned decimal number spelled as gamefuzz spells it (digits, no
// leading zero), saturating instead of overflowing.
u64 number(const char* what) {
    const std::string t = inf.readToken();
    u64 v = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] < '0' || t[i] > '9') reject(std::string("expected ") + what + " (a decimal integer), found " + quote(t));
        const u64 d = static_cast<u64>(t[i] - '0');
        v = v > (SATURATED - d) / 10 ? SATURATED : v * 10 + d;
    }
    if (t.size() > 1 && t[0] == '0') reject(std::string(what) + " " + quote(t) + " has a leading zero");
    return v;
}

enum class Role { MP, ZP, FP };
enum class Side { MP, FP };

Side side_of(Role r) { return r == Role::FP ? Side::FP : Side::MP; }
Side opposite(Side s) { return s == Side::MP ? Side::FP : Side::MP; }
const char* name(Role r) { return r == Role::MP ? "MP" : r == Role::ZP ? "ZP" : "FP"; }

struct Seat {
    Role role;
    char hand[4];  // card letters, leftmost first
};

struct Input {
    std::vector<Seat> seats;
    std::string deck;  // card letters, top card first
};

char card(const char* what) {
    const std::string t = inf.readToken();
    if (t.size() != 1 || std::string("PKDFNWJZ").find(t[0]) == std::string::npos) {
        reject(std::string("expected ") + what + " (one of P K D F N W J Z), found " + quote(t));
    }
    return t[0];
}

// Section 2 in the layout gamefuzz writes: `n m`, a line `ROLE c c c c`
// per pig, then the m deck cards on one line.
Input read() {
    const u64 n = number("n (the number of pigs)");
    inf.readSpace();
    const u64 m = number("m (the number of deck cards)");
    inf.readEoln();
    Input in;
    // n and m are not trusted: the loops end with the file, not with them.
    for (u64 i = 1; i <= n; ++i) {
        const std::string role = inf.readToken();
        Seat s;
        if (role == "MP") {
            s.role = Role::MP;
        } else if (role == "ZP") {
            s.role = Role::ZP;
        } else if (role == "FP") {
            s.role = Role::FP;
        } else {
            reject("expected the role of pig " + num(i) + " (MP, ZP or FP), found " + quote(role));
        }
        for (int c = 0; c < 4; ++c) {
            inf.readSpace();
            s.hand[c] = card("a card of a pig's hand");
        }
        inf.readEoln();
        in.seats.push_back(s);
    }
    for (u64 k = 0; k < m; ++k) {
        if (k > 0) inf.readSpace();
        in.deck.push_back(card("a deck card"));
    }
    inf.readEoln();
    inf.readEof();
    return in;
}

// ---- The game of section 4, simulated for the termination test. ----

struct Pig {
    Role role;
    std::string hand;  // leftmost first; draws are appended (4.3)
    int hp = 4;
    bool alive = true;
    bool crossbow = false;
    bool revealed = false;   // 4.1; never set for the MP, which is always known
    bool suspected = false;  // 4.8, the MP's mark
};

enum class Ending { WON, IDLE, CAP, OUT_OF_STEPS };

// How a simulation stopped: the ending, the last turn played and, for WON,
// the side that won.
struct Finish {
    Ending ending;
    u64 turn;
    Side winner;
};

// How resolving a card ended: the game goes on, or it stops at once because
// a side won (4.9 item 4) or the step budget ran out.
enum class Flow { GO_ON, WON, OUT_OF_STEPS };

class Table {
public:
    explicit Table(const Input& in) : deck_(in.deck) {
        for (const Seat& s : in.seats) {
            Pig p;
            p.role = s.role;
            p.hand.assign(s.hand, 4);
            pigs_.push_back(p);
        }
    }

    // 4.4 and the termination test of 3 item 6: turns in seat order until
    // a side wins or an idle round shows that none ever will.
    Finish run() {
        std::size_t me = 0;
        std::size_t idle = 0;
        for (u64 turn = 1; turn <= MAX_TURNS; ++turn) {
            if (!step()) return {Ending::OUT_OF_STEPS, turn, winner_};
            bool exhausted = drawn_ + 1 >= deck_.size();
            draw(me, 2);
            bool used_non_z = false;
            switch (play_phase(me, used_non_z)) {
                case Flow::WON:
                    return {Ending::WON, turn, winner_};
                case Flow::OUT_OF_STEPS:
                    return {Ending::OUT_OF_STEPS, turn, winner_};
                case Flow::GO_ON:
                    break;
            }
            if (exhausted && !used_non_z) {
                if (++idle >= living()) return {Ending::IDLE, turn, winner_};
            } else {
                idle = 0;
            }
            me = next_alive(me);
        }
        return {Ending::CAP, MAX_TURNS, winner_};
    }

private:
    // One unit of the step budget, spent where the Rust engine spends it
    // (each turn, each pass of a play phase, each duel exchange, each J
    // played), so that both run out at the same moment. False when none
    // is left; the game then stops.
    bool step() {
        if (steps_ == MAX_STEPS) return false;
        ++steps_;
        return true;
    }

    std::size_t living() const {
        std::size_t n = 0;
        for (const Pig& p : pigs_) n += p.alive;
        return n;
    }

    // 4.1 seat order: the first living pig after seat i (i itself last).
    std::size_t next_alive(std::size_t i) const {
        const std::size_t n = pigs_.size();
        for (std::size_t k = 1; k <= n; ++k) {
            if (pigs_[(i + k) % n].alive) return (i + k) % n;
        }
        return i;  // unreachable: a side has won before the circle empties
    }

    bool is_known(std::size_t i) const { return pigs_[i].role == Role::MP || pigs_[i].revealed; }

    // 4.1 Enemies, judged by the revealed role once there is one.
    bool is_enemy(std::size_t me, std::size_t other) const {
        const Pig& o = pigs_[other];
        switch (pigs_[me].role) {
            case Role::MP:
                return o.revealed ? o.role == Role::FP : o.suspected;
            case Role::ZP:
                return o.revealed && o.role == Role::FP;
            default:
                return o.role == Role::MP || (o.revealed && o.role == Role::ZP);
        }
    }

    void reveal(std::size_t i) {
        if (pigs_[i].role != Role::MP) pigs_[i].revealed = true;
    }

    // 4.3: past the m-th card, every draw is another copy of it.
    void draw(std::size_t who, int count) {
        for (int k = 0; k < count; ++k) {
            pigs_[who].hand.push_back(deck_[drawn_ < deck_.size() ? drawn_ : deck_.size() - 1]);
            if (drawn_ < deck_.size()) ++drawn_;
        }
    }

    // Removes the leftmost copy of `card` (4.6, last paragraph).
    bool discard(std::size_t who, char card) {
        std::string& h = pigs_[who].hand;
        std::size_t i = h.find(card);
        if (i == std::string::npos) return false;
        h.erase(i, 1);
        return true;
    }

    // 4.5 table, row F: an FP always duels the MP (pig 1); the MP and a ZP
    // the first enemy going forward from the next living pig. -1: none.
    long duel_target(std::size_t me) const {
        if (pigs_[me].role == Role::FP) return 0;
        const std::size_t n = pigs_.size();
        for (std::size_t k = 1; k < n; ++k) {
            std::size_t j = (me + k) % n;
            if (pigs_[j].alive && is_enemy(me, j)) return static_cast<long>(j);
        }
        return -1;
    }

    // 4.5: use the leftmost usable card, rescanning from the left after
    // every card, until none is usable, the pig dies or the game ends.
    // Sets `used_non_z` when a card other than Z was used (3 item 6).
    Flow play_phase(std::size_t me, bool& used_non_z) {
        bool k_used = false;
        while (pigs_[me].alive) {
            if (!step()) return Flow::OUT_OF_STEPS;
            Pig& pig = pigs_[me];
            const std::size_t next = next_alive(me);
            const bool kill = (!k_used || pig.crossbow) && is_enemy(me, next);
            const long duel = duel_target(me);
            std::size_t pos = 0;
            for (; pos < pig.hand.size(); ++pos) {
                char c = pig.hand[pos];
                if ((c == 'P' && pig.hp < 4) || (c == 'K' && kill) || (c == 'F' && duel >= 0) || c == 'N' ||
                    c == 'W' || c == 'Z') {
                    break;
                }
            }
            if (pos == pig.hand.size()) break;
            const char c = pig.hand[pos];
            pig.hand.erase(pos, 1);
            used_non_z = used_non_z || c != 'Z';
            Flow f = Flow::GO_ON;
            switch (c) {
                case 'P':
                    pig.hp += 1;
                    break;
                case 'Z':
                    pig.crossbow = true;
                    break;
                case 'K':
                    k_used = true;
                    f = kill_card(me, next);
                    break;
                case 'F':
                    f = duel_card(me, static_cast<std::size_t>(duel));
                    break;
                default:  // N or W
                    f = area_card(me, c);
                    break;
            }
            if (f != Flow::GO_ON) return f;
        }
        return Flow::GO_ON;
    }

    // 4.6 K.
    Flow kill_card(std::size_t me, std::size_t target) {
        reveal(me);
        if (discard(target, 'D')) return Flow::GO_ON;
        return damage(target, me);
    }

    // 4.6 F.
    Flow duel_card(std::size_t me, std::size_t target) {
        reveal(me);  // step 1, even if the duel is cancelled
        bool cancelled = false;
        const Flow chain = j_chain(me, target, cancelled);
        if (chain != Flow::GO_ON) return chain;
        if (cancelled) return Flow::GO_ON;  // step 2
        if (pigs_[me].role == Role::MP && pigs_[target].role == Role::ZP) {
            return damage(target, me);  // step 3: the loyal pig does not fight back
        }
        std::size_t responder = target, other = me;  // step 4
        for (;;) {
            if (!step()) return Flow::OUT_OF_STEPS;
            if (!discard(responder, 'K')) return damage(responder, other);
            std::swap(responder, other);
        }
    }

    // 4.6 N / W: every other living pig once, from the user's next.
    Flow area_card(std::size_t me, char card) {
        const char answer = card == 'N' ? 'K' : 'D';
        const std::size_t n = pigs_.size();
        for (std::size_t k = 1; k < n; ++k) {
            std::size_t x = (me + k) % n;
            if (!pigs_[x].alive) continue;
            bool cancelled = false;
            const Flow chain = j_chain(me, x, cancelled);
            if (chain != Flow::GO_ON) return chain;
            if (cancelled) continue;           // step 1
            if (discard(x, answer)) continue;  // step 2
            const Flow hurt = damage(x, me);   // step 3
            if (hurt != Flow::GO_ON) return hurt;
            // 4.8: the MP survived damage from an unrevealed user.
            if (pigs_[x].role == Role::MP && !is_known(me)) pigs_[me].suspected = true;
        }
        return Flow::GO_ON;
    }

    // 4.7: the first living pig of `side` holding a J, from seat `from` on.
    long first_with_j(std::size_t from, Side side) const {
        const std::size_t n = pigs_.size();
        for (std::size_t k = 0; k < n; ++k) {
            std::size_t j = (from + k) % n;
            const Pig& p = pigs_[j];
            if (p.alive && side_of(p.role) == side && p.hand.find('J') != std::string::npos) {
                return static_cast<long>(j);
            }
        }
        return -1;
    }

    // 4.7: sets `cancelled` when the trick on `target` is cancelled (an odd
    // number of J played); never WON.
    Flow j_chain(std::size_t user, std::size_t target, bool& cancelled) {
        cancelled = false;
        if (!is_known(target)) return Flow::GO_ON;  // step 1: nobody protects an unknown pig
        Side side = side_of(pigs_[target].role);
        std::size_t from = user;  // step 2: the user has the first chance
        for (long y; (y = first_with_j(from, side)) >= 0;) {
            if (!step()) return Flow::OUT_OF_STEPS;
            const std::size_t who = static_cast<std::size_t>(y);
            discard(who, 'J');
            cancelled = !cancelled;
            reveal(who);  // step 3
            from = (who + 1) % pigs_.size();
            side = opposite(side);
        }
        return Flow::GO_ON;
    }

    // 4.9 items 1 and 2.
    Flow damage(std::size_t victim, std::size_t source) {
        Pig& v = pigs_[victim];
        v.hp -= 1;
        if (v.hp > 0) return Flow::GO_ON;
        if (discard(victim, 'P')) {
            v.hp += 1;
            return Flow::GO_ON;
        }
        return die(victim, source);
    }

    // 4.9 item 3, sub-items in their order.
    Flow die(std::size_t victim, std::size_t source) {
        Pig& v = pigs_[victim];
        v.alive = false;
        v.hand.clear();
        v.crossbow = false;
        if (v.role == Role::MP) return won(Side::FP);  // 3.1
        bool fp_alive = false;
        for (const Pig& p : pigs_) fp_alive = fp_alive || (p.alive && p.role == Role::FP);
        if (!fp_alive) return won(Side::MP);  // 3.2
        if (v.role == Role::FP) draw(source, 3);  // 3.3
        if (v.role == Role::ZP && pigs_[source].role == Role::MP) {  // 3.4
            pigs_[source].hand.clear();
            pigs_[source].crossbow = false;
        }
        return Flow::GO_ON;
    }

    Flow won(Side side) {
        winner_ = side;
        return Flow::WON;
    }

    std::vector<Pig> pigs_;
    const std::string& deck_;
    std::size_t drawn_ = 0;  // cards taken from the deck, at most its size
    u64 steps_ = 0;
    Side winner_ = Side::MP;  // the side that won, once one has
};

}  // namespace

int main() {
    registerValidation();
    const Input in = read();
    const u64 n = in.seats.size(), m = in.deck.size();
    if (n < 2 || n > MAX_PIGS) rule("2", "n = " + num(n) + " is not in 2..=" + num(MAX_PIGS));
    if (m < 1 || m > MAX_DECK) rule("2", "m = " + num(m) + " is not in 1..=" + num(MAX_DECK));
    if (in.seats[0].role != Role::MP) rule("3", std::string("pig 1 is a ") + name(in.seats[0].role) + ", not the MP");
    for (std::size_t i = 1; i < in.seats.size(); ++i) {
        if (in.seats[i].role == Role::MP) rule("3", "pig " + num(i + 1) + " is a second MP (only pig 1 is the MP)");
    }
    bool fp = false;
    for (std::size_t i = 0; i < in.seats.size(); ++i) fp = fp || in.seats[i].role == Role::FP;
    if (!fp) rule("4", "no pig is an FP");
    Table table(in);
    const Finish end = table.run();
    switch (end.ending) {
        case Ending::WON:
            break;
        case Ending::IDLE:
            rule("6", "the game never ends: every living pig takes an idle turn in a row (the round ending with turn " +
                          num(end.turn) + ")");
        case Ending::CAP:
            rule("6", "the game does not end within the safety cap of " + num(MAX_TURNS) + " turns");
        case Ending::OUT_OF_STEPS:
            rule("6", "the game does not end within the step budget of " + num(MAX_STEPS) + " steps");
    }
    return 0;
}
