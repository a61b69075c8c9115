/*
** tt.c -- the transposition table that iterative deepening keeps and that
** the threads of a Lazy SMP search share (search.h's eg_tt).
**
** Lockless, after Hyatt and Mann's "lockless transposition table": a slot
** is three 64-bit words, the packed result (value, depth, kind of bound),
** the move, and a check word, the key XOR the other two.  Each word is an
** atomic read or written with relaxed order, so there is no data race in
** the C11 sense, but a reader may see words of two different stores; then
** check ^ data ^ move is not the key and the slot counts as empty.  A store
** always replaces (the newest result is the one the next iteration needs).
**
** Beside it, the table keeps what a parallel search shares besides its
** results: the "busy" slots of ABDADA (a thread marks the position it is
** searching so another defers it: parallel_lazy.c), and a stop flag.
*/
#include "search.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

struct slot {
    _Atomic uint64_t check, data, move;
};

struct eg_tt {
    struct slot *slots;
    uint64_t mask;
    _Atomic uint64_t *busy;     /* keys being searched, by hash; or NULL  */
    uint64_t busy_mask;
    atomic_int stop;
};

/* The busy table's size: enough that two or three threads seldom share a
** slot, small enough to stay in cache. */
#define BUSY_BITS 14

eg_tt *eg_tt_new(int bits, int busy)
{
    eg_tt *t = calloc(1, sizeof *t);

    if (!t || bits < 1 || bits > 30)
        goto fail;
    t->mask = ((uint64_t)1 << bits) - 1;
    if (!(t->slots = calloc((size_t)t->mask + 1, sizeof *t->slots)))
        goto fail;
    if (busy) {
        t->busy_mask = ((uint64_t)1 << BUSY_BITS) - 1;
        if (!(t->busy = calloc((size_t)t->busy_mask + 1, sizeof *t->busy)))
            goto fail;
    }
    atomic_init(&t->stop, 0);
    return t;
fail:
    eg_tt_free(t);
    return NULL;
}

void eg_tt_free(eg_tt *t)
{
    if (!t)
        return;
    free(t->slots);
    free((void *)t->busy);
    free(t);
}

/* Packing: bits 0..31 the value (two's complement), 32..39 the depth,
** 40..41 the kind.  Values outside 32 bits are never stored. */
static uint64_t pack(long value, int depth, int kind)
{
    return (uint64_t)(uint32_t)(int32_t)value | (uint64_t)(depth & 0xff) << 32
           | (uint64_t)(kind & 3) << 40;
}

static uint64_t pack_move(eg_move m)
{
    return (uint64_t)(uint32_t)m.from << 32 | (uint32_t)m.to;
}

int eg_tt_probe(eg_tt *t, uint64_t key, eg_tt_entry *out)
{
    struct slot *s = &t->slots[key & t->mask];
    uint64_t check = atomic_load_explicit(&s->check, memory_order_relaxed);
    uint64_t data = atomic_load_explicit(&s->data, memory_order_relaxed);
    uint64_t move = atomic_load_explicit(&s->move, memory_order_relaxed);

    if ((check ^ data ^ move) != key || data == 0)
        return 0;
    out->value = (int32_t)(uint32_t)data;
    out->depth = (int)(data >> 32 & 0xff);
    out->kind = (enum eg_tt_kind)(data >> 40 & 3);
    out->move = (eg_move){(int32_t)(uint32_t)(move >> 32), (int32_t)(uint32_t)move};
    return 1;
}

void eg_tt_store(eg_tt *t, uint64_t key, long value, int depth, enum eg_tt_kind kind, eg_move move)
{
    if (value > INT32_MAX || value < INT32_MIN || depth > 0xff)
        return;
    struct slot *s = &t->slots[key & t->mask];
    uint64_t data = pack(value, depth, kind), m = pack_move(move);

    atomic_store_explicit(&s->data, data, memory_order_relaxed);
    atomic_store_explicit(&s->move, m, memory_order_relaxed);
    atomic_store_explicit(&s->check, key ^ data ^ m, memory_order_relaxed);
}

/* ABDADA's marks.  A slot holds the key of a position some thread is
** searching; a clash of two keys on one slot only makes a thread defer a
** move it need not have, or not defer one: the order changes, never the
** value. */
int eg_tt_busy(eg_tt *t, uint64_t key)
{
    return t->busy && atomic_load_explicit(&t->busy[key & t->busy_mask], memory_order_relaxed) == key;
}

void eg_tt_mark(eg_tt *t, uint64_t key)
{
    if (t->busy)
        atomic_store_explicit(&t->busy[key & t->busy_mask], key, memory_order_relaxed);
}

void eg_tt_unmark(eg_tt *t, uint64_t key)
{
    uint64_t expected = key;

    if (t->busy)
        atomic_compare_exchange_strong_explicit(&t->busy[key & t->busy_mask], &expected, 0,
                                                memory_order_relaxed, memory_order_relaxed);
}

void eg_tt_stop(eg_tt *t)
{
    atomic_store_explicit(&t->stop, 1, memory_order_relaxed);
}

int eg_tt_stopped(eg_tt *t)
{
    return atomic_load_explicit(&t->stop, memory_order_relaxed);
}
