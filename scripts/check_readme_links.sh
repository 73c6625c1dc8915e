#!/usr/bin/env bash
# Checks the relative links of README.md and docs/*.md (test group check-docs).
#   scripts/check_readme_links.sh [FILE.md ...]
# - A link [text](path) or a reference [name]: path must point to a file or a
#   directory of the repository (resolved from the linking file; #anchors and
#   URLs with a scheme are not checked).
# - A link into build/ is a generated output, not required to exist: the
#   paragraph (or table row) that holds it must name a make target
#   (`make <target>`) that the makefiles define, and the output's file name
#   must occur in the build files (Makefile, *.mk, scripts, the flow drivers),
#   i.e. some rule or tool writes it.
# - Every proof script formal/*/*.ys must be linked from README.md (its block
#   table), so the table follows the proofs as they are added.
# Prints one line per problem and a SUMMARY line; exit status 1 on a problem.
set -u
cd "$(dirname "$0")/.."
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(README.md docs/*.md)

# Targets the makefiles define (the database of a question-mode run; no recipe runs).
targets=$(make -pq --no-print-directory __check_docs_no_such_goal__ 2>/dev/null \
  | awk -F: '/^[A-Za-z0-9_.%\/-]+:/ && !/^[A-Za-z0-9_.]+ *:?=/ { print $1 }' | sort -u)
# Files that can name an output a rule or a tool writes.
build_files=$(ls Makefile ./*/*.mk ./*/*/*.mk scripts/*.sh tb/common/*.sh synth/*.py formal/*.py \
  cmodel/tools/*.c 2>/dev/null)

TARGETS="$targets" BUILD_FILES="$build_files" python3 - "${files[@]}" <<'EOF'
import os, re, sys

root = os.getcwd()
targets = set(os.environ["TARGETS"].split())
build_text = ""
for f in os.environ["BUILD_FILES"].split():
    try:
        build_text += open(f, encoding="utf-8", errors="replace").read()
    except OSError:
        pass

link_re = re.compile(r'!?\[(?:[^\]`]|`[^`]*`)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)')
ref_re = re.compile(r'^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$')
make_re = re.compile(r'`make\s+([^`]*)`|\bmake\s+([A-Za-z0-9_./<>-]+)')

problems, nlinks, ngen = [], 0, 0
linked = set()

def paragraphs(lines):
    """Yield (first line number, list of (lineno, text)) per paragraph or table row."""
    block, start = [], 0
    for i, l in enumerate(lines, 1):
        if not l.strip():
            if block:
                yield block
            block = []
            continue
        if l.lstrip().startswith("|"):      # a table row stands alone
            if block:
                yield block
            yield [(i, l)]
            block = []
            continue
        block.append((i, l))
    if block:
        yield block

def named_targets(text):
    out = []
    for m in make_re.finditer(text):
        words = (m.group(1) or m.group(2) or "").split()
        for w in words:
            if "=" in w or w.startswith("-"):
                continue
            out.append(w)
            if m.group(2):
                break
    return out

for md in sys.argv[1:]:
    lines = open(md, encoding="utf-8").read().split("\n")
    in_code = False
    kept = []
    for l in lines:                         # skip fenced code blocks
        if l.strip().startswith("```"):
            in_code = not in_code
            kept.append("")
            continue
        kept.append("" if in_code else l)
    for para in paragraphs(kept):
        text = "\n".join(l for _, l in para)
        for lineno, l in para:
            found = [m.group(1) for m in link_re.finditer(re.sub(r"``[^`]*``", "", l))]
            m = ref_re.match(l)
            if m:
                found.append(m.group(1))
            for target in found:
                if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", target) or target.startswith("#"):
                    continue
                nlinks += 1
                path = target.split("#", 1)[0].split("?", 1)[0]
                full = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(md)), path))
                rel = os.path.relpath(full, root)
                where = f"{md}:{lineno}"
                if rel.startswith(".."):
                    problems.append(f"{where}: {target}: outside the repository")
                    continue
                linked.add(rel)
                if rel == "build" or rel.startswith("build" + os.sep):
                    ngen += 1
                    names = named_targets(text)
                    defined = [t for t in names if t in targets]
                    if not defined:
                        problems.append(f"{where}: {target}: generated output, but no make target "
                                        f"that the makefiles define is named beside it ({names or 'none'})")
                    if os.path.basename(rel) not in build_text:
                        problems.append(f"{where}: {target}: no build file writes {os.path.basename(rel)}")
                    continue
                if not os.path.exists(full):
                    problems.append(f"{where}: {target}: missing")

# Every proof script is linked from README.md's block table.
readme_links = set()
if "README.md" in sys.argv[1:]:
    for f in sorted(os.listdir("formal")):
        d = os.path.join("formal", f)
        if not os.path.isdir(d):
            continue
        for ys in sorted(os.listdir(d)):
            if ys.endswith(".ys") and os.path.join(d, ys) not in linked:
                problems.append(f"README.md: proof script {d}/{ys} is not linked from the block table")

for p in problems:
    print(p)
print(f"SUMMARY check-docs: {len(sys.argv) - 1} files, {nlinks} relative links "
      f"({ngen} to generated outputs), {len(problems)} problem(s)")
sys.exit(1 if problems else 0)
EOF
