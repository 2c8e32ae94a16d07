/**
 * A reverse proxy in front of a test site that records every request (method, REST route, body
 * size) and, like nginx with its default `client_max_body_size 1m`, answers 413 to a larger body
 * before the site sees it. The CLI talks to the proxy's URL, so tests can count what it sends and
 * prove that no request would have been refused by a web server. `respond` answers a request
 * itself (e.g. as a site whose plugin lacks a route).
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  readonly method: string;
  /** The REST route, e.g. `/svc/v1/api-blobs`, from /wp-json/… or ?rest_route=…; else the path. */
  readonly route: string;
  /** Bytes of the request body. */
  readonly bytes: number;
  /** The status the client got. */
  status: number;
}

export interface Canned {
  readonly status: number;
  readonly json: unknown;
}

export interface CountingProxy {
  readonly url: string;
  readonly requests: ProxiedRequest[];
  /** Requests that are not GET (the ones that could change the site). */
  writes(): string[];
  respond: ((request: ProxiedRequest) => Canned | undefined) | undefined;
  stop(): Promise<void>;
}

/** nginx's default client_max_body_size. */
export const NGINX_BODY_LIMIT = 1024 * 1024;

function routeOf(url: URL): string {
  if (url.pathname.startsWith('/wp-json')) return url.pathname.slice('/wp-json'.length) || '/';
  return url.searchParams.get('rest_route') ?? url.pathname;
}

export async function startCountingProxy(target: string, bodyLimit = NGINX_BODY_LIMIT): Promise<CountingProxy> {
  const upstream = new URL(target);
  const requests: ProxiedRequest[] = [];
  const proxy: CountingProxy = {
    url: '',
    requests,
    writes: () => requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.route}`),
    respond: undefined,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((incoming, outgoing) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const seen: ProxiedRequest = {
        method: incoming.method ?? 'GET',
        route: routeOf(new URL(incoming.url ?? '/', 'http://proxy')),
        bytes: body.length,
        status: 0,
      };
      requests.push(seen);
      if (body.length > bodyLimit) {
        seen.status = 413;
        outgoing.writeHead(413, { 'content-type': 'text/html' });
        outgoing.end('<html><head><title>413 Request Entity Too Large</title></head><body><center><h1>413 Request Entity Too Large</h1></center><hr><center>nginx</center></body></html>');
        return;
      }
      const canned = proxy.respond?.(seen);
      if (canned !== undefined) {
        seen.status = canned.status;
        outgoing.writeHead(canned.status, { 'content-type': 'application/json; charset=UTF-8' });
        outgoing.end(JSON.stringify(canned.json));
        return;
      }
      const forwarded = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: upstream.host, 'content-length': String(body.length) },
        },
        (answer: IncomingMessage) => {
          seen.status = answer.statusCode ?? 0;
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', (error) => {
        seen.status = 502;
        outgoing.writeHead(502, { 'content-type': 'text/plain' });
        outgoing.end(String(error));
      });
      forwarded.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(proxy, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}
