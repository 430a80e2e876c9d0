"""marcador score: replay JSON game records with the rules core."""

import json

from marcador_core import record

from .. import breakdown
from ..termsafe import clean_json, clean_lines
from .common import (InvalidRecord, add_json, add_lang, colour, lang_of,
                     read_json)


def args_score(p):
    p.add_argument("files", nargs="+", metavar="FILE.json",
                   help="game records (docs/records.md); - for stdin")
    add_json(p, "a table (one object; a list of them for several files)")
    add_lang(p)


def do_score(state, args):
    # Every file is scored before anything is printed: an invalid one
    # among several prints no result at all.
    lang = lang_of(args)
    results = [score_file(path, lang) for path in args.files]
    if args.json:
        one = results[0] if len(results) == 1 else results
        print(clean_json(json.dumps(one, ensure_ascii=False)))
        return
    on = colour(args)
    tables = [breakdown.emphasized(clean_lines(breakdown.text(res, lang)),
                                   lang, on) for res in results]
    if len(tables) > 1:
        tables = [f"== {clean_lines(path)}\n{t}"
                  for path, t in zip(args.files, tables)]
    print("\n\n".join(tables))


def score_file(path, lang):
    rec = read_json(path)
    try:
        return record.score_record(rec)
    except record.RecordError as ex:
        raise InvalidRecord(f"{path}: {ex.text(lang)}")
    except RecursionError:
        raise InvalidRecord(f"{path}: record: nested too deeply")
