import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Request } from "autocannon";
import { afterAll, expect, it } from "vitest";
import { pacedLoad } from "./paced-load.ts";

// A real server on a loopback port: each request's arrival time and body, the most answered at once, and a status
// chosen by the path.
const arrivals: number[] = [];
const bodies: string[] = [];
let open = 0;
let mostOpen = 0;
const server = createServer((request, response) => {
  arrivals.push(performance.now());
  open += 1;
  mostOpen = Math.max(mostOpen, open);
  let body = "";
  request.setEncoding("utf8");
  request.on("data", (chunk: string) => {
    body += chunk;
  });
  request.on("end", () => {
    bodies.push(body);
    setTimeout(() => {
      open -= 1;
      response.statusCode = request.url === "/fail" ? 500 : 200;
      response.end(`answer to ${body}`);
    }, 5);
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function reset(): void {
  arrivals.length = 0;
  bodies.length = 0;
  mostOpen = 0;
}

it("spreads the requests over the second instead of sending them all when it starts (D631)", async () => {
  reset();
  const answers: string[] = [];
  let sent = 0;
  const requests: Request[] = [
    {
      method: "POST",
      path: "/ok",
      setupRequest: (request) => {
        sent += 1;
        return { ...request, body: `request ${sent}` };
      },
      onResponse: (status, body) => answers.push(`${status} ${body}`),
    },
  ];
  const start = performance.now();
  const result = await pacedLoad({ url, requests, connections: 50, duration: 1, rate: 200 });

  expect(result).toMatchObject({ total: 200, non2xx: 0, errors: 0 });
  expect(new Set(bodies).size).toBe(200);
  expect(answers).toContain("200 answer to request 1");
  // Each tenth of the second got its share, give or take a stall of the machine: no tenth took half of them, as
  // autocannon's rate limit sends a second's requests at its start.
  const tenths = new Map<number, number>();
  for (const at of arrivals)
    tenths.set(Math.floor((at - start) / 100), (tenths.get(Math.floor((at - start) / 100)) ?? 0) + 1);
  expect(Math.max(...tenths.values())).toBeLessThan(100);
  expect(tenths.size).toBeGreaterThanOrEqual(5);
});

it("keeps at most its connections busy when more requests are due than they can take", async () => {
  reset();
  const requests: Request[] = [{ method: "GET", path: "/ok" }];
  const result = await pacedLoad({ url, requests, connections: 3, duration: 0.1, rate: 1000 });
  expect(result).toMatchObject({ total: 100, non2xx: 0, errors: 0 });
  expect(mostOpen).toBe(3);
});

it("counts answers outside 2xx and refused connections, and refuses a rate of nothing", async () => {
  reset();
  const failing: Request[] = [{ method: "GET", path: "/fail" }];
  expect(await pacedLoad({ url, requests: failing, connections: 2, duration: 0.2, rate: 50 })).toMatchObject({
    total: 10,
    non2xx: 10,
    errors: 0,
  });

  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const refused = await pacedLoad({ url: closedUrl, requests: failing, connections: 2, duration: 0.1, rate: 30 });
  expect(refused).toMatchObject({ total: 0, errors: 3 });

  await expect(pacedLoad({ url, requests: failing, connections: 2, duration: 1, rate: 0 })).rejects.toThrow(
    /rate must be above 0/,
  );
});
