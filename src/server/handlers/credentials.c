/*
 * credentials.c -- random codes of rooms and books, and the code and
 * edit key of a book made outside the server (`schafkopf sheet --db`, `schafkopf tournament --db`), in the
 * form the server's pages accept: a code of the invitation alphabet and
 * an edit key whose hash the store keeps (docs/server-protocol.md,
 * "Score keeping").
 */
#include "schafkopf/server.h"
#include "server/handlers/books.h"
#include "server/proto/proto.h"

#include <sodium.h>
#include <string.h>

void skx_code_random(char code[SKX_CODE_LEN + 1])
{
    const char *abc = skx_code_alphabet();
    uint32_t n = (uint32_t)strlen(abc);
    for (int i = 0; i < SKX_CODE_LEN; i++)
        code[i] = abc[randombytes_uniform(n)];
    code[SKX_CODE_LEN] = '\0';
}

void sk_server_book_credentials(char code[17], char key[65], char hash[65])
{
    skx_code_random(code);
    uint8_t k[SKX_KEY_BYTES];
    randombytes_buf(k, sizeof k);
    skx_book_key_hash(k, hash); /* what book_create stores, and key_may checks */
    sodium_bin2hex(key, 2 * SKX_KEY_BYTES + 1, k, sizeof k);
    sodium_memzero(k, sizeof k);
}
