// A vitest setup file: in every test process, `fetch` opens a connection per request and asks the server to close
// it (`connection: close`) instead of keeping it for the next one (D626). A test process hosts the servers it
// starts on its own event loop; on a loaded machine that loop can stall for seconds, after which undici may send
// the next request on a kept connection the server has just timed out and closed, and the test fails with
// ECONNRESET for nothing it tests. Loopback connections cost little; tests that measure reuse pass their own
// dispatcher.
import { Agent, setGlobalDispatcher } from "undici";

setGlobalDispatcher(new Agent({ pipelining: 0 }));
