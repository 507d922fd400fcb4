/*
 * libtsivy: Fanorona endgame tablebase probing, a plain C99 interface.
 *
 * Positions are two 64-bit point sets in the numbering of notation.md: bit p is the
 * point p = row_index * 9 + column_index, a1 = bit 0, i1 = bit 8, a2 = bit 9, i5 = bit 44.
 * On another board (rows x columns, see "Boards" below) it is row_index * columns +
 * column_index: on 3x3, a1 = bit 0, c1 = bit 2, a2 = bit 3, c3 = bit 8.
 * `us` is always the side to move, whatever its colour; `them` is its opponent.
 * Values are from the side to move: TSIVY_WIN (1), TSIVY_DRAW (0), TSIVY_LOSS (-1), and
 * a depth in turns to the end of the game under best play (-1 for a draw). A depth
 * counts the turns of both sides (plies): WIN 1 is "the side to move wins with its
 * turn", LOSS 2 is "whatever it plays, the opponent's next turn wins". A turn is a whole
 * Fanorona turn, every capture of a capturing sequence included.
 *
 * Cost of the calls, in the manner of Fathom's tbprobe.h:
 * - For search, the calls made millions of times: tsivy_probe_wdl() (reads WDL blocks,
 *   through the cache) and tsivy_probe_cached() (never reads the disk). Thread-safe; no
 *   lock for a block among the thread's last ones, one short lock of a cache shard for
 *   another cached block; no allocation on success once each probing thread has warmed
 *   up (its first probes allocate its per-thread state, see "Memory" below). From 0.05
 *   to 0.2 us (blocks in the CPU caches) to about 1 us (random positions) a probe when
 *   its block is cached; a block read and decompressed costs tens of us (probe/README.md).
 *   A refused probe costs no more than a hit: TSIVY_ERROR_TOO_MANY_STONES,
 *   TSIVY_ERROR_TABLE_MISSING, TSIVY_ERROR_NOT_CACHED and the TSIVY_ERROR_TABLE_CORRUPT
 *   of a file already found damaged are told without an exception and without building
 *   a message: each class's or file's message is built once per handle (its first
 *   refusal; a bad position's when tsivy_last_error() asks for it) and copied into the
 *   thread's after that (each release's timings: probe/CHANGES.md). tsivy_probe_root's TSIVY_ERROR_BUFFER_TOO_SMALL is told without
 *   an exception too.
 *   tsivy_available() answers "is this class answered?" before probing, in O(1).
 * - For the root, a few calls a move: tsivy_probe() with a depth pointer (reads the
 *   depth files as well, and searches capture sequences in full for the fastest win)
 *   and tsivy_probe_root() (every legal turn, each probed, results allocated).
 * - Setup: tsivy_open() (reads every file's header and block index), tsivy_preload(),
 *   tsivy_check() (reads everything), tsivy_close().
 *
 * Memory: cache_bytes (tsivy_open) bounds the decompressed blocks shared by all threads
 * of a handle. Beyond it: per handle, one file descriptor and the block index of every
 * table file (24 bytes per block; a block is about 16 KiB decompressed), and about
 * 15 KiB (with the refusal messages, each kept once it was met); per thread that
 * probes (any handle), a capture memo of 128 KiB, a zstd decompression context of about
 * 100 KiB, and the last 64 blocks it used (up to 1 MiB, kept even when
 * the cache drops them), freed when the thread ends. The smallest useful cache holds a few blocks:
 * below 64 KiB the shared cache keeps next to nothing, probes still work (from each
 * thread's last blocks and the disk) but tsivy_probe_cached() seldom answers.
 *
 * Every function that can fail returns a status: TSIVY_OK (0) on success, otherwise one
 * of the distinct non-zero TSIVY_ERROR_* codes below. tsivy_status_name() names a code
 * and tsivy_last_error() gives the detailed message of the last failure on the calling
 * thread (which file, which block, what was wrong; a wrong argument is told with the
 * name of the function called, "tsivy_probe_cached: tables and wdl must not be NULL").
 * The library never exits, aborts or prints, and no C++ exception leaves it. On failure, output parameters are left
 * unchanged unless a function says otherwise.
 *
 * Thread safety: a handle may be probed from any number of threads at once. Only
 * tsivy_close() must not run concurrently with another call on the same handle.
 * Several handles (on the same or different directories) may be open at once.
 *
 * Boards: a table directory's manifest.json names the board its tables are for (5x9,
 * Fanoron-Tsivy, when it names none). libtsivy.so reads 5x9 tables itself; for another
 * board, tsivy_open() and tsivy_check() load that board's library, libtsivy-RxC.so.N
 * (built and installed beside libtsivy.so.N for each board of TSIVY_OTHER_BOARDS), and
 * the handle forwards every call to it. Such a handle's point sets and turn texts are
 * on its board (tsivy_board() tells which); tsivy_parse_fen_on() and
 * tsivy_format_fen_on() read and write its positions.
 */
