// See include/CSegmentTrie.h.
#include "CSegmentTrie.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t hash, length;
    const char *key;  // NULL for an empty slot
    int32_t child;
} edge;

typedef struct {
    edge *edges;  // open addressing, capacity a power of two, at most half full
    uint32_t capacity, count;
    int32_t param, value;
} node;

struct wp_ctrie {
    node *nodes;
    size_t count, capacity;
};

static uint32_t fnv1a(const char *bytes, size_t length) {
    uint32_t hash = 2166136261u;
    for (size_t i = 0; i < length; i++) hash = (hash ^ (uint8_t)bytes[i]) * 16777619u;
    return hash;
}

static int32_t new_node(wp_ctrie *trie) {
    if (trie->count == trie->capacity) {
        size_t capacity = trie->capacity ? trie->capacity * 2 : 16;
        node *grown = realloc(trie->nodes, capacity * sizeof(node));
        if (!grown) return -1;
        trie->nodes = grown;
        trie->capacity = capacity;
    }
    trie->nodes[trie->count] = (node){NULL, 0, 0, -1, -1};
    return (int32_t)trie->count++;
}

static int32_t find_literal(const node *n, const char *key, size_t length, uint32_t hash) {
    if (!n->capacity) return -1;
    for (uint32_t i = hash & (n->capacity - 1);; i = (i + 1) & (n->capacity - 1)) {
        const edge *e = &n->edges[i];
        if (!e->key) return -1;
        if (e->hash == hash && e->length == length && memcmp(e->key, key, length) == 0) return e->child;
    }
}

static int put_edge(edge *edges, uint32_t capacity, edge e) {
    uint32_t i = e.hash & (capacity - 1);
    while (edges[i].key) i = (i + 1) & (capacity - 1);
    edges[i] = e;
    return 0;
}

static int32_t add_literal(wp_ctrie *trie, int32_t parent, const char *key, size_t length) {
    uint32_t hash = fnv1a(key, length);
    int32_t found = find_literal(&trie->nodes[parent], key, length, hash);
    if (found >= 0) return found;
    int32_t child = new_node(trie);
    char *copy = malloc(length + 1);
    if (child < 0 || !copy) return free(copy), -1;
    memcpy(copy, key, length);
    node *n = &trie->nodes[parent];
    if (2 * (n->count + 1) > n->capacity) {
        uint32_t capacity = n->capacity ? n->capacity * 2 : 4;
        edge *edges = calloc(capacity, sizeof(edge));
        if (!edges) return free(copy), -1;
        for (uint32_t i = 0; i < n->capacity; i++)
            if (n->edges[i].key) put_edge(edges, capacity, n->edges[i]);
        free(n->edges);
        n->edges = edges;
        n->capacity = capacity;
    }
    put_edge(n->edges, n->capacity, (edge){hash, (uint32_t)length, copy, child});
    n->count++;
    return child;
}

wp_ctrie *wp_ctrie_create(void) {
    wp_ctrie *trie = calloc(1, sizeof(wp_ctrie));
    if (trie && new_node(trie) < 0) return free(trie), NULL;
    return trie;
}

void wp_ctrie_free(wp_ctrie *trie) {
    if (!trie) return;
    for (size_t i = 0; i < trie->count; i++) {
        for (uint32_t j = 0; j < trie->nodes[i].capacity; j++) free((char *)trie->nodes[i].edges[j].key);
        free(trie->nodes[i].edges);
    }
    free(trie->nodes);
    free(trie);
}

int wp_ctrie_insert(wp_ctrie *trie, const char *route, size_t length, int32_t route_index) {
    if (length == 0 || route[0] != '/') return -1;
    if (length > 1 && route[length - 1] == '/') length--;
    int32_t at = 0;
    for (size_t pos = 0; pos < length && length > 1;) {
        size_t start = pos + 1, end = start;
        while (end < length && route[end] != '/') end++;
        if (end > start && route[start] == ':') {
            if (trie->nodes[at].param < 0) {
                int32_t child = new_node(trie);
                if (child < 0) return -1;
                trie->nodes[at].param = child;
            }
            at = trie->nodes[at].param;
        } else if ((at = add_literal(trie, at, route + start, end - start)) < 0) {
            return -1;
        }
        pos = end;
    }
    if (trie->nodes[at].value >= 0) return -1;
    trie->nodes[at].value = route_index;
    return 0;
}

// Compares `length` bytes; the keys are short (most URL segments are under 16 bytes), so
// a loop in place costs less than a call to memcmp.
static inline int same_bytes(const char *a, const char *b, size_t length) {
    for (size_t i = 0; i < length; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

// `at` is the node reached; `p` the `/` before the next segment, or `end` when no segment
// is left. Each segment is scanned once: finding its end and hashing it are one loop. A
// literal child is followed without recursion when the node has no parameter child to
// fall back on, so only a real branch point costs a call.
static int32_t search(
    const wp_ctrie *trie, int32_t at, const char *path, const char *p, const char *end,
    wp_ctrie_capture *captures, int depth, int max_captures, int *capture_count) {
    for (;;) {
        const node *n = &trie->nodes[at];
        if (p >= end) {
            if (n->value >= 0) *capture_count = depth;
            return n->value;
        }
        const char *start = p + 1, *q = start;
        uint32_t hash = 2166136261u;
        while (q < end && *q != '/') hash = (hash ^ (uint8_t)*q++) * 16777619u;
        size_t length = (size_t)(q - start);
        int32_t child = -1;
        if (n->capacity) {
            uint32_t mask = n->capacity - 1;
            for (uint32_t i = hash & mask;; i = (i + 1) & mask) {
                const edge *e = &n->edges[i];
                if (!e->key) break;
                if (e->hash == hash && e->length == length && same_bytes(e->key, start, length)) {
                    child = e->child;
                    break;
                }
            }
        }
        int takes_param = n->param >= 0 && length > 0 && depth < max_captures;
        if (child >= 0) {
            if (!takes_param) {
                at = child;
                p = q;
                continue;
            }
            int32_t found =
                search(trie, child, path, q, end, captures, depth, max_captures, capture_count);
            if (found >= 0) return found;
        }
        if (!takes_param) return -1;
        captures[depth++] = (wp_ctrie_capture){(uint32_t)(start - path), (uint32_t)length};
        at = n->param;
        p = q;
    }
}

int32_t wp_ctrie_match(
    const wp_ctrie *trie, const char *path, size_t length, wp_ctrie_capture *captures, int max_captures,
    int *capture_count) {
    if (length == 0 || path[0] != '/') return -1;
    if (length > 1 && path[length - 1] == '/') length--;
    *capture_count = 0;
    return search(
        trie, 0, path, path, path + (length == 1 ? 0 : length), captures, 0, max_captures, capture_count);
}
