#!/usr/bin/env python3
"""Validates protocol messages against docs/server-protocol.schema.json.

usage: check_schema.py SCHEMA server|client|api_games|api_rules FILE...

Each FILE holds messages of the given direction, one JSON text a line
(or one whole JSON text per file for the fuzz corpus, for api_games,
the body of GET /api/rooms/CODE/games, and for api_rules, that of GET
/api/rules).  Exits 1 naming
the first message that does not fit.  Used by tests/test_server.c.
"""
import json
import sys

import jsonschema


def main():
    schema = json.load(open(sys.argv[1]))
    direction = sys.argv[2]
    sub = dict(schema)
    sub["$ref"] = "#/$defs/" + direction
    validator = jsonschema.Draft202012Validator(sub)
    count = 0
    for path in sys.argv[3:]:
        text = open(path, encoding="utf-8").read()
        lines = text.splitlines() if direction == "server" else [text]
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            msg = json.loads(line)
            errors = sorted(validator.iter_errors(msg), key=lambda e: e.path)
            if errors:
                print(f"{path}:{n}: {errors[0].message[:300]}\n  {line[:300]}")
                return 1
            count += 1
    print(f"check_schema: {count} {direction} messages fit the schema")
    return 0


if __name__ == "__main__":
    sys.exit(main())