#ifndef TSIVY_TSIVY_H
#define TSIVY_TSIVY_H

#include <stddef.h>
#include <stdint.h>

#define TSIVY_VERSION_MAJOR 0
#define TSIVY_VERSION_MINOR 4
#define TSIVY_VERSION_PATCH 0
/* MAJOR * 10000 + MINOR * 100 + PATCH, as returned by tsivy_version(). */
#define TSIVY_VERSION_NUMBER (TSIVY_VERSION_MAJOR * 10000 + TSIVY_VERSION_MINOR * 100 + TSIVY_VERSION_PATCH)
#define TSIVY_VERSION_STRING "0.4.0"

#if defined(TSIVY_BUILDING_LIBRARY) && defined(__GNUC__)
#define TSIVY_API __attribute__((visibility("default")))
#else
#define TSIVY_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Status codes ------------------------------------------------------------------ */

typedef enum tsivy_status {
  TSIVY_OK = 0,
  TSIVY_ERROR_BAD_ARGUMENT = 1,     /* a null pointer where one is required, or an invalid value */
  TSIVY_ERROR_BAD_POSITION = 2,     /* sets overlap, bits beyond the board (above 44 on 5x9), or more stones a side than a start has */
  TSIVY_ERROR_BAD_FEN = 3,          /* position text not in the form of notation.md */
  TSIVY_ERROR_TOO_MANY_STONES = 4,  /* the position's class is not in these tables (see "Which positions") */
  TSIVY_ERROR_TABLE_MISSING = 5,    /* a file the position needs is absent: a hole in the tables */
  TSIVY_ERROR_TABLE_CORRUPT = 6,    /* a file is damaged or not the table its name says */
  TSIVY_ERROR_IO = 7,               /* reading failed (permissions, device error, ...) */
  TSIVY_ERROR_OUT_OF_MEMORY = 8,
  TSIVY_ERROR_BUFFER_TOO_SMALL = 9, /* the caller's array or buffer cannot hold the answer */
  TSIVY_ERROR_NOT_CACHED = 10,      /* a cache-only probe would have had to read the disk */
  TSIVY_ERROR_NO_TABLES = 11,       /* the directory does not exist or holds no table directory, or its board's library is not installed */
  TSIVY_ERROR_INTERNAL = 12         /* a bug in libtsivy; the message says what happened */
} tsivy_status;

/* The name of a status code, e.g. "TSIVY_ERROR_TABLE_CORRUPT"; "TSIVY_UNKNOWN_STATUS" for
 * a value that is no code. Never NULL; a static string. Thread-safe. */
TSIVY_API const char *tsivy_status_name(int status);

