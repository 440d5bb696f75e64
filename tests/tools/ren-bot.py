#!/usr/bin/env python3
"""Plays whole games of Age of Renaissance through the CLI (issue 20.7).

For each pending decision ('adjudicator status') it reads the order form
of the player's private report (resolve --private-dir) and sends a random
legal order made of the form's lines, checked with 'adjudicator check'
first; or it lets the deadline pass ('resolve --deadline-passed') at
random.  After the game 'adjudicator verify' must pass.  A form line
refused by check or resolve, or sent alone and not carried out (its run
says "line N is not carried out"), a crash, a game that does not end and
one that does not verify are failures, with the seed printed.  A composite
order (several form lines at once, which together may cost more than the
player has) may be refused: it is counted, and a single line is sent.

With --out DIR it writes a scenario as tests/replay-game.sh replays it
(seed, new.args, runs, orders/; pack orders/ with tests/tools/pack.sh);
without, it plays in a temporary folder and keeps nothing.

usage: ren-bot.py ADJUDICATOR [--games N] [--seed S] [--players N]
                  [--defaults PERCENT] [--variant V] [--out DIR] [--id ID]

--id names the game (default ren-SEED), as examples/make-example.sh does.
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

MAX_RUNS = 2000


class Failure(Exception):
    pass


def run(cmd, check=True):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode < 0:
        raise Failure("%s crashed (signal %d):\n%s" % (
            " ".join(cmd), -p.returncode, p.stderr))
    if check and p.returncode != 0:
        raise Failure("%s exited %d:\n%s%s" % (
            " ".join(cmd), p.returncode, p.stdout, p.stderr))
    return p


def form_of(path):
    """{step: [order line, ...]} from a private report's order form."""
    forms, step, cur = {}, None, None
    try:
        text = open(path).read()
    except FileNotFoundError:
        return forms
    m = re.search(r"^== Your order form =+\n(.*?)(?=^== |\Z)", text,
                  re.M | re.S)
    if not m:
        return forms
    for line in m.group(1).splitlines():
        if line.startswith("STEP "):
            step = line[5:].strip()
            forms[step] = []
            cur = None
        elif step and line.startswith("#     ") and cur is not None:
            # a wrapped choice: part of the order until its comment, and
            # of the comment after it (the CLAIM lines an advance needs)
            if "#" not in forms[step][cur][1]:
                forms[step][cur][0] += " " + line[6:].split("#")[0].strip()
            forms[step][cur][1] += " " + line[6:]
        elif step and line.startswith("#   "):
            body = line[4:]
            forms[step].append([body.split("#")[0].strip(), body])
            cur = len(forms[step]) - 1
    return {s: [(o, c) for o, c in v if o] for s, v in forms.items()}


