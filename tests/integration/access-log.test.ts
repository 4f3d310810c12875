import net from "node:net";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { handleError } from "#app/entry.server";
import { log, noteRequestRole } from "#app/utils/log.server";
import { captureLog } from "#tests/fixtures/log";
import { sendRaw } from "#tests/fixtures/raw-http";
import { accessLog } from "../../server/access-log";
import { renderGate } from "../../server/render-gate";
import { requestPipeline } from "../../server/request-pipeline";

// server.ts's chain (access log, request rules, the render gate) in front of a
// stub app: every answer carries X-Request-Id, every request leaves one JSON
// access line with that id, and whatever is logged while it is answered
// (React Router's handleError included) carries the same id.

const captured = captureLog();
let base = "";
let server: ReturnType<express.Express["listen"]>;

beforeAll(async () => {
  const app = express();
  app.use(accessLog());
  app.use(requestPipeline({ appUrl: new URL("http://127.0.0.1"), rateLimit: false }));
  // One page at a time, so the second request is let in by the first's answer.
  app.use(renderGate(1).middleware);
  app.get("/slow", async (_req, res) => {
    await new Promise((resolve) => setTimeout(resolve, 60));
    log.info("test.inside");
    res.send("slow");
  });
  app.get("/cached", (_req, res) => {
    res.setHeader("X-Page-Cache", "hit");
    res.send("page");
  });
  app.get("/admin/dashboard", async (_req, res) => {
    await Promise.resolve();
    noteRequestRole("admin");
    res.send("painel");
  });
  app.get("/hang", () => {
    // never answers: the visitor gives up
  });
  app.get("/fail", async (req, res) => {
    // What React Router does with a loader's error: handleError, then a 500.
    const request = new Request(`http://127.0.0.1${req.originalUrl}`);
    handleError(new Error("boom in a loader"), { request, params: {}, context: undefined as never });
    res.status(500).send("Erro");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => captured.clear());
afterAll(() => {
  server.close();
  captured.restore();
});

// The access line of a request id (written when its answer ends).
async function accessLine(requestId: string) {
  for (let i = 0; i < 50; i++) {
    const line = captured.events("http.request").find((l) => l.requestId === requestId);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no access line for ${requestId}`);
}

describe("the access log", () => {
  it("gives each request its own id and one JSON line on stdout with the same id", async () => {
    const res = await sendRaw(base, { path: "/cached?cidade=Tr%C3%AAs%20Lagoas&email=ana%40exemplo.com" });
    expect(res.status).toBe(200);
    const id = String(res.headers["x-request-id"]);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = await accessLine(id);
    expect(line).toMatchObject({
      stream: "stdout",
      level: "info",
      event: "http.request",
      method: "GET",
      path: "/cached?cidade=&email=",
      status: 200,
      cache: "hit",
      role: "anonymous",
    });
    expect(typeof line.ms).toBe("number");
    expect(captured.text()).not.toContain("exemplo");
    expect(captured.events("http.request")).toHaveLength(1);

    const other = await sendRaw(base, { path: "/cached" });
    expect(other.headers["x-request-id"]).not.toBe(id);
  });

  it("ignores an X-Request-Id sent by the client", async () => {
    const res = await sendRaw(base, { path: "/cached", headers: { "X-Request-Id": "chosen-by-a-stranger" } });
    expect(res.headers["x-request-id"]).not.toBe("chosen-by-a-stranger");
    await accessLine(String(res.headers["x-request-id"]));
    expect(captured.text()).not.toContain("chosen-by-a-stranger");
  });

  it("logs a refusal of the request rules and its access line under the same id", async () => {
    const res = await sendRaw(base, { method: "DELETE", path: "/imoveis?id=7" });
    expect(res.status).toBe(405);
    const id = String(res.headers["x-request-id"]);
    expect(await accessLine(id)).toMatchObject({ method: "DELETE", path: "/imoveis?id=", status: 405, cache: null });
    expect(captured.events("request.refused")).toEqual([
      expect.objectContaining({ requestId: id, status: 405, level: "warn", stream: "stderr" }),
    ]);
  });

  it("writes the role of the session the request read, never who it is", async () => {
    const res = await sendRaw(base, { path: "/admin/dashboard" });
    expect(await accessLine(String(res.headers["x-request-id"]))).toMatchObject({ role: "admin", status: 200 });
  });

  it("ties a 500 to its request: the error line and the access line share the id", async () => {
    const res = await sendRaw(base, { path: "/fail" });
    expect(res.status).toBe(500);
    const id = String(res.headers["x-request-id"]);
    expect(await accessLine(id)).toMatchObject({ status: 500 });
    const [failure] = captured.events("request.failed");
    expect(failure).toMatchObject({
      requestId: id,
      level: "error",
      error: { name: "Error", message: "boom in a loader" },
    });
    expect((failure.error as { stack: string }).stack).toContain("access-log.test.ts");
  });

  it("keeps each request's id across the render gate's queue", async () => {
    const [first, second] = await Promise.all([sendRaw(base, { path: "/slow" }), sendRaw(base, { path: "/slow" })]);
    const ids = [first, second].map((r) => String(r.headers["x-request-id"]));
    await Promise.all(ids.map(accessLine));
    // The second was let in by the first's answer, in the first's async
    // context: it must still log under its own id.
    expect(
      captured
        .events("test.inside")
        .map((l) => l.requestId)
        .sort(),
    ).toEqual([...ids].sort());
  });

  it("writes the line of a visitor who left before the answer", async () => {
    const port = (server.address() as AddressInfo).port;
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("GET /hang?q=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    for (let i = 0; i < 50 && captured.events("http.request").length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(captured.events("http.request")).toEqual([
      expect.objectContaining({ path: "/hang?q=", status: null, aborted: true }),
    ]);
  });
});