/* The detailed message of the last call that failed on this thread, e.g.
 * "/t/4v2.wdl.tsivy: block 3 checksum mismatch"; "" if none failed yet. Successful calls
 * leave it unchanged. The string stays valid until the next failing call on this
 * thread. Never NULL. Thread-safe (the message is thread-local). The message belongs to
 * the thread, not to a handle: it stays right after tsivy_close(). A message quotes at
 * most about 80 characters of what the caller gave (a position text far longer than
 * any position is named by its length and its first 40 characters). */
TSIVY_API const char *tsivy_last_error(void);

/* ---- Version ----------------------------------------------------------------------- */

/* TSIVY_VERSION_NUMBER of the library actually linked (compare with the header's). */
TSIVY_API unsigned tsivy_version(void);
/* TSIVY_VERSION_STRING of the library actually linked, e.g. "0.4.0". Static string. */
TSIVY_API const char *tsivy_version_string(void);

/* ---- Opening a table directory ------------------------------------------------------ */

/* An open table directory. Opaque; one per tsivy_open(), freed by tsivy_close(). */
typedef struct tsivy_tables tsivy_tables;

enum { TSIVY_LOG_INFO = 0, TSIVY_LOG_WARNING = 1, TSIVY_LOG_ERROR = 2 };

/* Receives the library's diagnostics (a table found incomplete at open, a damaged file
 * met while probing: once per file, when it is first found damaged, not once per probe).
 * Called on the thread that made the call, possibly from several threads at once;
 * `message` is valid only during the call. Must not call back into the library with
 * the same handle. */
typedef void (*tsivy_log_fn)(void *user, int level, const char *message);

/* Opens the table directory `dir` (as written by `tsivy generate`). Checked now, what
 * is cheap to check: its manifest.json is parsed, and every table file in it is opened
 * (one file descriptor each, held until tsivy_close) with its header, value counts and
 * block index checked against each other and against the file's size, so that a
 * truncated file, one with a damaged header or one of another class is found here: its
 * class is then unavailable, as it is when a file is missing (tsivy_classes() says so,
 * a warning is logged, and a probe of it fails with TSIVY_ERROR_TABLE_CORRUPT, or
 * TSIVY_ERROR_IO, naming the file and why), and every other class answers. The blocks themselves
 * are read into the cache as probes need them, and each one's checksum checked then: a
 * file found damaged that way is marked bad once, logged once, and every later probe
 * that needs it fails at once with the same TSIVY_ERROR_TABLE_CORRUPT (or
 * TSIVY_ERROR_IO) and message, without reading it again. tsivy_check() reads every
 * block of a directory up front.
 * cache_bytes: memory for decompressed blocks, shared by all tables of the handle
 * (0 chooses the default, 64 MiB).
 * out: receives the new handle; set to NULL on failure.
 * The tables of another board than the library's own are opened through that board's
 * library (see "Boards" at the top); the handle then forwards every call to it.
 * Returns TSIVY_OK, TSIVY_ERROR_BAD_ARGUMENT (dir or out NULL), TSIVY_ERROR_NO_TABLES
 * (no directory, no manifest.json, no table file, or the tables of a board whose
 * library is not installed: the message names the file looked for and where),
 * TSIVY_ERROR_TABLE_CORRUPT
 * (a manifest.json that is no valid manifest: not JSON, a field missing or of the wrong
 * type, an unknown version or index scheme), TSIVY_ERROR_IO or
 * TSIVY_ERROR_OUT_OF_MEMORY. Thread-safe. */
TSIVY_API int tsivy_open(const char *dir, size_t cache_bytes, tsivy_tables **out);

/* The same, with a log callback (`log` may be NULL for none; `log_user` is passed back
 * to it unchanged). */
TSIVY_API int tsivy_open_logged(const char *dir, size_t cache_bytes, tsivy_log_fn log, void *log_user,
                                tsivy_tables **out);

/* Frees the handle and everything it holds. NULL is allowed and does nothing. Must not
 * run concurrently with another call on the same handle. */
TSIVY_API void tsivy_close(tsivy_tables *tables);

