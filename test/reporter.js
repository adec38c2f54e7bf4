/**
 * Prints the closing line CI reads: `N passed, N failed`. A suite that crashed before
 * running its tests (syntax error, failing beforeAll) counts as one failure.
 */
class CountReporter {
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
  }
}

module.exports = CountReporter;
