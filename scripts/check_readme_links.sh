#!/usr/bin/env bash
# Checks the project's text (test group check-docs).
#   scripts/check_readme_links.sh [FILE ...]
# Markdown files (default: every *.md of the repository outside build/):
# - A link [text](path) or a reference [name]: path must point to a file or a
#   directory of the repository (resolved from the linking file; URLs with a
#   scheme are not checked). A link with an #anchor into a Markdown file must
#   name one of its headings (GitHub's anchor of the heading text), so a
#   dropped or renamed section fails; so does a reference in the text to a
#   numbered section ("docs/fiber.md section 5a") or a quoted heading
#   (synth/README.md "Bottom-up glue") that the named file no longer has.
# - A link into build/ is a generated output, not required to exist: the
#   paragraph (or table row) that holds it must name a make target
#   (`make <target>`) that the makefiles define, and the output's file name
#   must occur in the build files (Makefile, *.mk, scripts, the flow drivers),
#   i.e. some rule or tool writes it.
# - Every proof script formal/*/*.ys must be linked from README.md (its block
#   table), so the table follows the proofs as they are added.
# Every text file of the project (default: the files git tracks or would
# track, outside build/; the Markdown files above and the sources, scripts,
# makefiles and tables):
# - no machine path: a path under /work/, /home/, /root/ or /Users/, or a
#   lower-case /tmp/<name> (a clone or a scratch file of one machine; an
#   upper-case placeholder such as /tmp/TOP.v is a usage example);
# - no issue-tracker number: "issue 13", "issues 13 and 14", "(#13)", "PR 7".
#   A reader who clones the repository has neither the machine nor the tracker:
#   cite the paper by title, the figure by the command that reproduces it.
# Prints one line per problem and a SUMMARY line; exit status 1 on a problem.
set -u
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <( { git ls-files -co --exclude-standard 2>/dev/null \
      || find . -type f -not -path './.git/*' | sed 's|^\./||'; } \
    | grep -v '^build/' | sort -u)
fi

# Targets the makefiles define (the database of a question-mode run; no recipe runs).
targets=$(make -pq --no-print-directory __check_docs_no_such_goal__ 2>/dev/null \
  | awk -F: '/^[A-Za-z0-9_.%\/-]+:/ && !/^[A-Za-z0-9_.]+ *:?=/ { print $1 }' | sort -u)