/* The board of the open tables: *rows and *columns receive its size (5 and 9 for
 * Fanoron-Tsivy; either may be NULL). Returns TSIVY_OK or TSIVY_ERROR_BAD_ARGUMENT
 * (tables NULL). Thread-safe. */
TSIVY_API int tsivy_board(const tsivy_tables *tables, int *rows, int *columns);

/* ---- Which positions are answered ----------------------------------------------------
 *
 * A position of m stones to move against n is of class "m v n". Its positions are
 * answered, one class at a time, when the files they need were found at open: the
 * class's own files and those of every class its captures reach (a capture from m v n
 * lands in (n - k) v m for each k = 1 .. n - 1, and so on down). tsivy_probe_wdl()
 * needs the WDL files (*.wdl.tsivy) only; tsivy_probe() and tsivy_probe_cached() with a
 * depth pointer need both kinds; tsivy_probe_root() needs, besides, the class with the
 * sides swapped (n v m), where its quiet turns land. tsivy_classes() tells, per class,
 * which probes answer it, and tsivy_available() whether one class is answered (O(1));
 * positions where a side has no stones need no table at all.
 * A position that is not answered is refused with
 * - TSIVY_ERROR_TOO_MANY_STONES when its class has no file in the directory and the
 *   directory's manifest.json does not list it either: these tables do not go there
 *   (e.g. every 6-stone position in a directory generated up to 5 stones, even with a
 *   stray 3v3.wdl.tsivy copied in);
 * - TSIVY_ERROR_TABLE_MISSING when its class or a class it needs is listed in the
 *   manifest or has one of its files, but a needed file is absent: a hole, the message
 *   names the first such file (e.g. 3v2 positions when 3v2.depth.tsivy was deleted;
 *   1v4 positions, which need neither 3v2 file, are still answered).
 */

/* The largest stone total N such that every class of 2..N stones is answered by every
 * probe call (both files of each are present); 0 when not even the 2-stone class is
 * (or tables is NULL). Positions with more stones may still be answered: see above.
 * Thread-safe. */
TSIVY_API int tsivy_max_stones(const tsivy_tables *tables);

/* The same for tsivy_probe_wdl(), which needs the WDL files only: a directory holding
 * just the *.wdl.tsivy files has tsivy_max_stones() 0 and this > 0. Thread-safe. */
TSIVY_API int tsivy_max_stones_wdl(const tsivy_tables *tables);

/* One material class found in the directory at open. */
typedef struct tsivy_class {
  int us_stones;     /* stones of the side to move */
  int them_stones;   /* stones of the opponent */
  int has_wdl;       /* 1 when its WDL file is present */
  int has_depth;     /* 1 when its depth file is present */
  int answers_wdl;   /* 1 when tsivy_probe_wdl() answers its positions (the WDL files it needs are all there) */
  int answers_depth; /* 1 when tsivy_probe() with depth answers them too (both kinds of file are all there) */
} tsivy_class;

/* Lists the classes found in the directory at open, by stone total then us_stones.
 * Writes min(count, capacity) entries to `classes` (which may be NULL when capacity is
 * 0) and the number of classes to *count.
 * Returns TSIVY_OK, TSIVY_ERROR_BAD_ARGUMENT (tables or count NULL) or
 * TSIVY_ERROR_BUFFER_TOO_SMALL (capacity < *count; the first `capacity` are written).
 * Thread-safe. */
TSIVY_API int tsivy_classes(const tsivy_tables *tables, tsivy_class *classes, size_t capacity, size_t *count);

