import { AsyncResource } from "node:async_hooks";
import type { NextFunction, Request, Response } from "express";

// At most `limit` page requests inside React Router at once per process; the
// others wait their turn, first come first served.
//
// Why: a page is mostly CPU (loaders on synchronous SQLite, then React), and
// React yields between its steps, so 50 pages started together all progress a
// little at a time: each takes as long as all of them, memory and garbage
// collection grow with the crowd, and the unlucky ones waited seconds (p99 of
// 5 s for an average of 0.6 s). Taking pages in order keeps every wait close
// to the average. A few run at once, not one, so a page that waits on
// something (an image being converted) does not hold up the others.
//
// Only GET and HEAD: a post may stream an upload from a slow phone for a
// minute. A request leaves the gate when its answer's head is written (the
// page is rendered by then); a visitor who gave up while waiting is skipped.
export type RenderGate = ReturnType<typeof renderGate>;

export function renderGate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  function acquire(enter: () => void) {
    if (running < limit) {
      running++;
      enter();
    } else {
      // Let in later by whichever request leaves: it must go on in its own
      // async context (its request id in the log), not in the leaver's.
      waiting.push(AsyncResource.bind(enter));
    }
  }

  function release() {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  // For the page cache's own renders: other requests may be waiting on this
  // one, so it runs even if its own visitor left.
  function run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      acquire(() => {
        work().then(resolve, reject).finally(release);
      });
    });
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let released = false;
    const done = () => {
      if (released) return;
      released = true;
      release();
    };
    acquire(() => {
      if (res.destroyed || res.writableEnded) return done();
      const writeHead = res.writeHead;
      res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
        done();
        return writeHead.apply(this, args);
      } as Response["writeHead"];
      res.once("close", done);
      next();
    });
  }

  return { run, middleware };
}
