#!/usr/bin/env bash
# Trains the evaluation's weights, reproducibly (docs/engine.md, "Evaluation"):
#   1. self-play games of this build's engine (bench/selfplay: the start opened by 1 to 6
#      random turns, then NODES nodes a turn; over at 200 turns or inside the tables);
#   2. a Texel fit (bench/tune_evaluation) of the middlegame and endgame weights to their
#      quiet positions, labelled by the games' results, and to random positions of the
#      tables, labelled by their values.
# It prints the fit and the weights as search/evaluation.h spells them; putting them
# there, rebuilding and playing a match (bench/match.py) is left to the person.
#   bench/train_evaluation.sh BUILD TABLES [GAMES [NODES [SEED]]]
#   bench/train_evaluation.sh build/release /path/to/tables-up-to-5 2000 10000 1
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BUILD TABLES [GAMES [NODES [SEED]]]" >&2; exit 2; }
build=$1 tables=$2 games=${3:-2000} nodes=${4:-10000} seed=${5:-1}
for program in selfplay tune_evaluation; do
  [ -x "$build/bench/$program" ] || { echo "$0: no $build/bench/$program: build the bench programs first" >&2; exit 2; }
done
out=${TRAIN_OUT:-selfplay-$games-$nodes-$seed.txt}
if [ -s "$out" ]; then
  echo "train_evaluation: $out is there: fitting to it (remove it to play the games again)" >&2
else
  "$build/bench/selfplay" --games "$games" --nodes "$nodes" --seed "$seed" --jobs "$(nproc)" --tables "$tables" --out "$out"
fi
"$build/bench/tune_evaluation" --tables "$tables" --per-class 20000 --games "$out"