# Files that can name an output a rule or a tool writes.
build_files=$(ls Makefile ./*/*.mk ./*/*/*.mk scripts/*.sh tb/common/*.sh synth/*.py formal/*.py \
  cmodel/tools/*.c 2>/dev/null)

TARGETS="$targets" BUILD_FILES="$build_files" python3 - "${files[@]}" <<'PYEOF'
import os, re, sys

root = os.getcwd()
SELF = "scripts/check_readme_links.sh"
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
# "docs/fiber.md section 5a", "docs/fiber.md, section 4", "docs/fiber.md sections 5 and 11"
secref_re = re.compile(r'([\w./-]+\.md)\)?,?\s+sections?\s+(\d+[a-z]?(?:(?:,\s*|\s+and\s+)\d+[a-z]?)*)')
# synth/README.md "Bottom-up glue"
quoted_re = re.compile(r'([\w./-]+\.md)\)?,?\s+"([^"\n]+)"')
# machine paths and tracker numbers (split so that this file does not match itself)
machine_re = re.compile(r'(?<![\w.])/(?:wo' r'rk|ho' r'me|ro' r'ot|Us' r'ers)/[\w.-][\w./-]*'
                        r'|(?<![\w.])/tm' r'p/[a-z0-9_][\w.-]*')
issue_re = re.compile(r'\b[Ii]ssues?\s+#?\d+\b|\b(?:PR|[Pp]ull request)\s+#?\d+\b'
                      r'|(?:^|(?<=[\s(\[,]))#\d{1,5}(?![\w;#])')

problems, nlinks, ngen = [], 0, 0
linked = set()
headings_cache = {}

def slug(text):
    """GitHub's anchor of a heading."""
    t = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", text.strip().lower())
    t = re.sub(r"[^\w\- ]", "", t)
    return t.replace(" ", "-")

def headings(path):
    """(anchors, heading texts) of a Markdown file, code blocks skipped."""
    if path not in headings_cache:
        anchors, texts, seen, in_code = set(), [], {}, False
        try:
            lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
        except OSError:
            lines = []
        for l in lines:
            if l.strip().startswith("```"):
                in_code = not in_code
                continue
            b = re.match(r"^\*\*([^*]+)\*\*", l)     # a bold run-in title: quotable
            if not in_code and b:
                texts.append(b.group(1))
            m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", l)
            if in_code or not m:
                continue
            s = slug(m.group(1))
            n = seen.get(s, 0)
            seen[s] = n + 1
            anchors.add(s if n == 0 else f"{s}-{n}")
            texts.append(m.group(1))
        headings_cache[path] = (anchors, texts)
    return headings_cache[path]

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

def resolve(md, path):
    """A path named in md: relative to md, else (a repository path) to the root."""
    full = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(md)), path))
    if not os.path.exists(full) and os.path.exists(os.path.join(root, path)):
        full = os.path.normpath(os.path.join(root, path))
    return full

def check_markdown(md, lines):
    global nlinks, ngen
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
            where = f"{md}:{lineno}"
            found = [m.group(1) for m in link_re.finditer(re.sub(r"``[^`]*``", "", l))]
            m = ref_re.match(l)
            if m:
                found.append(m.group(1))
            for target in found:
                if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", target):
                    continue
                nlinks += 1
                path, _, anchor = target.partition("#")
                path = path.split("?", 1)[0]
                full = (os.path.abspath(md) if not path else
                        os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(md)), path)))
                rel = os.path.relpath(full, root)
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
                elif anchor and full.endswith(".md") and anchor not in headings(full)[0]:
                    problems.append(f"{where}: {target}: no section with anchor #{anchor} "
                                    f"in {rel}")
        # references by section number or quoted heading, in the running text
        flat = re.sub(r"\s*\n\s*", " ", text)
        first = para[0][0]
        for m in secref_re.finditer(flat):
            full = resolve(md, m.group(1))
            if not os.path.exists(full):
                continue                      # a file name, not a path: not checked
            texts = headings(full)[1]
            for num in re.findall(r"\d+[a-z]?", m.group(2)):
                if not any(re.match(rf"{re.escape(num)}[.\s]", t) for t in texts):
                    problems.append(f"{md}:{first}: {m.group(1)} section {num}: "
                                    f"no heading numbered {num} there")
        for m in quoted_re.finditer(flat):
            full = resolve(md, m.group(1))
            if not os.path.exists(full):
                continue
            q = m.group(2).strip().lower()
            if not any(q in t.lower() for t in headings(full)[1]):
                problems.append(f"{md}:{first}: {m.group(1)} \"{m.group(2)}\": "
                                f"no heading with that text there")

def check_text(f, lines):
    for i, l in enumerate(lines, 1):
        for m in machine_re.finditer(l):
            problems.append(f"{f}:{i}: machine path {m.group(0)!r} (name a command anyone "
                            "can run in a clone, or the paper by its title)")
        for m in issue_re.finditer(l):
            problems.append(f"{f}:{i}: issue-tracker number {m.group(0).strip()!r} "
                            "(say what the change is)")

nmd = ntext = 0
for f in sys.argv[1:]:
    if f == SELF or not os.path.isfile(f):
        continue
    try:
        raw = open(f, "rb").read()
    except OSError:
        continue
    if b"\0" in raw[:8192]:
        continue                              # binary
    lines = raw.decode("utf-8", errors="replace").split("\n")
    ntext += 1
    check_text(f, lines)
    if f.endswith(".md") and not f.endswith("_template.md"):   # a template's links are
        nmd += 1                                                # those of its output
        check_markdown(f, lines)

# Every proof script is linked from README.md's block table.
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
print(f"SUMMARY check-docs: {ntext} files ({nmd} Markdown), {nlinks} relative links "
      f"({ngen} to generated outputs), {len(problems)} problem(s)")
sys.exit(1 if problems else 0)
PYEOF
