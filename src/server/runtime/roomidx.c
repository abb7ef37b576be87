/*
 * roomidx.c -- finding a room of this process by its invitation code or
 * its store id in constant time.  Every message about a room names it by
 * code and every bot's answer by id; with thousands of rooms a walk over
 * all of them per message (a string compare each) was the loop's largest
 * cost of its own.  Two open-addressing tables (linear probing, at most
 * half full, grown by rebuilding) point into rt->rooms; a room archived
 * while the server runs leaves both by backward shifting (the rooms
 * after it in its cluster are put in again), so there are no
 * tombstones.
 */
#include "server/runtime/runtime.h"

#include <stdlib.h>
#include <string.h>

/* FNV-1a of the code: codes are random already, any spread will do. */
static size_t code_hash(const char *code)
{
    uint64_t h = 1469598103934665603u;
    for (; *code; code++)
        h = (h ^ (unsigned char)*code) * 1099511628211u;
    return (size_t)h;
}

/* A 64-bit mix of the id (ids are sequential). */
static size_t id_hash(uint64_t id)
{
    id ^= id >> 33;
    id *= 0xff51afd7ed558ccdu;
    id ^= id >> 33;
    return (size_t)id;
}

/* Puts a room into both tables (which have room). */
static void put(skx_room **by_code, skx_room **by_id, size_t cap, skx_room *rm)
{
    size_t mask = cap - 1;
    size_t i = code_hash(rm->code) & mask;
    while (by_code[i])
        i = (i + 1) & mask;
    by_code[i] = rm;
    i = id_hash(rm->id) & mask;
    while (by_id[i])
        i = (i + 1) & mask;
    by_id[i] = rm;
}

int skx_roomidx_add(skx_runtime *rt, skx_room *rm)
{
    if (2 * (rt->nindexed + 1) > rt->capidx) {
        size_t cap = rt->capidx ? 2 * rt->capidx : 64;
        skx_room **by_code = calloc(cap, sizeof *by_code);
        skx_room **by_id = calloc(cap, sizeof *by_id);
        if (!by_code || !by_id) {
            free(by_code);
            free(by_id);
            return -1;
        }
        for (size_t i = 0; i < rt->capidx; i++)
            if (rt->by_code[i])
                put(by_code, by_id, cap, rt->by_code[i]);
        free(rt->by_code);
        free(rt->by_id);
        rt->by_code = by_code;
        rt->by_id = by_id;
        rt->capidx = cap;
    }
    put(rt->by_code, rt->by_id, rt->capidx, rm);
    rt->nindexed++;
    return 0;
}

/* Takes `rm` out of one table (its slot by `home`'s hash) and puts the
 * rest of its cluster in again, so that no lookup stops early. */
static void take_out(skx_room **t, size_t cap, const skx_room *rm, bool by_code)
{
    size_t mask = cap - 1;
    size_t i = (by_code ? code_hash(rm->code) : id_hash(rm->id)) & mask;
    while (t[i] && t[i] != rm)
        i = (i + 1) & mask;
    if (!t[i])
        return;
    t[i] = NULL;
    for (size_t j = (i + 1) & mask; t[j]; j = (j + 1) & mask) {
        skx_room *e = t[j];
        t[j] = NULL;
        size_t k = (by_code ? code_hash(e->code) : id_hash(e->id)) & mask;
        while (t[k])
            k = (k + 1) & mask;
        t[k] = e;
    }
}

void skx_roomidx_remove(skx_runtime *rt, const skx_room *rm)
{
    if (!rt->capidx)
        return;
    take_out(rt->by_code, rt->capidx, rm, true);
    take_out(rt->by_id, rt->capidx, rm, false);
    rt->nindexed--;
}

skx_room *skx_roomidx_code(const skx_runtime *rt, const char *code)
{
    if (!rt->capidx)
        return NULL;
    size_t mask = rt->capidx - 1;
    for (size_t i = code_hash(code) & mask; rt->by_code[i]; i = (i + 1) & mask)
        if (strcmp(rt->by_code[i]->code, code) == 0)
            return rt->by_code[i];
    return NULL;
}

skx_room *skx_roomidx_id(const skx_runtime *rt, uint64_t id)
{
    if (!rt->capidx)
        return NULL;
    size_t mask = rt->capidx - 1;
    for (size_t i = id_hash(id) & mask; rt->by_id[i]; i = (i + 1) & mask)
        if (rt->by_id[i]->id == id)
            return rt->by_id[i];
    return NULL;
}

void skx_roomidx_free(skx_runtime *rt)
{
    free(rt->by_code);
    free(rt->by_id);
    rt->by_code = rt->by_id = NULL;
    rt->capidx = rt->nindexed = 0;
}
