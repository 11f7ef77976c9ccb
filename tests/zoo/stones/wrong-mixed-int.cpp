// zoo: wrong
// bug: the mixed piles' difference bw - wb is stored in an int, so it wraps when the counts differ by 2^31 or more
// bug: A moving second is answered win only when the total is positive, so T = 0 gives lose lose
// named: sum-in-i32@mixed-piles + second-loses-at-zero
#include <iostream>
#include <string>
using namespace std;

int main() {
    int n;
    while (cin >> n) {
        long long w = 0, b = 0, ww = 0, bb = 0, wb = 0, bw = 0;
        for (int i = 0; i < n; i++) {
            string k; long long c;
            cin >> k >> c;
            if (k == "w") w = c;
            else if (k == "b") b = c;
            else if (k == "ww") ww = c;
            else if (k == "bb") bb = c;
            else if (k == "wb") wb = c;
            else bw = c;
        }
        // whole moves: white ones minus black ones; mixed piles are worth half a move each
        __int128 whole = (__int128)w + 2 * (__int128)ww - b - 2 * (__int128)bb;
        int mixed = bw - wb;
        __int128 t = 2 * whole + mixed;
        if (t > 0) cout << "win win\n";
        else cout << "lose lose\n";
    }
}
