/**
 * Prints the closing line CI reads: `N passed, N failed`. A suite that crashed before
 * running its tests (syntax error, failing beforeAll) counts as one failure.
 *
 * It also guards against a run that never ends: when something a test started (a
 * server, socket, child process, timer) still keeps Node alive `graceMs` after the run
 * completed, it names what is left and exits with status 1 instead of hanging.
 */
class CountReporter {
  /**
   * Keeps the options and what is open before any test runs.
   *
   * @param {unknown} _globalConfig - Unused.
   * @param {{ graceMs?: number }} [options] - How long the run may take to wind down.
   */
  constructor(_globalConfig, options = {}) {
    this.graceMs = options.graceMs ?? 10_000;
    // Jest's own (stdout and stderr pipes or terminals) are not the tests' doing.
    this.baseline = process.getActiveResourcesInfo();
  }

  /**
   * Called by Jest once every suite has finished.
   *
   * @param {unknown} _contexts - Unused.
   * @param {import('@jest/reporters').AggregatedResult} results - The run's totals.
   */
  onRunComplete(_contexts, results) {
    const crashed = results.testResults.filter(
      (suite) =>
        suite.testExecError ||
        (suite.failureMessage && suite.numFailingTests === 0),
    ).length;
    const failed = results.numFailedTests + crashed;
    process.stdout.write(
      `\n${results.numPassedTests} passed, ${failed} failed\n`,
    );
    // Unref'd: it fires only if something else keeps the process alive that long.
    setTimeout(
      () => failOnOpenHandles(this.graceMs, this.baseline),
      this.graceMs,
    ).unref();
  }
}

/**
 * Counts the resources beyond a baseline by type, e.g. `TCPServerWrap ×2`.
 *
 * @param {string[]} types - `process.getActiveResourcesInfo()` now.
 * @param {string[]} baseline - The same when the run started.
 * @returns {string} The summary.
 */
function describeResources(types, baseline) {
  const counts = new Map();
  for (const type of types) {
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  for (const type of baseline) {
    counts.set(type, (counts.get(type) ?? 0) - 1);
  }
  return [...counts]
    .filter(([, count]) => count > 0)
    .map(([type, count]) => `${type} ×${count}`)
    .join(', ');
}

/**
 * Reports what keeps the finished run alive and ends it with status 1.
 *
 * @param {number} graceMs - How long the run has been over.
 * @param {string[]} baseline - The resources when the run started.
 */
function failOnOpenHandles(graceMs, baseline) {
  const left = describeResources(process.getActiveResourcesInfo(), baseline);
  process.stderr.write(
    `\nThe test run ended ${graceMs} ms ago but these handles keep it alive: ` +
      `${left || 'none listed'}. A test or setup did not close a server, socket, ` +
      `child process or timer it started; failing the run instead of hanging.\n`,
  );
  // Exiting is the point: the handles would keep the process alive for ever.
  // eslint-disable-next-line n/no-process-exit
  process.exit(1);
}

module.exports = CountReporter;
