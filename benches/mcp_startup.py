#!/usr/bin/env python3
"""Time from spawn to the answer of the first request, and peak memory, for MCP servers on stdio.

Each run starts the server with pipes for stdin and stdout, writes one request as soon as the
process exists, and stops the clock when the first line of its answer arrives; then it reads the
server's peak resident set size (`VmHWM` in `/proc/<pid>/status`), closes stdin and reaps it. Two openings are
measured: `initialize` (the handshake of the revisions before 2026-07-28) and `server/discover`
(2026-07-28), each answered by whichever the server speaks; an error answer counts as an answer
only in the `answered` column.

Usage: python3 benches/mcp_startup.py [RUNS] -- NAME COMMAND... [-- NAME COMMAND...]
e.g.   python3 benches/mcp_startup.py 20 -- pi-agent-ask target/release/pi-agent-ask mcp \\
           -- mcp-feedback-enhanced /tmp/feedback-venv/bin/mcp-feedback-enhanced server
"""

import json
import os
import platform
import select
import statistics
import subprocess
import sys
import time

INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-11-25", "capabilities": {},
    "clientInfo": {"name": "bench", "version": "1"}}}
DISCOVER = {"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": {"name": "bench", "version": "1"}}}}
TIMEOUT = 30.0


def peak_rss_kib(pid: int) -> int:
    """The process's peak resident set size since its exec (`VmHWM`), so the memory of the
    Python process it was forked from is not counted (as `wait4`'s `ru_maxrss` would)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def one_run(command: list[str], request: dict) -> tuple[float, int, bool]:
    """Seconds to the first answer line, peak RSS in KiB, and whether it was a result."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, bufsize=0)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write((json.dumps(request) + "\n").encode())
    received = b""
    deadline = start + TIMEOUT
    reader = process.stdout.fileno()
    while b"\n" not in received:
        ready, _, _ = select.select([reader], [], [], max(0.0, deadline - time.perf_counter()))
        if not ready:
            break
        chunk = os.read(reader, 65536)
        if not chunk:
            break
        received += chunk
    elapsed = time.perf_counter() - start
    peak = peak_rss_kib(process.pid)
    process.stdin.close()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    process.stdout.close()
    try:
        answer = json.loads(received.split(b"\n", 1)[0] or b"{}")
    except ValueError:
        answer = {}
    return elapsed, peak, "result" in answer


def main() -> None:
    args = sys.argv[1:]
    runs = int(args.pop(0)) if args and args[0] != "--" else 20
    servers: list[tuple[str, list[str]]] = []
    for word in args:
        if word == "--":
            servers.append(("", []))
        elif servers and not servers[-1][0]:
            servers[-1] = (word, [])
        elif servers:
            servers[-1][1].append(word)
    print(f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
          f"{runs} runs each after one warm-up run")
    print("| server | request | median to answer | slowest | peak RSS (max) | answered |")
    print("|---|---|---|---|---|---|")
    for name, command in servers:
        for label, request in (("initialize", INITIALIZE), ("server/discover", DISCOVER)):
            one_run(command, request)
            results = [one_run(command, request) for _ in range(runs)]
            times = [elapsed * 1000 for elapsed, _, _ in results]
            peak = max(rss for _, rss, _ in results) / 1024
            answered = sum(1 for _, _, ok in results if ok)
            print(f"| {name} | `{label}` | {statistics.median(times):.1f} ms | "
                  f"{max(times):.1f} ms | {peak:.1f} MiB | {answered}/{runs} |")


if __name__ == "__main__":
    main()
