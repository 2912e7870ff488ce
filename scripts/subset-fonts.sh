#!/usr/bin/env bash
# Writes the client's fonts into client/assets/fonts/, cut down by fontTools' subsetter from
# Debian's packages to the letters the client needs, without hinting (the client's rasteriser
# does not use it), with the shaping tables kept (conjuncts, vowel signs, kerning):
#
#   DejaVuSans.ttf, DejaVuSans-Bold.ttf   (fonts-dejavu-core 2.37) the Latin, Greek and
#       Cyrillic alphabets with their accents and combining marks, Vietnamese, punctuation,
#       currency, arrows and shapes; bundled with the client.
#   NotoSansDevanagari*.ttf, NotoSansBengali*.ttf   (fonts-noto-core) their script, with the
#       digits and punctuation that go with it.
#   NotoSansSC-Interface.otf   (fonts-noto-cjk, Noto Sans CJK SC) the Chinese characters of
#       client/locales/zh-Hans.ftl, the games' Chinese names and Chinese's own name: the
#       Chinese interface's font.
#   NotoSansSC-Common.otf   the 3,755 characters of GB 2312's first level (in daily use).
#   NotoSansSC-Rest.otf   the other characters of GB 2312 and of Big5's first level
#       (Traditional).
#
# The fonts other than DejaVu are loaded only when text in their script appears (the browser
# fetches them from the server; the desktop program carries them). Run this after changing
# the ranges or the Chinese words; the fonts it writes are committed (the build needs neither
# Debian's packages nor Python). Installs the packages with apt-get when missing, and
# fontTools into a throwaway virtual environment.
set -euo pipefail
cd "$(dirname "$0")/.."
out=client/assets/fonts
dejavu=/usr/share/fonts/truetype/dejavu
noto=/usr/share/fonts/truetype/noto
cjk=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
want=""
[ -f "$dejavu/DejaVuSans.ttf" ] || want="$want fonts-dejavu-core"
[ -f "$noto/NotoSansDevanagari-Regular.ttf" ] || want="$want fonts-noto-core"
[ -f "$cjk" ] || want="$want fonts-noto-cjk"
if [ -n "$want" ]; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    # shellcheck disable=SC2086 # one word a package
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $want >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q "fonttools==4.68.0"
subset() {
    "$work/venv/bin/pyftsubset" "$@" --no-hinting --drop-tables+=FFTM --layout-features='*'
}
said() {
    echo "subset-fonts: $1: $(wc -c <"$1") bytes" >&2
}

# Basic Latin; Latin-1, Extended-A and -B, spacing modifiers; combining diacritical marks;
# Greek; Cyrillic and its supplement; Latin Extended Additional (Vietnamese); general
# punctuation; currency; letterlike symbols; arrows; the minus sign; geometric shapes;
# miscellaneous symbols; the replacement character.
latin="U+0020-007E,U+00A0-02FF,U+0300-036F,U+0370-03FF,U+0400-052F,U+1E00-1EFF"
latin="$latin,U+2000-206F,U+20A0-20CF,U+2100-214F,U+2190-21FF,U+2212,U+25A0-25FF"
latin="$latin,U+2600-26FF,U+FFFD"
for font in DejaVuSans DejaVuSans-Bold; do
    subset "$dejavu/$font.ttf" --unicodes="$latin" --legacy-kern --output-file="$out/$font.ttf"
    said "$out/$font.ttf"
done

# A script's own letters, the digits, punctuation and spaces that go with them, the joiners,
# and the dotted circle a shaper draws under a mark that has no letter.
common="U+0020-007E,U+00A0,U+200B-200D,U+2010-2027,U+25CC"
for style in "" "-Bold"; do
    src=${style:--Regular}
    subset "$noto/NotoSansDevanagari$src.ttf" --unicodes="$common,U+0900-097F,U+A8E0-A8FF,U+1CD0-1CFF" \
        --output-file="$out/NotoSansDevanagari$style.ttf"
    said "$out/NotoSansDevanagari$style.ttf"
    # Bengali ends its sentences with the dandas of the Devanagari block (U+0964, U+0965).
    subset "$noto/NotoSansBengali$src.ttf" --unicodes="$common,U+0964-0965,U+0980-09FF" \
        --output-file="$out/NotoSansBengali$style.ttf"
    said "$out/NotoSansBengali$style.ttf"
done

# Chinese: GB 2312's two levels and Big5's first, by decoding their code tables.
python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
def table(encoding, rows, cells):
    out = []
    for b1 in rows:
        for b2 in cells:
            try:
                out.append(bytes([b1, b2]).decode(encoding))
            except UnicodeDecodeError:
                pass
    return out
level1 = table("gb2312", range(0xB0, 0xD8), range(0xA1, 0xFF))
level2 = table("gb2312", range(0xD8, 0xF8), range(0xA1, 0xFF))
big5 = table("big5", range(0xA4, 0xC7), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))
common = set(level1)
rest = (set(level2) | set(big5)) - common
open(f"{work}/common.txt", "w", encoding="utf-8").write("".join(sorted(common)))
open(f"{work}/rest.txt", "w", encoding="utf-8").write("".join(sorted(rest)))
PY
# The interface's characters: every Chinese character of the Chinese translation, the games'
# Chinese names, and Chinese's own name in the language list (client/src/words.rs), which
# every language shows.
{
    [ -f client/locales/zh-Hans.ftl ] && cat client/locales/zh-Hans.ftl
    printf '斗兽棋简体中文'
} >"$work/interface.txt"
punctuation="U+0020-007E,U+3000-303F,U+FF00-FFEF"
subset "$cjk" --font-number=2 --text-file="$work/interface.txt" --unicodes="$punctuation" \
    --output-file="$out/NotoSansSC-Interface.otf"
said "$out/NotoSansSC-Interface.otf"
subset "$cjk" --font-number=2 --text-file="$work/common.txt" --unicodes="$punctuation" \
    --output-file="$out/NotoSansSC-Common.otf"
said "$out/NotoSansSC-Common.otf"
subset "$cjk" --font-number=2 --text-file="$work/rest.txt" \
    --output-file="$out/NotoSansSC-Rest.otf"
said "$out/NotoSansSC-Rest.otf"
