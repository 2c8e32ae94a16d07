/**
 * The browsable route table as an app that ends when the person leaves it. Here, behind views.ts,
 * so that `svc api list` itself holds no JSX and its --json path loads no React.
 */
import { RouteTable, type RouteRow } from '../../components/route-table.js';
import type { Io } from './io.js';
import { ask } from './ui.js';

export function browseRoutes(io: Io, routes: readonly RouteRow[], site: string): Promise<void> {
	return ask<void>(io, (done) => <RouteTable routes={routes} site={site} onQuit={() => done()} />);
}