class Game:
    def __init__(self, adj, seed, args, out):
        self.adj, self.seed, self.args = adj, seed, args
        self.rng = random.Random(seed)
        self.out = out
        self.game = os.path.join(out, "work", "game.xml")
        self.seedfile = os.path.join(out, "seed")
        self.priv = os.path.join(out, "work", "private")
        self.runs, self.nfile, self.minute = [], 0, 0
        self.stats = dict(runs=0, orders=0, defaults=0, refused_multi=0)
        self.composite = False
        self.gid = args.id or "ren-%d" % seed

    def now(self):
        self.minute += 7
        h, m = divmod(self.minute, 60)
        d, h = divmod(h, 24)
        mo, d = divmod(d, 28)
        return "2027-%02d-%02dT%02d:%02d:00Z" % (1 + mo, 1 + d, h, m)

    def start(self):
        os.makedirs(os.path.join(self.out, "orders"), exist_ok=True)
        os.makedirs(self.priv, exist_ok=True)
        with open(self.seedfile, "w") as f:
            f.write("%064x\n" % (0x5EED0000 + self.seed))
        os.chmod(self.seedfile, 0o600)
        n = self.args.players or self.rng.randint(3, 6)
        players = ["--player", ] * 0
        for k in range(1, n + 1):
            players += ["--player", "p%d:Player %d:p%d@example.org" % (
                k, k, k)]
        variants = []
        for v in self.args.variant or []:
            variants += ["--variant", v]
        self.newargs = ["--game", "renaissance", "--seed-file", "SEED",
                        "--id", self.gid, "--now", "2027-01-01T00:00:00Z"
                        ] + players + variants
        with open(os.path.join(self.out, "new.args"), "w") as f:
            f.write(" ".join("'%s'" % a if " " in a else a
                             for a in self.newargs) + "\n")
        run([self.adj, "new", "-o", self.game] +
            [self.seedfile if a == "SEED" else a for a in self.newargs] +
            ["--private-dir", self.priv, "--report", os.devnull])

    def status(self):
        p = run([self.adj, "status", self.game])
        over = "game over" in p.stdout.splitlines()[0]
        pend = re.findall(r"^pending: STEP (\S+) from \S+ (\d+):", p.stdout,
                          re.M)
        return over, [(s, int(k)) for s, k in pend]

    def write_order(self, seat, step, lines):
        self.nfile += 1
        name = "orders/%03d-p%d.txt" % (self.nfile, seat)
        with open(os.path.join(self.out, name), "w") as f:
            f.write("GAME %s\nCOUNTRY p%d\nSTEP %s\n%s\n" % (
                self.gid, seat, step, "\n".join(lines)))
        return name

    def accepted(self, name):
        p = run([self.adj, "check", self.game, os.path.join(self.out, name),
                 "--seed-file", self.seedfile], check=False)
        return p.returncode == 0, p.stdout + p.stderr

    def compose(self, form):
        """(single, multi): one-line order and a composite or None."""
        lines = [o for o, _ in form]
        if not lines:
            return None, None
        rank = [o for o in lines if o.startswith("RANK ")]
        bid = [c for o, c in form if o.startswith("BID ")]
        if rank and bid:
            caps = [c.strip() for c in rank[0][5:].split(",")]
            self.rng.shuffle(caps)
            hi = int(re.search(r"to \$(\d+)", bid[0]).group(1))
            return ["BID %d" % self.rng.randint(0, hi),
                    "RANK " + ", ".join(caps)], None
        tok = [c for o, c in form if o.startswith("TOKENS ")]
        if tok:
            m = re.search(r"-(\d+) to (\d+); tokens up to your stock of "
                          r"(\d+)", tok[0])
            cash, stock = int(m.group(2)), int(m.group(3))
            v = (-self.rng.randint(0, cash) if self.rng.random() < 0.25
                 else self.rng.randint(0, min(cash, stock)))
            return ["TOKENS %d" % v], None
        order, body = self.rng.choice(form)
        # reading 3 (RR19, RR20): an advance only a Patronage claim or a
        # prerequisite bought first makes possible goes with the CLAIM or
        # ADVANCE lines its comment names
        note = body.split("#", 1)[1] if "#" in body else ""
        claims = re.findall(r"CLAIM (\S+) \(", note) \
            if " only with CLAIM " in note else []
        first = re.findall(r"ADVANCE (\S+) \(", note) \
            if " only after ADVANCE " in note else []
        single = ["CLAIM %s" % c for c in claims] + \
            ["ADVANCE %s" % a for a in first] + [order]
        multi = None
        if len(lines) > 1 and self.rng.random() < 0.5:
            multi = [self.rng.choice(lines)
                     for _ in range(self.rng.randint(2, 5))]
        return single, multi

    def order_for(self, seat, step):
        forms = form_of(os.path.join(self.priv, "p%d.txt" % seat))
        if step not in forms:
            raise Failure("p%d's private report has no order form for %s"
                          % (seat, step))
        single, multi = self.compose(forms[step])
        if single is None:
            raise Failure("p%d's order form for %s is empty" % (seat, step))
        if multi:
            name = self.write_order(seat, step, multi)
            ok, _ = self.accepted(name)
            if ok:
                self.composite = True
                return name
            self.stats["refused_multi"] += 1
            os.unlink(os.path.join(self.out, name))
            self.nfile -= 1
        name = self.write_order(seat, step, single)
        ok, why = self.accepted(name)
        if not ok:
            raise Failure("the legal order %r of p%d at %s refused:\n%s" % (
                single, seat, step, why))
        return name

    def resolve(self, files):
        t = self.now()
        cmd = [self.adj, "resolve", self.game] + [
            os.path.join(self.out, f) for f in files]
        if not files:
            cmd.append("--deadline-passed")
        run(cmd + ["--now", t, "--seed-file", self.seedfile,
                   "--private-dir", self.priv, "--report", os.devnull])
        self.runs.append(("resolve %s %s" % (t, " ".join(files)))
                         if files else "deadline %s" % t)
        self.stats["runs"] += 1

    def play(self):
        self.start()
        while True:
            over, pend = self.status()
            if over:
                break
            if not pend:
                raise Failure("no decision pending and the game not over")
            if self.stats["runs"] >= MAX_RUNS:
                raise Failure("no end after %d runs" % MAX_RUNS)
            if self.rng.randrange(100) < self.args.defaults:
                self.stats["defaults"] += len(pend)
                self.resolve([])
                continue
            # some of the pending decisions, at least one
            pick = [d for d in pend if self.rng.random() < 0.7] or \
                [self.rng.choice(pend)]
            self.composite = False
            files = [self.order_for(seat, step) for step, seat in pick]
            self.stats["orders"] += len(files)
            self.resolve(files)
            # issue 20 point 3: a form line sent alone is carried out
            # (a composite order may hold lines it cannot afford together)
            if not self.composite:
                seat = pick[0][1]
                text = open(os.path.join(self.priv, "p%d.txt" % seat)).read()
                m = re.search(r"^\s*(\S.*'s? line \d+ is not carried out"
                              r"[^\n]*)", text, re.M)
                if m:
                    raise Failure("a form line sent alone was not carried "
                                  "out: %s" % m.group(1))
            # each order sent is applied, none refused
            for step, seat in pick:
                if (step, seat) in self.status()[1]:
                    raise Failure("p%d's order for %s was not applied" % (
                        seat, step))
        run([self.adj, "verify", self.game, "--seed-file", self.seedfile])
        with open(os.path.join(self.out, "runs"), "w") as f:
            f.write("\n".join(self.runs) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("adjudicator")
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=0)
    ap.add_argument("--defaults", type=int, default=20)
    ap.add_argument("--variant", action="append")
    ap.add_argument("--out")
    ap.add_argument("--id")
    args = ap.parse_args()
    passed = failed = 0
    total = dict(runs=0, orders=0, defaults=0, refused_multi=0)
    for i in range(args.games):
        seed = args.seed + i
        tmp = None
        out = args.out
        if out is None:
            tmp = tempfile.mkdtemp(prefix="aor-renbot.")
            out = tmp
        g = Game(os.path.abspath(args.adjudicator), seed, args, out)
        try:
            g.play()
            passed += 1
        except Failure as e:
            failed += 1
            print("FAIL: seed %d: %s" % (seed, e), file=sys.stderr)
        finally:
            for k in total:
                total[k] += g.stats[k]
            if tmp:
                shutil.rmtree(tmp, ignore_errors=True)
    print("ren-bot: %d games (seeds %d-%d): %d runs, %d orders, %d defaulted "
          "decisions, %d composite orders refused" % (
              args.games, args.seed, args.seed + args.games - 1,
              total["runs"], total["orders"], total["defaults"],
              total["refused_multi"]))
    print("ren-bot: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
