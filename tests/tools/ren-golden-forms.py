#!/usr/bin/env python3
"""Order forms at positions of the golden games (issue 20 point 3).

Replays a golden Age of Renaissance scenario (tests/games/ren-*/) under
the current reading of the rules (its new.args without --rules) and, at
every EVERY-th run, sends each line of every pending form alone, on a
copy of the game file: the line must pass 'check', its resolve must
succeed, and the run must not say "line N is not carried out".  A line
that needs others first says so in its comment (CLAIM, ADVANCE; RR19,
RR20) and is sent with them, as tests/tools/ren-bot.py sends it.  The
templates (BID, RANK, TOKENS) are not choices and are left out.

usage: ren-golden-forms.py ADJUDICATOR SCENARIO-DIR [EVERY]
Prints one line of counts; exits 1 when a line is refused or skipped.
"""
import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

_spec = importlib.util.spec_from_file_location(
    "renbot", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                           "ren-bot.py"))
renbot = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(renbot)

SKIPPED = re.compile(r"^\s*(\S.*'s? line \d+ is not carried out[^\n]*)",
                     re.M)


def needs(body):
    """The lines a form line's comment says must come first."""
    note = body.split("#", 1)[1] if "#" in body else ""
    first = []
    if " only with CLAIM " in note:
        first += ["CLAIM %s" % c for c in re.findall(r"CLAIM (\S+) \(",
                                                      note)]
    if " only after ADVANCE " in note:
        first += ["ADVANCE %s" % a for a in re.findall(r"ADVANCE (\S+) \(",
                                                        note)]
    return first


def main():
    adj, gdir = os.path.abspath(sys.argv[1]), sys.argv[2]
    every = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    top = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    name = os.path.basename(os.path.normpath(gdir))
    w = tempfile.mkdtemp(prefix="aor-goldenforms.")
    try:
        src = os.path.join(w, "src")
        subprocess.run([os.path.join(top, "tests/tools/pack.sh"), "unpack",
                        os.path.join(gdir, "orders.txt"), src], check=True)
        seed = os.path.join(w, "seed")
        shutil.copy(os.path.join(gdir, "seed"), seed)
        os.chmod(seed, 0o600)
        args = shlex.split(open(os.path.join(gdir, "new.args")).read()
                           .replace("SEED", seed))
        if "--rules" in args:
            i = args.index("--rules")
            del args[i:i + 2]
        gid = args[args.index("--id") + 1]
        game, priv = os.path.join(w, "g.xml"), os.path.join(w, "priv")
        os.makedirs(priv)

        def run(cmd):
            return subprocess.run(cmd, capture_output=True, text=True,
                                  cwd=src)
        p = run([adj, "new", "-o", game] + args +
                ["--private-dir", priv, "--report", os.devnull])
        if p.returncode:
            print("%s: new failed: %s" % (name, p.stderr))
            return 1
        sent = bad = positions = 0
        for k, line in enumerate(open(os.path.join(gdir, "runs"))):
            kind, time, *files = line.split()
            if kind not in ("resolve", "deadline"):
                continue
            st = run([adj, "status", game]).stdout
            if "game over" in st.splitlines()[0]:
                break
            if k % every == 0:
                positions += 1
                for step, seat in re.findall(
                        r"^pending: STEP (\S+) from \S+ (\d+):", st, re.M):
                    form = renbot.form_of(os.path.join(priv,
                                                       "p%s.txt" % seat))
                    for order, body in form.get(step, []):
                        if order.startswith(("BID ", "RANK ", "TOKENS ")):
                            continue
                        g2 = os.path.join(w, "g2.xml")
                        p2 = os.path.join(w, "p2")
                        of = os.path.join(w, "o.txt")
                        shutil.copy(game, g2)
                        shutil.rmtree(p2, ignore_errors=True)
                        os.makedirs(p2)
                        with open(of, "w") as f:
                            f.write("GAME %s\nCOUNTRY p%s\nSTEP %s\n%s\n" % (
                                gid, seat, step,
                                "\n".join(needs(body) + [order])))
                        sent += 1
                        c = run([adj, "check", g2, of, "--seed-file", seed])
                        r = run([adj, "resolve", g2, of, "--now", time,
                                 "--seed-file", seed, "--private-dir", p2,
                                 "--report", os.devnull])
                        rep = os.path.join(p2, "p%s.txt" % seat)
                        m = SKIPPED.search(open(rep).read()) \
                            if os.path.exists(rep) else None
                        if c.returncode or r.returncode or m:
                            bad += 1
                            why = m.group(1) if m else \
                                (c.stdout + c.stderr + r.stderr)[-300:]
                            print("FAIL: %s run %d %s p%s: '%s': %s" % (
                                name, k + 1, step, seat, order, why))
            cmd = [adj, "resolve", game] + files
            if kind == "deadline":
                cmd.append("--deadline-passed")
            p = run(cmd + ["--now", time, "--seed-file", seed,
                           "--private-dir", priv, "--report", os.devnull])
            if p.returncode:
                print("FAIL: %s: the replay's run %d: %s" % (
                    name, k + 1, p.stderr[-300:]))
                return 1
        print("%s: %d positions, %d form lines sent alone, %d refused or "
              "not carried out" % (name, positions, sent, bad))
        return 1 if bad or sent == 0 else 0
    finally:
        shutil.rmtree(w, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
