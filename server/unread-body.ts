import type { RequestHandler } from "express";

// A post answered without its body being read (the admin guard's redirect
// for a visitor who is not signed in, an action that refuses before it
// parses) leaves the rest of the body in the connection. React Router's
// adapter has already attached the request to a web stream nobody reads, so
// Node never discards it, and the next request on that keep-alive connection
// was never parsed: the browser saw a reset. Once the answer is sent, what is
// left is read and dropped, up to DRAIN_LIMIT; past that the connection is
// closed instead of reading a large upload nobody wants.
const DRAIN_LIMIT = 1024 * 1024;

export const discardUnreadBody: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  res.on("finish", () => {
    if (req.complete || req.destroyed) return;
    let dropped = 0;
    // Stop feeding the web stream of a request that is over.
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > DRAIN_LIMIT) req.socket.destroy();
    });
    req.resume();
  });
  next();
};
