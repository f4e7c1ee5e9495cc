"""One worker asking for reset links, for tests/reliability/test_reset_asks.py: run as
`python -m tests.reliability.asking KEY ASKS` with the project's settings in its
environment. It says `ready` once Django is set up; then at each `go` line on its standard
input it counts ASKS asks for KEY through the reset limit's own counter and prints, as one
line of JSON, the count each ask was given and when it began and ended (the machine's
monotonic clock, which every process reads alike); `end` stops it."""

import json
import sys
import time

import django


def main() -> None:
    key, asks = sys.argv[1], int(sys.argv[2])
    django.setup()
    from games.views import recovery

    recovery.asked(f"{key}:warm")  # its connection opened before the first go, not after
    print("ready", flush=True)
    for line in sys.stdin:
        if line.strip() != "go":
            break
        began = time.monotonic()
        counts = [recovery.asked(key)[0] for _ in range(asks)]
        print(json.dumps({"counts": counts, "began": began, "ended": time.monotonic()}), flush=True)


if __name__ == "__main__":
    main()
