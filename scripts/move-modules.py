#!/usr/bin/env python3
"""Move TypeScript modules and rewrite every import of them (and their own relative imports).

Usage: scripts/move-modules.py MAPPING  where each line of MAPPING is `old/path.ts new/path.ts`.
Paths are from the repository root. Text mentions of an old path (comments, docs) are rewritten too.
"""
import os, re, subprocess, sys

root = subprocess.check_output(['git', 'rev-parse', '--show-toplevel'], text=True).strip()
os.chdir(root)
moves = dict(line.split() for line in open(sys.argv[1]) if line.strip())
files = [f for f in subprocess.check_output(['git', 'ls-files'], text=True).split('\n')
         if re.search(r'\.(ts|tsx|mts|mjs|js|md|json)$', f) and os.path.exists(f)]
spec_pattern = re.compile(r"""((?:from|import|export \* from|vi\.mock|import\()\s*\(?\s*)(['"])(\.{1,2}/[^'"]+)\2""")

def rel(from_file, to_file):
    r = os.path.relpath(to_file, os.path.dirname(from_file))
    return r if r.startswith('.') else './' + r

for f in files:
    new_f = moves.get(f, f)
    text = open(f, encoding='utf8').read()
    def fix(m):
        target = os.path.normpath(os.path.join(os.path.dirname(f), m.group(3)))
        if not os.path.exists(target) and target not in moves:
            return m.group(0)
        return f"{m.group(1)}{m.group(2)}{rel(new_f, moves.get(target, target))}{m.group(2)}"
    out = spec_pattern.sub(fix, text) if not f.endswith('.md') else text
    for old, new in moves.items():
        out = re.sub(re.escape(old) + r'(?![\w.-])', new, out)
        out = re.sub(re.escape(old[:-3]) + r'(?![\w./-])', new[:-3], out)
    if out != text:
        open(f, 'w', encoding='utf8').write(out)

for old, new in moves.items():
    os.makedirs(os.path.dirname(new), exist_ok=True)
    subprocess.check_call(['git', 'mv', old, new])
