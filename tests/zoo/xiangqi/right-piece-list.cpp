// zoo: right
#include <iostream>
#include <sstream>
#include <string>
#include <vector>
using namespace std;

struct Piece { char t; int r, c; bool alive; };

struct Pos {
    vector<Piece> red;
    int br, bc;
    bool occupied(int r, int c) const {
        if (r == br && c == bc) return true;
        for (const Piece& p : red) if (p.alive && p.r == r && p.c == c) return true;
        return false;
    }
    int countBetween(int r1, int c1, int r2, int c2) const {
        int n = 0;
        int sr = (r2 > r1) - (r2 < r1), sc = (c2 > c1) - (c2 < c1);
        int r = r1 + sr, c = c1 + sc;
        while (r != r2 || c != c2) {
            if (occupied(r, c)) n++;
            r += sr; c += sc;
        }
        return n;
    }
    bool pieceAttacks(const Piece& p, int r, int c) const {
        bool line = (p.r == r) != (p.c == c);
        switch (p.t) {
        case 'G': return p.c == c && p.r != r && countBetween(p.r, p.c, r, c) == 0;
        case 'R': return line && countBetween(p.r, p.c, r, c) == 0;
        case 'C': return line && countBetween(p.r, p.c, r, c) == 1;
        case 'H': {
            int dr = r - p.r, dc = c - p.c;
            if (dr * dr + dc * dc != 5) return false;
            int lr = p.r, lc = p.c;
            if (dr == 2 || dr == -2) lr += dr / 2; else lc += dc / 2;
            return !occupied(lr, lc);
        }
        }
        return false;
    }
    bool underAttack(int r, int c) const {
        for (const Piece& p : red)
            if (p.alive && pieceAttacks(p, r, c)) return true;
        return false;
    }
};

int main() {
    stringstream all;
    all << cin.rdbuf();
    string line;
    // collect tokens regardless of layout
    vector<string> tok;
    string w;
    while (all >> w) tok.push_back(w);
    size_t k = 0;
    string out;
    while (k + 2 < tok.size()) {
        int n = stoi(tok[k]), br = stoi(tok[k + 1]), bc = stoi(tok[k + 2]);
        k += 3;
        if (n == 0 && br == 0 && bc == 0) break;
        Pos pos;
        pos.br = br; pos.bc = bc;
        const Piece* gen = nullptr;
        for (int i = 0; i < n; i++) {
            Piece p{tok[k][0], stoi(tok[k + 1]), stoi(tok[k + 2]), true};
            k += 3;
            pos.red.push_back(p);
        }
        for (const Piece& p : pos.red) if (p.t == 'G') gen = &p;
        if (gen->c == bc && pos.countBetween(br, bc, gen->r, gen->c) == 0) {
            out += "NO\n";
            continue;
        }
        const int mv[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        bool escape = false;
        for (auto& m : mv) {
            int nr = br + m[0], nc = bc + m[1];
            if (nr < 1 || nr > 3 || nc < 4 || nc > 6) continue;
            Pos after = pos;
            after.br = nr; after.bc = nc;
            for (Piece& p : after.red)
                if (p.r == nr && p.c == nc) p.alive = false;
            if (!after.underAttack(nr, nc)) { escape = true; break; }
        }
        out += escape ? "NO\n" : "YES\n";
    }
    cout << out;
    return 0;
}
