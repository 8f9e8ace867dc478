#!/usr/bin/env bash
# Tournament scaling on the 16-core device machine (issue 7, BENCHMARKS.md: >= 80% parallel
# efficiency with 15 workers), as one prepared run: the machine is lent for minutes only.
#
# Here, once, in the project root:
#     ../shared/device/pack-ray.sh            # .dev/site.tar.xz: Ray + trueskill for Python 3.12
#     python3 -m pip download --no-deps --only-binary=:all: six -d .dev   # trueskill needs six
# Then the device call (the run tool):
#     command "bash tools/device_scaling.sh", carry [".dev"], timeout_s 540
# It prints the tables last and leaves JSON rows in $OUT (engine.json, tournament.json).
# GAMES (default 6000 random Origin games, ~30 s in one process) sets the size: the one-process
# baseline runs in a plain subprocess and Ray's 1-worker row shows the speed inside a worker,
# which ../shared/device/README.md saw 1.6x slower than the driver there.
# Locally, for a dry run:  OUT=/tmp/out GAMES=300 WORKERS="1 2" bash tools/device_scaling.sh
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/device-out}
GAMES=${GAMES:-6000}
WORKERS=${WORKERS:-1 2 4 8 15}
mkdir -p "$OUT"
if [ -f .dev/site.tar.xz ]; then  # the device has no Ray: unpack the bundle carried with the tree
  mkdir -p /tmp/site && tar -xJf .dev/site.tar.xz -C /tmp/site
  export PYTHONPATH=/tmp/site:$PWD${PYTHONPATH:+:$PYTHONPATH}
else
  export PYTHONPATH=$PWD${PYTHONPATH:+:$PYTHONPATH}
fi
for wheel in .dev/*.whl; do  # pure-Python wheels import straight from the zip
  [ -f "$wheel" ] && PYTHONPATH=$PYTHONPATH:$PWD/$wheel
done
export RAY_AUTH_MODE=disabled RAY_DISABLE_USAGE_STATS=1
{ echo "cpus: $(nproc)"; python3 --version; } | tee "$OUT/machine.txt"
python3 -m arena.cli bench engine --game origin --players 2 --repeats 3 --json > "$OUT/engine.json"
workers=()
for w in $WORKERS; do workers+=(--workers "$w"); done
python3 -m arena.cli bench tournament --games "$GAMES" --repeats 1 "${workers[@]}" --json > "$OUT/tournament.json"
python3 - "$OUT" <<'PY'
import json, sys
from tabulate import tabulate
out = sys.argv[1]
for name in ("engine", "tournament"):
    with open(f"{out}/{name}.json") as f:
        print(tabulate(json.load(f), headers="keys", tablefmt="github"), end="\n\n")
PY
