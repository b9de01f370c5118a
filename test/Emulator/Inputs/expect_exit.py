#!/usr/bin/env python3
"""expect_exit.py CODE CMD ARGS...: runs CMD, copies its stdout and stderr to
stdout, and succeeds only if CMD exited with status CODE."""
import subprocess
import sys

code = int(sys.argv[1])
p = subprocess.run(sys.argv[2:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
sys.stdout.write(p.stdout.decode(errors="replace"))
if p.returncode != code:
    print("expect_exit: exit status %d, expected %d" % (p.returncode, code))
    sys.exit(1)
