// The part of autocannon's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  /** One request of a sequence each connection cycles through. */
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each send of this request: returns the request to send (a fresh body, newly signed). */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    /** Called with each answer to this request. */
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    requests?: Request[];
  }
  interface Result {
    requests: { average: number; total: number };
    /** Seconds the load actually ran. */
    duration: number;
    latency: { p99: number };
    non2xx: number;
    errors: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
