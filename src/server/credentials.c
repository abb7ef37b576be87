/*
 * credentials.c -- the code and edit key of a book made outside the
 * server (`schafkopf sheet --db`, `schafkopf tournament --db`), in the
 * form the server's pages accept: a code of the invitation alphabet and
 * an edit key whose hash the store keeps (docs/server-protocol.md,
 * "Score keeping").
 */
#include "schafkopf/server.h"
#include "server/proto.h"

#include <sodium.h>
#include <string.h>

#define KEY_BYTES 32 /* an edit key, as the server makes one */

void sk_server_book_credentials(char code[17], char key[65], char hash[65])
{
    const char *abc = skx_code_alphabet();
    uint32_t n = (uint32_t)strlen(abc);
    for (int i = 0; i < 16; i++)
        code[i] = abc[randombytes_uniform(n)];
    code[16] = '\0';
    uint8_t k[KEY_BYTES], h[32];
    randombytes_buf(k, sizeof k);
    crypto_generichash(h, sizeof h, k, sizeof k, NULL, 0);
    sodium_bin2hex(key, 65, k, sizeof k);
    sodium_bin2hex(hash, 65, h, sizeof h);
    sodium_memzero(k, sizeof k);
}
