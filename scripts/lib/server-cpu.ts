import { execSync } from "node:child_process";
import fs from "node:fs";

// CPU time (user + system, ms) spent so far by the server: its primary
// process and the workers it forked (Linux /proc; clock ticks of 10 ms).
export function serverCpuMs(pid: number): number {
  const pids = [pid, ...execSync(`ps -o pid= --ppid ${pid}`).toString().split(/\s+/).filter(Boolean).map(Number)];
  let ticks = 0;
  for (const p of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // a worker that just ended
    }
  }
  return ticks * 10;
}
