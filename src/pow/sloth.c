/* kCTF's and redpwn's sloth over the Mersenne prime p = 2^1279 - 1.
 *
 * (p + 1) / 4 = 2^1277, so a step's square root is 1277 squarings. Modulo a Mersenne prime a
 * square reduces by shift and add: 2^1279 = 1 (mod p), so the bits above 1279 are added to the
 * low ones. Values stay partly reduced (below 2^1280, 20 limbs) between squarings and are made
 * canonical once a step, before the xor. Measured against OpenSSL's BN_mod_exp (Montgomery) on
 * the 2-core machine: see docs/pow.md; this file's squaring is the one shipped. */
#include "pow/internal.h"

#include <string.h>
#include <time.h>

#include <openssl/bn.h>
#include <openssl/evp.h>

#define N CGI_SLOTH_LIMBS
#define TOP_MASK 0x7fffffffffffffffULL /* limb 19 holds bits 1216..1278 below bit 1279 */

__extension__ typedef unsigned __int128 u128;

/* t[0..2N) = a^2, by rows: the cross products once, doubled with a shift, then the squares
 * on the diagonal. (Product scanning with a three-word column sum measured 1.7 times slower.) */
static void square_wide(const uint64_t *a, uint64_t *t)
{
    memset(t, 0, 2 * N * sizeof *t);
    for (int i = 0; i < N - 1; i++) {
        uint64_t carry = 0, ai = a[i];
        for (int j = i + 1; j < N; j++) {
            u128 s = (u128)ai * a[j] + t[i + j] + carry;
            t[i + j] = (uint64_t)s;
            carry = (uint64_t)(s >> 64);
        }
        t[i + N] = carry;
    }
    t[2 * N - 1] = t[2 * N - 2] >> 63;
    for (int k = 2 * N - 2; k > 0; k--)
        t[k] = t[k] << 1 | t[k - 1] >> 63;
    t[0] <<= 1;
    uint64_t carry = 0;
    for (int i = 0; i < N; i++) {
        u128 m = (u128)a[i] * a[i];
        u128 s = (u128)t[2 * i] + (uint64_t)m + carry;
        t[2 * i] = (uint64_t)s;
        s = (u128)t[2 * i + 1] + (uint64_t)(m >> 64) + (uint64_t)(s >> 64);
        t[2 * i + 1] = (uint64_t)s;
        carry = (uint64_t)(s >> 64);
    }
}

/* r = t mod p, partly: below 2^1280. t < 2^2560, so t >> 1279 has up to 1281 bits: what
 * passes bit 1279 in the sum is folded again (2^1279 = 1, 2^1280 = 2). */
static void fold(const uint64_t *t, uint64_t *r)
{
    uint64_t carry = 0;
    for (int i = 0; i < N; i++) {
        uint64_t high = (t[N - 1 + i] >> 63) | (t[N + i] << 1);
        uint64_t low = i == N - 1 ? t[i] & TOP_MASK : t[i];
        u128 s = (u128)low + high + carry;
        r[i] = (uint64_t)s;
        carry = (uint64_t)(s >> 64);
    }
    carry += t[2 * N - 1] >> 63; /* high's bit 1280, which the limbs above did not hold */
    carry = 2 * carry + (r[N - 1] >> 63);
    r[N - 1] &= TOP_MASK;
    for (int i = 0; i < N && carry; i++) {
        u128 s = (u128)r[i] + carry;
        r[i] = (uint64_t)s;
        carry = (uint64_t)(s >> 64);
    }
}

static void square_mod(uint64_t *a)
{
    uint64_t t[2 * N];
    square_wide(a, t);
    fold(t, a);
}

/* a below 2^1280 -> the representative in [0, p). */
static void canonical(uint64_t *a)
{
    uint64_t top = a[N - 1] >> 63;
    a[N - 1] &= TOP_MASK;
    uint64_t carry = top;
    for (int i = 0; i < N && carry; i++) {
        a[i] += carry;
        carry = a[i] == 0;
    }
    bool is_p = a[N - 1] == TOP_MASK;
    for (int i = 0; i < N - 1 && is_p; i++)
        is_p = a[i] == ~0ULL;
    if (is_p)
        memset(a, 0, N * sizeof *a);
}

bool cgi_sloth_root(const uint64_t *x, uint32_t difficulty, uint64_t *y, cgi_tick_fn tick,
                    void *tick_ctx)
{
    memcpy(y, x, N * sizeof *y);
    for (uint32_t d = 0; d < difficulty; d++) {
        for (int k = 0; k < 1277; k++)
            square_mod(y);
        canonical(y);
        y[0] ^= 1;
        if (tick && !tick(tick_ctx, (double)d + 1))
            return false;
    }
    return true;
}

