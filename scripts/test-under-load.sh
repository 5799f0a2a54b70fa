#!/usr/bin/env bash
# Runs `npm test` N times (default 3) while busy loops keep every core loaded (one loop per core:
# two on the 2-core machine the suite must pass on), and reports each run's time and result.
# The loops are killed however the script ends (trap). Each run's output is kept in
# test-results/under-load/run-<n>.log. Exit status: 0 only if every run passed.
#
#   bash scripts/test-under-load.sh        # 3 runs
#   CI=true bash scripts/test-under-load.sh 1
set -uo pipefail

runs="${1:-3}"
case "$runs" in '' | *[!0-9]*) echo "usage: $0 [runs]" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."
logs="test-results/under-load"
mkdir -p "$logs"

loops=()
stop_loops() {
  for pid in "${loops[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${loops[@]}"; do wait "$pid" 2>/dev/null; done
  loops=()
}
trap stop_loops EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

cores="$(nproc)"
for _ in $(seq "$cores"); do
  node -e 'for (;;) {}' &
  loops+=("$!")
done
echo "test-under-load: ${#loops[@]} busy loops (pids ${loops[*]}) on $cores cores; $runs run(s) of npm test"

summary=()
failed=0
for n in $(seq "$runs"); do
  log="$logs/run-$n.log"
  echo "== run $n/$runs (log: $log)"
  start=$(date +%s)
  npm test >"$log" 2>&1
  status=$?
  seconds=$(($(date +%s) - start))
  tests=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^\s+Tests ' | tail -n 1 | sed 's/^ *//')
  result="passed"
  if [ "$status" -ne 0 ]; then
    result="FAILED (exit $status)"
    failed=$((failed + 1))
    sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '(FAIL|✗|×) ' | head -n 20
  fi
  line="run $n: $result in $((seconds / 60)) min $((seconds % 60)) s; ${tests:-no vitest summary}"
  echo "$line"
  summary+=("$line")
done

echo "== test-under-load: $((runs - failed))/$runs runs passed with $cores cores busy"
printf '  %s\n' "${summary[@]}"
[ "$failed" -eq 0 ]
