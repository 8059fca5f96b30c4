#!/usr/bin/env bash
# Installs the Debian packages Lumacut uses, when apt-get is available and we may use it:
#   apertium  offline prompt translation (GPL-2, run as a separate program), with the language pairs
#             apertium-eng-spa (Spanish → English), apertium-es-pt, apertium-fr-es, apertium-spa-ita
#             (Portuguese, French, Italian → Spanish, the pivot) and cg3 (cg-proc, which the Italian pair needs)
#   wamerican  English words with spelling variants and names ("donut", "Saturn") for language detection
#   hunspell-id  Indonesian word list (LGPL-3): short Indonesian and Malay prompts are recognised by their words
#   hunspell-es/-pt-br/-fr/-it/-de-de/-nl/-pl/-tr/-vi  word lists of the other Latin-script languages: which language
#             writes the words English does not know (server/src/language/foreignLexicons.ts)
#   mecab-ipadic  Japanese word list (IPAdic): kanji-only Japanese told from Chinese by its words (kanjiWords.ts)
#   tesseract-ocr, -chi-tra, -kor  (Apache-2.0, a separate program) text extraction in Traditional Chinese (its
#             characters kept) and Korean documents, which PaddleOCR's shipped recognisers cannot read
#   libjemalloc2  the memory allocator the server is started with (scripts/with-allocator.sh): ~0.25 GB less peak
#             memory during a cut-out than glibc's default, for less CPU than glibc's own fix
#   chromium  (with --test) the browser the end-to-end tests drive; fonts-dejavu-core for text the tests draw
#   fortunes, fortunes-zh/-de/-es/-it/-br/-pl  (with --prompt-sets) the held-out text of the prompt-safety sets,
#             read only by bench/promptSafety/buildPromptSets.ts (the built sets are committed)
# Without them the product still starts; GET /api/health and the start-up log say what is degraded.
# A package the mirror does not have is reported and skipped; the others are still installed.
set -u
modes=/usr/share/apertium/modes
# Each entry: the package, and what shows it is installed (a program on PATH, or a file when it starts with /).
want=(
  "apertium apertium"
  "apertium-eng-spa $modes/spa-eng.mode"
  "apertium-es-pt $modes/pt-es.mode"
  "apertium-fr-es $modes/fr-es.mode"
  "apertium-spa-ita $modes/ita-spa.mode"
  "cg3 cg-proc"
  "hunspell-id /usr/share/hunspell/id_ID.dic"
  "hunspell-es /usr/share/hunspell/es_ES.dic"
  "hunspell-pt-br /usr/share/hunspell/pt_BR.dic"
  "hunspell-fr /usr/share/hunspell/fr.dic"
  "hunspell-it /usr/share/hunspell/it_IT.dic"
  "hunspell-de-de /usr/share/hunspell/de_DE.dic"
  "hunspell-nl /usr/share/hunspell/nl.dic"
  "hunspell-pl /usr/share/hunspell/pl_PL.dic"
  "hunspell-tr /usr/share/hunspell/tr_TR.dic"
  "hunspell-vi /usr/share/hunspell/vi_VN.dic"
  "mecab-ipadic /usr/share/mecab/dic/ipadic/Noun.csv"
  "wamerican /usr/share/dict/american-english"
  "libjemalloc2 /usr/share/doc/libjemalloc2"
  "tesseract-ocr tesseract"
  "tesseract-ocr-chi-tra /usr/share/tesseract-ocr/5/tessdata/chi_tra.traineddata"
  "tesseract-ocr-kor /usr/share/tesseract-ocr/5/tessdata/kor.traineddata"
)
[ "${1:-}" = "--test" ] && want+=("chromium chromium" "fonts-dejavu-core /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
[ "${1:-}" = "--prompt-sets" ] && want+=("fortunes /usr/share/games/fortunes/wisdom" "fortunes-zh /usr/share/games/fortunes/tang300"
  "fortunes-de /usr/share/games/fortunes/de" "fortunes-es /usr/share/games/fortunes/es" "fortunes-it /usr/share/games/fortunes/it"
  "fortunes-br /usr/share/games/fortunes/brasil" "fortunes-pl /usr/share/games/fortunes/pl")

missing=()
for entry in "${want[@]}"; do
  package=${entry%% *}
  check=${entry#* }
  if [ "${check:0:1}" = / ]; then
    [ -e "$check" ] || missing+=("$package")
  else
    command -v "$check" >/dev/null 2>&1 || missing+=("$package")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

run_apt() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo "$@"; else return 77; fi
}

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-system-deps: apt-get is not available; not installed: ${missing[*]} (those tools are degraded)"
  exit 0
fi
echo "install-system-deps: installing ${missing[*]} from Debian…"
export DEBIAN_FRONTEND=noninteractive
run_apt apt-get update -qq
status=$?
if [ $status = 77 ]; then
  echo "install-system-deps: need root (or sudo) for apt-get; not installed: ${missing[*]}"
  exit 0
fi
[ $status = 0 ] || echo "install-system-deps: apt-get update failed; trying with the package lists there are"

# Only what the mirror offers: one unknown name would make apt-get install refuse all the others.
available=()
for package in "${missing[@]}"; do
  if apt-cache show "$package" >/dev/null 2>&1; then available+=("$package"); else
    echo "install-system-deps: $package is not in the Debian mirror; skipped (that tool is degraded)"
  fi
done
[ ${#available[@]} -eq 0 ] && exit 0

install() { run_apt apt-get install -y -qq --no-install-recommends "$@" >/dev/null; }
if install "${available[@]}"; then
  echo "install-system-deps: done"
else
  # One broken package must not keep the others out: try them one by one.
  failed=()
  for package in "${available[@]}"; do install "$package" || failed+=("$package"); done
  if [ ${#failed[@]} -eq 0 ]; then echo "install-system-deps: done"; else
    echo "install-system-deps: apt-get failed; not installed: ${failed[*]} (those tools are degraded)"
  fi
fi
exit 0