/* Whether the probes answer the positions of class us_stones v them_stones (stones of
 * the side to move, of the opponent): tsivy_probe_wdl() when with_depth is 0,
 * tsivy_probe() and tsivy_probe_cached() with a depth as well when it is non-zero
 * (tsivy_probe_root() needs, besides, the class them_stones v us_stones). For a search
 * that asks before it probes: O(1), a look into the table tsivy_open() made, no
 * allocation, no lock once the class's refusal was told on the handle.
 * Returns TSIVY_OK when they do (also when a side has 0 stones: no table is needed);
 * otherwise the status a probe of such a position is refused with,
 * TSIVY_ERROR_TOO_MANY_STONES, TSIVY_ERROR_TABLE_MISSING, or TSIVY_ERROR_TABLE_CORRUPT
 * or TSIVY_ERROR_IO for a class whose file (or one its captures reach) tsivy_open()
 * found damaged, with tsivy_last_error() saying why, as the probe's would (see "Which
 * positions are answered"); or TSIVY_ERROR_BAD_ARGUMENT (tables NULL, a count below 0
 * or above what a side has at the start: 22 on 5x9). A file found damaged only later,
 * while probing, is not told here: the probes that need it fail with
 * TSIVY_ERROR_TABLE_CORRUPT. Thread-safe. */
TSIVY_API int tsivy_available(const tsivy_tables *tables, int us_stones, int them_stones, int with_depth);

/* What tsivy_check() reports after each file. */
typedef struct tsivy_check_progress {
  const char *file;      /* the file just checked (valid only during the call) */
  int status;            /* TSIVY_OK, or why the file failed */
  const char *message;   /* "" for TSIVY_OK, else what is wrong and where */
  size_t files_done;     /* files checked so far, this one included */
  size_t files_total;    /* files to check in all */
  uint64_t bytes_done;   /* their bytes so far, and in all (for a progress bar) */
  uint64_t bytes_total;
} tsivy_check_progress;

/* Called by tsivy_check() after each file, on the calling thread. */
typedef void (*tsivy_check_fn)(void *user, const tsivy_check_progress *progress);

/* The full check of a table directory, the answer to Syzygy's checksum tools: reads
 * every block of every table file in `dir` (and of every file its manifest.json lists)
 * and checks each block's checksum, size and padding, each file's value counts against
 * its header, and each file's size against the manifest. Files are checked one after
 * the other, by stone total, WDL before depth; a bad file does not stop the check.
 * Needs no open handle, and uses no cache: it costs one read of the whole directory.
 * progress: called after each file (may be NULL); `progress_user` is passed back to it.
 * Returns TSIVY_OK when every file is sound, else the status of the first bad one
 * (TSIVY_ERROR_TABLE_CORRUPT, TSIVY_ERROR_TABLE_MISSING for a file the manifest lists
 * that is absent, TSIVY_ERROR_IO), with tsivy_last_error() naming it;
 * TSIVY_ERROR_NO_TABLES or TSIVY_ERROR_TABLE_CORRUPT for the directory as tsivy_open()
 * gives them; TSIVY_ERROR_BAD_ARGUMENT (dir NULL) or TSIVY_ERROR_OUT_OF_MEMORY.
 * Thread-safe. */
TSIVY_API int tsivy_check(const char *dir, tsivy_check_fn progress, void *progress_user);

/* ---- Probing ------------------------------------------------------------------------ */

enum { TSIVY_LOSS = -1, TSIVY_DRAW = 0, TSIVY_WIN = 1 };

/* For search: win, draw or loss of the position (us to move, them the opponent), from
 * the WDL files alone. It never opens nor reads a depth file, so a directory holding
 * only the *.wdl.tsivy files serves it, and it stops a capture search at the first
 * capture that wins. wdl: receives TSIVY_WIN, TSIVY_DRAW or TSIVY_LOSS (required).
 * Returns as tsivy_probe(). Thread-safe. */
TSIVY_API int tsivy_probe_wdl(const tsivy_tables *tables, uint64_t us, uint64_t them, int *wdl);

