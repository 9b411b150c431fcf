#!/usr/bin/env bash
# Open the game in a real X window under Xvfb (Debian's xvfb package) at three sizes and
# save screenshots of the menu, each table, a drag, a win and the options, so the real
# display path is exercised, not only the dummy driver.   Usage: tools/xvfb_screens.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-out/xvfb}
mkdir -p "$out"
python=${PYTHON:-.venv/bin/python}
command -v xvfb-run >/dev/null || { echo "xvfb-run is missing: apt-get install xvfb" >&2; exit 2; }
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
for size in 800x600 1280x800 2560x1440; do
  for scene in menu table:constitution table:constitution-cadogan table:square table:union-square drag win options; do
    name=${scene%%:*}; rules=${scene#*:}; [ "$rules" = "$scene" ] && rules=constitution
    file="$out/${name}-${rules}-${size}.png"
    [ "$name" = table ] || file="$out/${name}-${size}.png"
    # each scene is given only the options it uses (screenshot refuses the others)
    case $name in
      table|drag) options=(--rules "$rules" --game 2026) ;;
      options) options=() ;;
      *) options=(--rules "$rules") ;;
    esac
    SDL_VIDEODRIVER=x11 SDL_AUDIODRIVER=dummy xvfb-run -a -s "-screen 0 2600x1500x24" \
      "$python" main.py screenshot "$file" --real-window --scene "$name" "${options[@]}" \
      --size "$size" --frames 60 --data-dir "$data" | tail -n 1
  done
done
