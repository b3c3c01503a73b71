// The few parts of autocannon the ticket benchmark uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: 'GET' | 'POST';
      connections?: number;
      duration?: number;
      headers?: Record<string, string>;
      body?: string;
      /** Each request may be rewritten before it is sent (a different body each time). */
      requests?: Array<{ setupRequest?: (request: Request) => Request }>;
    }
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }
    interface Result {
      non2xx: number;
      errors: number;
      requests: { average: number };
      latency: { p50: number; p99: number };
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
