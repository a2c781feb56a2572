"""Runs a command under a pseudo-terminal (its stdin, stdout and stderr are the terminal, as when a person runs it),
types an answer once the command asks ("Enter a value:"), and prints {"output": ..., "code": ...} as JSON.

Usage: run-in-pty.py ANSWER -- COMMAND [ARG...]. ANSWER is typed followed by Enter; "-" types nothing (a command
that must not ask); "^D" ends the input instead. Nothing here waits on a clock: it reads what the command prints
until the terminal closes, then waits for the command's exit.
"""
import json
import os
import pty
import sys


def main() -> None:
    answer = sys.argv[1]
    command = sys.argv[sys.argv.index("--") + 1 :]
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(command[0], command)
    output = b""
    typed = answer == "-"
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the command exited and the terminal closed
            break
        if not chunk:
            break
        output += chunk
        if not typed and b"Enter a value:" in output:
            os.write(fd, b"\x04" if answer == "^D" else (answer + "\n").encode())
            typed = True
    _, status = os.waitpid(pid, 0)
    print(json.dumps({"output": output.decode("utf-8", "replace"), "code": os.waitstatus_to_exitcode(status)}))


main()
