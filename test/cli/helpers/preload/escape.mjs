/**
 * Loaded into a run of the packed svc (NODE_OPTIONS=--import): a failure outside any promise
 * chain a command awaits, as $SVC_TEST_ESCAPE says: `rejection` (a promise nobody awaits rejects),
 * `exception` (a callback throws), or `svc-error` (a rejection with an error shaped like the
 * command's SvcError, whose class is the command bundle's own), once the command is under way.
 */
setTimeout(() => {
  const kind = process.env.SVC_TEST_ESCAPE;
  if (kind === 'svc-error') {
    const error = Object.assign(new Error('The site refused the request (403).'), { name: 'SvcError', exitCode: 1, code: 'forbidden', status: 403, hint: 'Log in as an administrator.' });
    void Promise.reject(error);
    return;
  }
  const error = new Error('injected: nobody awaited this');
  if (kind === 'rejection') void Promise.reject(error);
  else throw error;
}, Number(process.env.SVC_TEST_ESCAPE_AFTER_MS ?? '0'));
