// zoo: slip
// bug: when Alice's attack on Bob's castle is repelled I return before leaving one soldier on her source, so her attackers die but the source keeps its whole stack
// bug: the soldiers left to the winner of a fight that takes a cell are kept in an int, which wraps when more than 2^31 - 1 are left
// rule: castle-attack-repelled
// element: castle
#include <iostream>
#include <string>
#include <vector>
using namespace std;

struct Cell {
    int who = -1;          // -1 nobody, 0 Alice, 1 Bob
    long long n = 0;
};

struct Game {
    int N, M;
    vector<Cell> g;
    int cx[2], cy[2];
    int winner = -1;

    Cell& at(int x, int y) { return g[(x - 1) * M + (y - 1)]; }

    // what happens on the target cell, once the group of a soldiers left the source
    void land(int p, Cell& dst, long long a) {
        if (dst.who == -1) {
            dst.who = p;
            dst.n = a;
        } else if (dst.who == p) {
            dst.n += a;
        } else if (dst.n == a) {
            dst.who = -1;
            dst.n = 0;
        } else if (dst.n > a) {
            dst.n -= a;
        } else {
            int rest = a - dst.n;
            dst.who = p;
            dst.n = rest;
        }
    }

    void aliceMoves(int x, int y, char d) {
        at(cx[0], cy[0]).n++;
        int tx = x + (d == 'D' ? 1 : d == 'U' ? -1 : 0);
        int ty = y + (d == 'R' ? 1 : d == 'L' ? -1 : 0);
        Cell& src = at(x, y);
        Cell& dst = at(tx, ty);
        long long a = src.n - 1;
        if (tx == cx[1] && ty == cy[1] && dst.n > a) {
            dst.n -= a;    // Bob's castle holds
            return;
        }
        src.n = 1;
        land(0, dst, a);
        if (at(cx[1], cy[1]).who != 1) winner = 0;
    }

    void bobMoves(int x, int y, char d) {
        at(cx[1], cy[1]).n++;
        int tx = x + (d == 'D' ? 1 : d == 'U' ? -1 : 0);
        int ty = y + (d == 'R' ? 1 : d == 'L' ? -1 : 0);
        Cell& src = at(x, y);
        long long a = src.n - 1;
        src.n = 1;
        land(1, at(tx, ty), a);
        if (at(cx[0], cy[0]).who != 0) winner = 1;
    }
};

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    int T;
    cin >> T;
    while (T--) {
        Game G;
        cin >> G.N >> G.M;
        G.g.assign(G.N * G.M, Cell());
        for (int p = 0; p < 2; p++) {
            long long c;
            cin >> G.cx[p] >> G.cy[p] >> c;
            G.at(G.cx[p], G.cy[p]).who = p;
            G.at(G.cx[p], G.cy[p]).n = c;
        }
        int Q;
        cin >> Q;
        for (int i = 0; i < 2 * Q; i++) {
            int x, y;
            string d;
            cin >> x >> y >> d;
            if (G.winner >= 0) continue;
            if (i % 2 == 0) G.aliceMoves(x, y, d[0]);
            else G.bobMoves(x, y, d[0]);
        }
        long long alice = 0;
        long long bob = 0;
        for (const Cell& c : G.g) {
            if (c.who == 0) alice += c.n;
            if (c.who == 1) bob += c.n;
        }
        if (G.winner == 0) cout << "Alice wins!!!\n";
        else if (G.winner == 1) cout << "Bob wins!!\n";
        else cout << "draw!\n";
        cout << alice << ' ' << bob << '\n';
    }
}
