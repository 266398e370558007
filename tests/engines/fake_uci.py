#!/usr/bin/env python3
"""A misbehaving UCI engine for vichess's tests (tests/engine_faults.rs).

It plays Black's replies of one fixed game, 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Nc3 Nf6
5. d3 d6 6. O-O O-O, chosen by how many moves the `position` command lists, and misbehaves
as its first argument says:

  good            always answers
  crash-after N   exits (status 3) on its N+1st `go`
  hang-once       the first process to be asked never answers; later ones do
  illegal-once    the first answer is a move that is not legal (a1a8)
  garbage-once    the first search prints garbage and `bestmove banana`
  flood-once      the first search prints lines without end
  slow            thinks five seconds unless told to `stop`: then it writes the file
                  `stopped` in the folder given as the second argument and answers
  log             like good, and offers UCI_Chess960; every `setoption` it is sent is
                  written to the file `options` in the folder given as the second argument
  exit-after-uci  says `uciok` and exits (status 0) at once
  no-score        answers `bestmove` without any `info score`
  mate            like good, but scores every position as mate in one for the side to move
  slow-start      like good, but waits half a second before naming itself (an engine slow
                  to start: vichess waits for it before its greeting)
  help-crash-once like good, and answers a position with White to move (the player's help:
                  the player is White) with White's move of the same game; the first such
                  search exits (status 3)
  help-crash      the same, but every such search exits (so vichess gives the engine up)
  help-crash-told the same as help-crash-once, but the search exits only once the file
                  `crash` is in the folder (after the test has moved on)

Given a folder, every mode writes its process id to the file `pid` there (for a test that
kills it).

"-once" modes remember in the folder given as the second argument that they misbehaved.
"""
import os
import select
import sys
import time

REPLIES = ["e7e5", "b8c6", "f8c5", "g8f6", "d7d6", "e8g8"]
WHITE = ["e2e4", "g1f3", "f1c4", "b1c3", "d2d3", "e1g1"]


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def first_time(state):
    mark = os.path.join(state, "misbehaved")
    if os.path.exists(mark):
        return False
    open(mark, "w").close()
    return True


class Lines:
    """Standard input line by line, with a timeout (unbuffered, so `select` sees it all)."""

    def __init__(self):
        self.buf = b""

    def next(self, timeout=None):
        while b"\n" not in self.buf:
            if timeout is not None:
                ready, _, _ = select.select([0], [], [], timeout)
                if not ready:
                    return None
            chunk = os.read(0, 4096)
            if not chunk:
                return ""
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode("utf-8", "replace") + "\n"


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "good"
    arg = sys.argv[2] if len(sys.argv) > 2 else "."
    moves = []
    white = True
    searches = 0
    # Only into a folder given: never into the directory the tests run in.
    if len(sys.argv) > 2 and arg not in ("", ".") and os.path.isdir(arg):
        with open(os.path.join(arg, "pid"), "w") as f:
            f.write(str(os.getpid()))
    lines = Lines()
    while True:
        line = lines.next()
        if line == "":
            return
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            if mode == "slow-start":
                time.sleep(0.5)
            say("id name Fake Engine 1")
            say("option name Skill Level type spin default 20 min 0 max 20")
            if mode == "log":
                say("option name UCI_Chess960 type check default false")
            say("uciok")
            if mode == "exit-after-uci":
                sys.exit(0)
        elif words[0] == "isready":
            say("readyok")
        elif words[0] == "setoption" and mode == "log":
            with open(os.path.join(arg, "options"), "a") as f:
                f.write(line.strip() + "\n")
        elif words[0] == "position":
            moves = words[words.index("moves") + 1:] if "moves" in words else []
            if len(words) > 3 and words[1] == "fen":
                white = words[3] == "w"
            else:
                white = len(moves) % 2 == 0
        elif words[0] == "go":
            searches += 1
            if mode == "crash-after" and searches > int(arg):
                sys.exit(3)
            helping = mode.startswith("help-crash") and white
            if helping and (mode == "help-crash" or first_time(arg)):
                while mode == "help-crash-told" and not os.path.exists(
                    os.path.join(arg, "crash")
                ):
                    time.sleep(0.01)
                sys.exit(3)
            if mode == "hang-once" and first_time(arg):
                while True:
                    time.sleep(1)
            if mode == "illegal-once" and first_time(arg):
                say("bestmove a1a8")
                continue
            if mode == "garbage-once" and first_time(arg):
                say("\x00\x01 hello \xff")
                say("bestmove banana")
                continue
            if mode == "flood-once" and first_time(arg):
                try:
                    while True:
                        say("info string flooding " + "x" * 100)
                except BrokenPipeError:
                    sys.exit(0)
            if mode == "slow" or (mode == "slow-after-first" and searches > 1):
                end = time.time() + 5
                while time.time() < end:
                    heard = lines.next(max(0.0, end - time.time()))
                    if heard is None or heard == "":
                        break
                    if heard.split()[:1] == ["stop"]:
                        open(os.path.join(arg, "stopped"), "w").close()
                        break
            reply = REPLIES[min(len(moves) // 2, len(REPLIES) - 1)]
            if helping:
                reply = WHITE[min(len(moves) // 2, len(WHITE) - 1)]
            if mode == "mate":
                say("info depth 1 score mate 1 pv " + reply)
            elif mode != "no-score":
                say("info depth 1 score cp -20 pv " + reply)
            say("bestmove " + reply)
        elif words[0] == "quit":
            return


main()
