/**
 * Everything that loads Ink, behind one dynamic import. Ink takes about a third of a second to
 * load, so a command starts loading it while it scans files and waits for the site
 * (`const views = loadViews()` … `await views` when it first prints), and --json output, which
 * needs no Ink at all, never loads it.
 */
export { Box, Newline } from 'ink';
export { Text } from '../../components/text.js';
export { Confirm } from '../../components/confirm.js';
export { DiffView } from '../../components/diff-view.js';
export { PushConfirm } from '../../components/push-confirm.js';
export { PushProgress } from '../../components/push-progress.js';
export { LoginForm } from '../../components/login-form.js';
export { Progress } from '../../components/progress.js';
export { PublicWarnings } from '../../components/public-warnings.js';
export { SyncPlan } from '../../components/sync-plan.js';
export { ReleaseTable } from '../../components/release-table.js';
export { RollbackPlan } from '../../components/rollback-plan.js';
export { PromotePlan } from '../../components/promote-plan.js';
export { RouteTable } from '../../components/route-table.js';
export { ask, live, print, type LiveView } from './ui.js';
export { browseRoutes } from './browse-routes.js';
export { askConfirm } from './ask-confirm.js';