/* The value of the position (us to move, them the opponent).
 * wdl: receives TSIVY_WIN, TSIVY_DRAW or TSIVY_LOSS for the side to move (required).
 * depth: receives the turns to the end of the game under best play, -1 for a draw
 * (may be NULL: then it is tsivy_probe_wdl(), reading no depth file).
 * A side to move without stones has lost (LOSS 0); one whose opponent has no stones has
 * won (WIN 0); neither needs a table. Capture positions are resolved by searching their
 * capture sequences into the smaller classes.
 * Returns TSIVY_OK, TSIVY_ERROR_BAD_ARGUMENT, TSIVY_ERROR_BAD_POSITION,
 * TSIVY_ERROR_TOO_MANY_STONES, TSIVY_ERROR_TABLE_MISSING, TSIVY_ERROR_TABLE_CORRUPT,
 * TSIVY_ERROR_IO or TSIVY_ERROR_OUT_OF_MEMORY. Thread-safe. */
TSIVY_API int tsivy_probe(const tsivy_tables *tables, uint64_t us, uint64_t them, int *wdl, int *depth);

/* As tsivy_probe(), but never touches the disk (for search): it answers only when
 * every block it needs is already in memory, and returns TSIVY_ERROR_NOT_CACHED
 * otherwise, leaving wdl and depth unchanged. With depth NULL it needs the WDL blocks
 * only. "In memory" means in the handle's shared cache or among the calling thread's
 * last blocks; blocks get there by disk probes (tsivy_probe_wdl, tsivy_probe,
 * tsivy_probe_root) on any thread, or by tsivy_preload(), and leave the cache when
 * other blocks need its room. A fresh handle has nothing cached: every call answers
 * NOT_CACHED until one of those ran. A capture position needs the blocks of all the
 * positions its capture search reaches. Thread-safe. */
TSIVY_API int tsivy_probe_cached(const tsivy_tables *tables, uint64_t us, uint64_t them, int *wdl, int *depth);

/* Reads every block of the class us_stones v them_stones, and of every class its
 * captures reach, into the handle's cache: their WDL files, and their depth files too
 * when with_depth is non-zero. Afterwards tsivy_probe_cached() answers every position
 * of the class (with depth NULL, or with a depth when with_depth was given) until other
 * probes push the blocks out of the cache. Loading is done on the calling thread and
 * costs one read of those files.
 * Returns TSIVY_OK; TSIVY_ERROR_BAD_ARGUMENT (tables NULL, or no such class: a side
 * without stones, more than the library's largest class); TSIVY_ERROR_TOO_MANY_STONES
 * or TSIVY_ERROR_TABLE_MISSING as a probe of the class would;
 * TSIVY_ERROR_BUFFER_TOO_SMALL when the blocks would not fit in cache_bytes (nothing is
 * loaded then; the message says how many bytes they need); TSIVY_ERROR_TABLE_CORRUPT,
 * TSIVY_ERROR_IO or TSIVY_ERROR_OUT_OF_MEMORY. Thread-safe. */
TSIVY_API int tsivy_preload(const tsivy_tables *tables, int us_stones, int them_stones, int with_depth);

/* Longest turn text: 22 capturing steps of 4 characters after a 2-character point. */
#define TSIVY_TURN_TEXT_MAX 96

/* One legal turn with its value. */
typedef struct tsivy_turn {
  char text[TSIVY_TURN_TEXT_MAX]; /* notation.md, NUL-terminated: "d2-e3A-e4W" */
  uint64_t us;   /* the position after the turn, seen from its side to move: the opponent's stones */
  uint64_t them; /* ... and the stones of the side that made the turn */
  int wdl;       /* of the turn for the side that makes it */
  int depth;     /* turns to the end after making it, counting it (-1 for a draw) */
} tsivy_turn;

