/**
 * A reverse proxy that shows a test site the way other hosts do: under a subdirectory
 * (`http://proxy/blog/` → the site's `/`), and/or without pretty permalinks at the web server
 * (Apache without mod_rewrite: `/wp-json/…` is an HTML 404 and only `/?rest_route=` reaches WordPress).
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PathProxy {
  /** The address to give svc, e.g. `http://127.0.0.1:PORT/blog`. */
  readonly url: string;
  readonly paths: string[];
  stop(): Promise<void>;
}

export async function startPathProxy(target: string, options: { prefix?: string; plainPermalinks?: boolean }): Promise<PathProxy> {
  const prefix = options.prefix ?? '';
  const upstream = new URL(target);
  const paths: string[] = [];
  const server: Server = createServer((request, response) => {
    const original = request.url ?? '/';
    paths.push(original);
    const inside = prefix === '' ? original : original.startsWith(`${prefix}/`) || original === prefix ? original.slice(prefix.length) || '/' : undefined;
    if (inside === undefined || (options.plainPermalinks === true && /^\/wp-json(\/|$|\?)/.test(inside))) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
      return;
    }
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: inside, headers: { ...request.headers, host: upstream.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.writeHead(502).end());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    paths,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
