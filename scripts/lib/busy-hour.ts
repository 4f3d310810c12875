// People signed in at a busy hour (issue 24): each of `people` has a
// connection of their own and asks for a page, reads it for a random time
// (exponential, `thinkMs` on average) and asks again. Unlike autocannon's
// paced mode, whose connections all fire at the same instants (20 requests at
// once every 500 ms, a queue of 20 renders each time), people do not click
// in step. A request's latency runs from sending it to the last byte of the
// answer.
import http from "node:http";
import { percentile } from "./mixed-load";

export type BusyHourResult = {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  // Every answered request's latency (ms), for pooling several runs.
  latencies: number[];
};

export async function busyHour(options: {
  url: string;
  cookie: string;
  people: number;
  thinkMs: number;
  seconds: number;
}): Promise<BusyHourResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + options.seconds * 1000;
  const think = () => new Promise((resolve) => setTimeout(resolve, -Math.log(1 - Math.random()) * options.thinkMs));

  async function person() {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await think();
    while (Date.now() < end) {
      const started = performance.now();
      const status = await get(options.url, options.cookie, agent).catch(() => 0);
      if (status === 200) latencies.push(performance.now() - started);
      else errors++;
      await think();
    }
    agent.destroy();
  }

  await Promise.all(Array.from({ length: options.people }, person));
  return {
    requests: latencies.length,
    perSecond: latencies.length / options.seconds,
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    errors,
    latencies,
  };
}

function get(url: string, cookie: string, agent: http.Agent) {
  return new Promise<number>((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}
