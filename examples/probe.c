/* Probes one position with libtsivy: prints its value for the side to move and the
 * best turn. Usage: probe TABLE_DIR "9/6B2/4W4/2W6/9 w"
 * Build against an installed libtsivy:
 *   cc probe.c $(pkg-config --cflags --libs tsivy) -o probe
 * or with CMake: find_package(tsivy) and target_link_libraries(probe tsivy::tsivy). */
#include <stdio.h>
#include <stdlib.h>

#include <tsivy/tsivy.h>

static const char *wdl_name(int wdl) { return wdl > 0 ? "win" : wdl < 0 ? "loss" : "draw"; }

static int failed(const char *what, int status) {
  fprintf(stderr, "probe: %s: %s: %s\n", what, tsivy_status_name(status), tsivy_last_error());
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s TABLE_DIR FEN\n", argv[0]);
    return 2;
  }
  if (tsivy_version() != TSIVY_VERSION_NUMBER)
    fprintf(stderr, "probe: header %s, library %s\n", TSIVY_VERSION_STRING, tsivy_version_string());

  uint64_t us, them;
  int status = tsivy_parse_fen(argv[2], &us, &them, NULL);
  if (status != TSIVY_OK) return failed("position", status);

  tsivy_tables *tables;
  status = tsivy_open(argv[1], 0, &tables);
  if (status != TSIVY_OK) return failed("open", status);

  int wdl, depth;
  status = tsivy_probe(tables, us, them, &wdl, &depth);
  if (status != TSIVY_OK) {
    tsivy_close(tables);
    return failed("probe", status);
  }
  if (depth < 0)
    printf("value: %s\n", wdl_name(wdl));
  else
    printf("value: %s in %d\n", wdl_name(wdl), depth);

  /* Every turn, best first. No bound on their number is both safe and small (tsivy.h,
   * tsivy_probe_root), so: an array that holds nearly every position's, and a larger
   * one only when the library says it needs one (*count set, BUFFER_TOO_SMALL). */
  tsivy_turn fixed[256];
  tsivy_turn *turns = fixed;
  size_t count = 0;
  status = tsivy_probe_root(tables, us, them, fixed, sizeof fixed / sizeof *fixed, &count);
  if (status == TSIVY_ERROR_BUFFER_TOO_SMALL) {
    turns = malloc(count * sizeof *turns);
    if (!turns) {
      tsivy_close(tables);
      fprintf(stderr, "probe: out of memory\n");
      return 1;
    }
    status = tsivy_probe_root(tables, us, them, turns, count, &count);
  }
  if (status != TSIVY_OK) {
    if (turns != fixed) free(turns);
    tsivy_close(tables);
    return failed("turns", status);
  }
  if (count == 0)
    printf("best: none (no legal turn)\n");
  else if (turns[0].depth < 0)
    printf("best: %s (%s)\n", turns[0].text, wdl_name(turns[0].wdl));
  else
    printf("best: %s (%s in %d)\n", turns[0].text, wdl_name(turns[0].wdl), turns[0].depth);
  if (turns != fixed) free(turns);
  tsivy_close(tables);
  return 0;
}