bool cgi_sloth_check(const uint64_t *x, uint32_t difficulty, const uint64_t *y)
{
    uint64_t v[N], minus[N];
    memcpy(v, y, sizeof v);
    /* y as given, not reduced first: kCTF's verifier xors y itself, so y + p is another
     * number there (its xor with 1 differs by 2 modulo p) and is refused */
    for (uint32_t d = 0; d < difficulty; d++) {
        v[0] ^= 1;
        square_mod(v);
        canonical(v);
    }
    /* p - x: the root may be of -x (x is not always a square) */
    uint64_t borrow = 0, pl;
    for (int i = 0; i < N; i++) {
        pl = i == N - 1 ? TOP_MASK : ~0ULL;
        u128 s = (u128)pl - x[i] - borrow;
        minus[i] = (uint64_t)s;
        borrow = (uint64_t)(s >> 64) ? 1 : 0;
    }
    return memcmp(v, x, sizeof v) == 0 || memcmp(v, minus, sizeof v) == 0;
}

static void limbs_to_be(const uint64_t *v, uint8_t *be)
{
    for (int i = 0; i < N; i++)
        for (int b = 0; b < 8; b++)
            be[8 * N - 1 - (8 * i + b)] = (uint8_t)(v[i] >> (8 * b));
}

static void be_to_limbs(const uint8_t *be, size_t n, uint64_t *v)
{
    memset(v, 0, N * sizeof *v);
    for (size_t k = 0; k < n; k++) /* byte k from the end */
        v[k / 8] |= (uint64_t)be[n - 1 - k] << (8 * (k % 8));
}

bool cgi_sloth_root_bn(const uint64_t *x, uint32_t difficulty, uint64_t *y)
{
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *p = BN_new(), *e = BN_new(), *v = BN_new();
    BN_MONT_CTX *mont = BN_MONT_CTX_new();
    uint8_t be[8 * N];
    bool ok = ctx && p && e && v && mont && BN_set_bit(p, 1279) && BN_sub_word(p, 1) &&
              BN_set_bit(e, 1277) && BN_MONT_CTX_set(mont, p, ctx);
    limbs_to_be(x, be);
    ok = ok && BN_bin2bn(be, sizeof be, v);
    for (uint32_t d = 0; ok && d < difficulty; d++) {
        ok = BN_mod_exp_mont(v, v, e, p, ctx, mont) &&
             (BN_is_bit_set(v, 0) ? BN_clear_bit(v, 0) : BN_set_bit(v, 0));
    }
    if (ok && BN_bn2binpad(v, be, sizeof be) == (int)sizeof be)
        be_to_limbs(be, sizeof be, y);
    else
        ok = false;
    BN_MONT_CTX_free(mont);
    BN_free(v);
    BN_free(e);
    BN_free(p);
    BN_CTX_free(ctx);
    return ok;
}

double cgi_sloth_step_seconds(void)
{
    uint64_t x[N] = {0x0123456789abcdefULL, 42}, y[N];
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    cgi_sloth_root(x, 3, y, NULL, NULL);
    clock_gettime(CLOCK_MONOTONIC, &b);
    return ((double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9) / 3;
}

static int bit_length(const uint64_t *v)
{
    for (int i = N - 1; i >= 0; i--)
        if (v[i])
            return 64 * i + 64 - __builtin_clzll(v[i]);
    return 0;
}

size_t cgi_number_b64(const uint64_t *v, char *out, size_t cap)
{
    uint8_t be[8 * N + 3] = {0}; /* kCTF's length may add zero bytes in front of 1280 bits */
    limbs_to_be(v, be + 3);
    size_t size = (size_t)(bit_length(v) / 24) * 3 + 3; /* kCTF's encode_number */
    if (cap < size / 3 * 4 + 1)
        return 0;
    return (size_t)EVP_EncodeBlock((unsigned char *)out, be + sizeof be - size, (int)size);
}

bool cgi_b64_number(const char *s, size_t n, uint64_t *v)
{
    if (n == 0 || n % 4 != 0 || n > 1024)
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        bool pad = c == '=' && i >= n - 2 && (i == n - 1 || s[n - 1] == '=');
        if (!pad && !((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                      c == '+' || c == '/'))
            return false;
    }
    uint8_t buf[768];
    int got = EVP_DecodeBlock(buf, (const unsigned char *)s, (int)n);
    if (got < 0)
        return false;
    size_t len = (size_t)got - (s[n - 1] == '=') - (s[n - 2] == '=');
    size_t skip = 0;
    while (skip < len && buf[skip] == 0)
        skip++;
    if (len - skip > 8 * N)
        return false;
    be_to_limbs(buf + skip, len - skip, v);
    return true;
}