/* Every legal turn of the position with its value seen from the side that makes it,
 * best first: the fastest win, then draws, then the slowest loss (ties in generation
 * order). Writes min(count, capacity) turns to `turns` (which may be NULL when capacity
 * is 0) and the number of legal turns to *count (0 for a position with no turn: its
 * side to move has lost).
 * Sizing `turns`: there is no TSIVY_MAX_TURNS, because no bound is both safe and
 * small. A turn is one stone's whole path with a stop after any capture, so chains
 * multiply: a 10-stone position (the most these tables can hold) can have 1 stone
 * capturing 9 along at most 9! orders of their first-captured stones, a proven bound of
 * 986409 turns (118 MB of tsivy_turn), while the most a search found within 10 stones
 * is 304, and 14811 in a 27-stone position outside any table (probe/README.md, "How
 * many turns"). Call once with an array of a few hundred; on
 * TSIVY_ERROR_BUFFER_TOO_SMALL (*count is set, cheaply: no exception), allocate *count and
 * call again.
 * Returns TSIVY_OK, TSIVY_ERROR_BUFFER_TOO_SMALL (capacity < *count: *count is set, the
 * array is not written; call again with a larger one), or any failure of
 * tsivy_probe(). Thread-safe. */
TSIVY_API int tsivy_probe_root(const tsivy_tables *tables, uint64_t us, uint64_t them, tsivy_turn *turns,
                               size_t capacity, size_t *count);

/* ---- Position text ------------------------------------------------------------------ */

/* Longest position text plus its NUL on any board: 63 points, 8 slashes, a space and
 * the side (9x7; 5x9 needs 52). */
#define TSIVY_FEN_MAX 80

/* Parses a position of the library's own board (5x9 for libtsivy.so) in the notation
 * of notation.md ("9/6B2/4W4/2W6/9 w"). For the positions of a handle's board, which
 * may be another, see tsivy_parse_fen_on().
 * us, them: receive the stones of the side to move and of the other side.
 * white_to_move: receives 1 when White is to move, 0 for Black (may be NULL).
 * Returns TSIVY_OK, TSIVY_ERROR_BAD_ARGUMENT (fen, us or them NULL) or
 * TSIVY_ERROR_BAD_FEN (the message says what is wrong and where). Thread-safe. */
TSIVY_API int tsivy_parse_fen(const char *fen, uint64_t *us, uint64_t *them, int *white_to_move);

/* Writes the text of a position of the library's own board (the reverse of
 * tsivy_parse_fen) to `buffer`,
 * NUL-terminated; TSIVY_FEN_MAX bytes always suffice.
 * Returns TSIVY_OK, TSIVY_ERROR_BAD_ARGUMENT (buffer NULL), TSIVY_ERROR_BAD_POSITION or
 * TSIVY_ERROR_BUFFER_TOO_SMALL (the buffer is then left unchanged). Thread-safe. */
TSIVY_API int tsivy_format_fen(uint64_t us, uint64_t them, int white_to_move, char *buffer, size_t capacity);

/* As tsivy_parse_fen(), on the board of `tables` ("BBB/B1W/WWW w" for 3x3 tables), in
 * the bit numbering of that board; a text of another board's size is TSIVY_ERROR_BAD_FEN.
 * Returns TSIVY_OK, TSIVY_ERROR_BAD_ARGUMENT (tables, fen, us or them NULL) or
 * TSIVY_ERROR_BAD_FEN. Thread-safe. */
TSIVY_API int tsivy_parse_fen_on(const tsivy_tables *tables, const char *fen, uint64_t *us, uint64_t *them,
                                 int *white_to_move);

/* As tsivy_format_fen(), on the board of `tables`: the text of a position given as
 * that board's point sets. TSIVY_FEN_MAX bytes always suffice.
 * Returns TSIVY_OK, TSIVY_ERROR_BAD_ARGUMENT (tables or buffer NULL),
 * TSIVY_ERROR_BAD_POSITION or TSIVY_ERROR_BUFFER_TOO_SMALL. Thread-safe. */
TSIVY_API int tsivy_format_fen_on(const tsivy_tables *tables, uint64_t us, uint64_t them, int white_to_move,
                                  char *buffer, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* TSIVY_TSIVY_H */
