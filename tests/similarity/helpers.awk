# helpers.awk -- (see similarity_bench.sh) seed=N funcs=F: F functions of
# C built at random from seed N, each statement shaped by its own draws.
function pick(n) { return int(rand() * n) }
function operand() { r = pick(4); return r == 0 ? "v" pick(4) : r == 1 ? pick(100) : r == 2 ? "a[" pick(8) "]" : "p" pick(2) }
function expr(d,   e) {
    if (d <= 0 || pick(3) == 0) return operand()
    e = expr(d - 1) " " substr("+-*/%&|^", pick(8) + 1, 1) " " expr(d - 1)
    return pick(4) == 0 ? "(" e ")" : e
}
function cond() { return expr(1) " " (pick(2) ? substr("<>", pick(2) + 1, 1) : (pick(2) ? "==" : "!=")) " " expr(1) }
function stmt(d,   r, s, i, n) {
    r = pick(d > 0 ? 8 : 3)
    if (r == 0) return "v" pick(4) " = " expr(2) ";"
    if (r == 1) return "a[" expr(1) " & 7] " (pick(2) ? "+=" : "=") " " expr(2) ";"
    if (r == 2) return (pick(2) ? "v" pick(4) "++;" : "h" pick(nf) "(" expr(1) ", " expr(1) ");")
    if (r == 3 || r == 4) { s = "if (" cond() ") {"; n = pick(3) + 1; for (i = 0; i < n; i++) s = s " " stmt(d - 1)
        if (pick(2)) { s = s " } else {"; n = pick(2) + 1; for (i = 0; i < n; i++) s = s " " stmt(d - 1) }
        return s " }" }
    if (r == 5) { s = "for (v" pick(4) " = " pick(5) "; v" pick(4) " < " expr(1) "; v" pick(4) "++) {"
        n = pick(3) + 1; for (i = 0; i < n; i++) s = s " " stmt(d - 1); return s " }" }
    if (r == 6) { s = "while (" cond() ") {"; n = pick(2) + 1; for (i = 0; i < n; i++) s = s " " stmt(d - 1); return s " break; }" }
    return "if (" cond() ") return " expr(2) ";"
}
BEGIN {
    srand(seed); nf = funcs
    print "static int a[8];"
    for (f = 0; f < nf; f++) printf "static int h%d(int p0, int p1);\n", f
    for (f = 0; f < nf; f++) {
        printf "static int h%d(int p0, int p1)\n{\n    int v0 = p0, v1 = p1, v2 = %d, v3 = 0;\n", f, pick(50)
        n = pick(6) + 3
        for (i = 0; i < n; i++) print "    " stmt(2)
        print "    return " expr(2) ";\n}"
    }
}
