#!/usr/bin/env python3
"""Plays a whole game of Age of Reason with random legal orders.

A developer tool: it writes the order files and the list of runs of a
scenario (tests/games/NAME/), which the test suite then replays with the
adjudicator alone (tests/replay-game.sh).  Every candidate order is
checked with 'adjudicator check' before it is used, so the bot needs no
rules of its own.

usage: bot.py ADJUDICATOR OUTDIR --players prussia,spain,france
              [--seed N] [--attacks] [--defaults PERCENT] [--variant V]
"""
import argparse
import os
import random
import subprocess
import sys
import xml.etree.ElementTree as ET

GAME_SEED = "%064x" % 0x5EED


def run(cmd, check=True):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if check and p.returncode != 0:
        sys.exit("bot: %s failed:\n%s%s" % (" ".join(cmd), p.stdout, p.stderr))
    return p


class Bot:
    def __init__(self, adj, out, args):
        self.adj, self.out, self.args = adj, out, args
        self.rng = random.Random(args.seed)
        self.game = os.path.join(out, "work", "game.xml")
        self.seedfile = os.path.join(out, "seed")
        self.runs = []
        self.nfile = 0
        self.minute = 0

    def now(self):
        self.minute += 7
        h, m = divmod(self.minute, 60)
        d, h = divmod(h, 24)
        return "2026-12-%02dT%02d:%02d:00Z" % (1 + d, h, m)

    def root(self):
        return ET.parse(self.game).getroot()

    def write_order(self, country, step, lines):
        self.nfile += 1
        name = "orders/%03d-%s.txt" % (self.nfile, country)
        path = os.path.join(self.out, name)
        with open(path, "w") as f:
            f.write("# %s, %s\nGAME %s\nCOUNTRY %s\nSTEP %s\n%s\n" % (
                country, step, self.gid, country, step, "\n".join(lines)))
        return name

    def accepted(self, name):
        p = run([self.adj, "check", self.game, os.path.join(self.out, name),
                 "--seed-file", self.seedfile, "--now", "2026-12-31T00:00:00Z"],
                check=False)
        return p.returncode == 0

    def try_orders(self, country, step, candidates):
        for lines in candidates:
            name = self.write_order(country, step, lines)
            if self.accepted(name):
                return name
            os.unlink(os.path.join(self.out, name))
            self.nfile -= 1
        return None

    # What the state says.
    def state(self):
        r = self.root()
        st = r.find("state")
        rs = r.find("ruleset")
        return r, st, rs

    def bid_candidates(self, country, r, st):
        allied = {s.get("country") for s in st.find("alliances")}
        free = [c.get("id") for c in r.find("ruleset/countries")
                if c.get("id") not in allied]
        self.rng.shuffle(free)
        au = st.find("auction")
        me = st.find("country[@id='%s']" % country)
        gold = int(me.get("gold"))
        high = au.get("high-bid")
        out = []
        if len(free) == 1:
            # R9 (rules reading 2): the seventh country, as A or as B
            row = self.rng.choice(["A", "B"])
            if high is None:
                out.append(["BID %d %s %s" % (self.rng.choice([0, 0, 1, 2]),
                                              row, free[0])])
                out.append(["BID 0 %s %s" % (row, free[0])])
            else:
                if self.rng.random() < 0.35 and int(high) + 1 <= gold:
                    out.append(["BID %d %s %s" % (
                        int(high) + self.rng.choice([1, 1, 2]), row,
                        free[0])])
                out.append(["PASS"])
            return out
        if high is None:
            out.append(["BID %d A %s B %s" % (self.rng.choice([0, 0, 1, 2]),
                                              free[0], free[1])])
            out.append(["BID 0 A %s B %s" % (free[0], free[1])])
        else:
            if self.rng.random() < 0.35 and int(high) + 1 <= gold:
                out.append(["BID %d A %s B %s" % (
                    int(high) + self.rng.choice([1, 1, 2]), free[0], free[1])])
            out.append(["PASS"])
        return out

    def segment_candidates(self, country, r, st):
        rs = r.find("ruleset")
        boxes = [b.get("id") for b in rs.find("boxes")]
        self.rng.shuffle(boxes)
        me = st.find("country[@id='%s']" % country)
        hand = [c.get("id") for c in me.find("hand")]
        cards = [c for c in hand if c != "ally"]
        out = []
        attacks = []
        if self.args.attacks:
            targets = []
            for area in st.findall("area"):
                for d in area.findall("discs"):
                    if d.get("country") != country:
                        targets.append("ATTACK %s IN %s" % (d.get("country"),
                                                             area.get("id")))
                for m in area.findall("marker"):
                    mk = rs.find("markers/marker[@id='%s']" % m.get("id"))
                    if mk.get("action") == "yes":
                        targets.append("CONVERT MARKER %s" % m.get("id"))
                    else:
                        targets.append("ATTACK MARKER %s" % m.get("id"))
            self.rng.shuffle(targets)
            for t in targets[:12]:
                card = self.rng.choice(cards)
                extra = ""
                if t.startswith("ATTACK") and self.rng.random() < 0.3:
                    extra = " RESERVE %s" % self.rng.choice(
                        ["never", "if-losing", "always"])
                if t.startswith("ATTACK") and self.rng.random() < 0.3:
                    extra += " NPC %s" % self.rng.choice(["ALL", "NONE"])
                attacks.append("%s WITH %s%s" % (t, card, extra))
        roll = self.rng.random()
        for b in boxes[:10]:
            place = "PLACE %s" % b
            if b in ("militia", "pressgangs"):
                disc = [c.get("id") for c in me.find("discard")]
                if disc:
                    place += " TAKE %s" % self.rng.choice(disc)
            if attacks and roll < 0.45:
                out.append([place, attacks[0]])
            out.append([place])
        if attacks and roll < 0.6:
            if len(attacks) > 1:
                out.insert(0, attacks[:2])
            for a in attacks:
                out.insert(len(out) // 2, [a])
        out.append(["PASS"])
        return out

    def combat_candidates(self, country, kind, r, st):
        me = st.find("country[@id='%s']" % country)
        hand = [c.get("id") for c in me.find("hand") if c.get("id") != "ally"]
        if kind == "defend":
            self.rng.shuffle(hand)
            npc = self.rng.choice(["", " NPC ALL", " NPC NONE"])
            return [["DEFEND WITH %s%s" % (c, npc)] for c in hand] + \
                [["DEFEND WITH blank"]]
        if kind == "join":
            return [[self.rng.choice(["JOIN ALLY", "JOIN BLUFF", "STAY OUT"])],
                    ["STAY OUT"]]
        return [[self.rng.choice(["NPC ALL", "NPC NONE"])], ["NPC NONE"]]

    def play(self):
        os.makedirs(os.path.join(self.out, "orders"), exist_ok=True)
        os.makedirs(os.path.join(self.out, "work"), exist_ok=True)
        with open(self.seedfile, "w") as f:
            f.write(GAME_SEED + "\n")
        players = self.args.players.split(",")
        newargs = ["-o", self.game, "--seed-file", self.seedfile,
                   "--id", self.args.id, "--now", "2026-12-01T00:00:00Z"]
        for i, p in enumerate(players):
            newargs += ["--player", "%s:Player %d:p%d@example.org" % (p, i + 1, i + 1)]
        for v in self.args.variant or []:
            newargs += ["--variant", v]
        if self.args.rules is not None:
            newargs += ["--rules", str(self.args.rules)]
        run([self.adj, "new"] + newargs)
        self.gid = self.args.id
        with open(os.path.join(self.out, "new.args"), "w") as f:
            f.write(" ".join(a if " " not in a else "'%s'" % a
                             for a in newargs[2:]).replace(
                                 self.seedfile, "SEED") + "\n")
        while True:
            r, st, rs = self.state()
            pend = r.find("pending").findall("decision")
            if not pend:
                break
            now = self.now()
            if self.rng.random() * 100 < self.args.defaults:
                run([self.adj, "resolve", self.game, "--deadline-passed",
                     "--seed-file", self.seedfile,
                     "--now", now, "--report", "/dev/null"])
                self.runs.append("deadline %s" % now)
                continue
            files = []
            for d in pend:
                country, step, kind = d.get("country"), d.get("step"), d.get("kind")
                if kind == "bid":
                    cands = self.bid_candidates(country, r, st)
                elif kind == "segment":
                    cands = self.segment_candidates(country, r, st)
                else:
                    cands = self.combat_candidates(country, kind, r, st)
                name = self.try_orders(country, step, cands)
                if name is None:
                    sys.exit("bot: no legal order for %s at %s" % (country, step))
                files.append(name)
            run([self.adj, "resolve", self.game] +
                [os.path.join(self.out, f) for f in files] +
                ["--seed-file", self.seedfile,
                 "--now", now, "--report", "/dev/null"])
            self.runs.append("resolve %s %s" % (now, " ".join(files)))
        with open(os.path.join(self.out, "runs"), "w") as f:
            f.write("\n".join(self.runs) + "\n")
        subprocess.run(["rm", "-rf", os.path.join(self.out, "work")])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("adjudicator")
    ap.add_argument("outdir")
    ap.add_argument("--players", required=True)
    ap.add_argument("--id", default="scenario")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--attacks", action="store_true")
    ap.add_argument("--defaults", type=float, default=3)
    ap.add_argument("--variant", action="append")
    ap.add_argument("--rules", type=int,
                    help="the reading of the rules (adjudicator new --rules)")
    args = ap.parse_args()
    Bot(os.path.abspath(args.adjudicator), args.outdir, args).play()


if __name__ == "__main__":
    main()
