"""boards/micropython-patches/0003-frozen-stat-one-walk.patch: the one walk
of the frozen names that finds a module (mp_find_frozen_module_or_package)
gives the answer MicroPython's three stats of "name", "name.py" and
"name.mpy" gave (py/builtinimport.c stat_module, each stat a walk:
mp_find_frozen_module). The patch's own C code, taken from the patch file,
compiled for this machine and run against the three stats on random lists
of names (modules, packages, a package named like a module, .mpy files,
a bare file) and queries. Needs a C compiler (cc)."""

import re
import shutil
import subprocess

import pytest

from conftest import ROOT

PATCH = ROOT / "boards" / "micropython-patches" / \
    "0003-frozen-stat-one-walk.patch"

HARNESS = r"""
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef enum { MP_IMPORT_STAT_NO_EXIST, MP_IMPORT_STAT_DIR,
               MP_IMPORT_STAT_FILE } mp_import_stat_t;
#define MICROPY_PERSISTENT_CODE_LOAD 1
static char names[4096];
static const char *mp_frozen_names = names;

/* MicroPython's stat of a frozen path (mp_find_frozen_module, v1.28.0) */
static mp_import_stat_t stat_one(const char *str) {
    size_t len = strlen(str);
    for (const char *name = names; *name != 0;) {
        size_t entry_len = strlen(name);
        if (entry_len >= len && memcmp(str, name, len) == 0) {
            if (entry_len == len) return MP_IMPORT_STAT_FILE;
            if (name[len] == '/') return MP_IMPORT_STAT_DIR;
        }
        name += entry_len + 1;
    }
    return MP_IMPORT_STAT_NO_EXIST;
}

/* ... and stat_module's three stats of it, the path as it leaves it */
static mp_import_stat_t three_stats(const char *str, char *path) {
    strcpy(path, str);
    if (stat_one(path) == MP_IMPORT_STAT_DIR) return MP_IMPORT_STAT_DIR;
    strcat(strcpy(path, str), ".py");
    if (stat_one(path) == MP_IMPORT_STAT_FILE) return MP_IMPORT_STAT_FILE;
    strcat(strcpy(path, str), ".mpy");
    if (stat_one(path) == MP_IMPORT_STAT_FILE) return MP_IMPORT_STAT_FILE;
    return MP_IMPORT_STAT_NO_EXIST;
}

@PATCHED@

static const char *parts[] = {"a", "b", "a.py", "a.mpy", "b.py", "ab"};
static const char *queries[] = {"a", "b", "a/b", "a/a", "ab", "a.py", "b/a"};

int main(void) {
    srand(1);
    long checked = 0;
    for (int t = 0; t < 100000; t++) {
        memset(names, 0, sizeof names);
        char *p = names;
        for (int n = rand() % 8; n > 0; n--) {
            for (int d = 0, depth = 1 + rand() % 3; d < depth; d++) {
                if (d) *p++ = '/';
                const char *s = parts[rand() % 6];
                p = strcpy(p, s) + strlen(s);
            }
            *p++ = 0;
        }
        for (int q = 0; q < 7; q++) {
            char want[64], got[64];
            const char *ext = "";
            mp_import_stat_t a = three_stats(queries[q], want);
            mp_import_stat_t b = mp_find_frozen_module_or_package(queries[q], &ext);
            strcpy(got, queries[q]);
            if (b == MP_IMPORT_STAT_FILE) strcat(got, ext);
            if (a != b || (a == MP_IMPORT_STAT_FILE && strcmp(want, got))) {
                printf("%s: %d %s, one walk %d %s; names:", queries[q], a,
                       want, b, got);
                for (const char *x = names; *x; x += strlen(x) + 1)
                    printf(" %s", x);
                printf("\n");
                return 1;
            }
            checked++;
        }
    }
    printf("%ld\n", checked);
    return 0;
}
"""


def added_functions(patch_text, names):
    """The C functions the patch adds whole, by name, from its '+' lines."""
    added = "\n".join(line[1:] for line in patch_text.splitlines()
                      if line.startswith("+") and not line.startswith("+++"))
    found = []
    for name in names:
        m = re.search(r"^[^\n]*\b%s\([^\n]*\{\n.*?^\}\n" % name, added,
                      re.S | re.M)
        assert m, f"{name} is not added whole by {PATCH.name}"
        found.append(m.group(0))
    return "\n".join(found)


@pytest.mark.skipif(not shutil.which("cc"), reason="no C compiler (cc)")
def test_one_walk_answers_as_the_three_stats(tmp_path):
    code = added_functions(PATCH.read_text(), (
        "mp_find_frozen_module_or_package",))
    src = tmp_path / "walk.c"
    src.write_text(HARNESS.replace("@PATCHED@", code))
    exe = tmp_path / "walk"
    subprocess.run(["cc", "-O1", "-o", str(exe), str(src)], check=True)
    run = subprocess.run([str(exe)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout
    assert int(run.stdout) == 700000
