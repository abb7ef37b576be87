/*
 * record_internal.h -- what the record files share (record.c: errors,
 * action names, records <-> games; record_read.c: the JSON reader;
 * record_write.c: the JSON writer).  Internal to src/core; only these
 * files touch jansson.
 */
#ifndef SK_RECORD_INTERNAL_H
#define SK_RECORD_INTERNAL_H

#include "schafkopf/core.h"
#include "core/bits.h"

#include <jansson.h>

#define SKX_RECORD_FORMAT "schafkopf-record/1"
/* How many characters of a bad input string an error message quotes. */
#define SKX_RECORD_QUOTE 24
/* Flags for every dump: one line, keys in insertion order. */
#define SKX_RECORD_DUMP_FLAGS (JSON_COMPACT | JSON_PRESERVE_ORDER)

#if defined(__GNUC__)
#define SKX_RECORD_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SKX_RECORD_PRINTF(f, a)
#endif

/* Names of the action types, indexed by enum sk_action_type (record.c). */
extern const char *const skx_action_names[];
#define SKX_NACTION_NAMES 8

/* Fills err (if any) with a formatted message and returns code. */
int skx_rec_fail(sk_error *err, int code, const char *fmt, ...) SKX_RECORD_PRINTF(3, 4);

#endif
